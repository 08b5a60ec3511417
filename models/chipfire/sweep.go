package chipfire

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Sweep plays every heuristic on Games random games per density, as the
// dollar-game seed's strategies page did: connected G(N, p) games of
// degree = genus (RandomGame), each heuristic given Moves moves. The games
// and the heuristics' random choices are fixed by Seed, the density's
// index and the game's, so the same sweep gives the same table everywhere
// (the command line and the web server run this one loop).
type Sweep struct {
	N, Games, Moves int
	Seed            uint64
	Densities       []float64
	// Spread is RandomGame's spread of the dollars (-1: its default).
	Spread int64
	// Fewest, when not nil, is the optimal baseline: the fewest moves that
	// win the game, given the fewest of the heuristics' winning scripts
	// (known, 0 if none won), and whether that number was proved optimal.
	// It lives with the caller because it needs a SAT backend.
	Fewest func(ctx context.Context, g *Graph, d Divisor, known int64) (moves int64, proved bool, err error)
	// Step, when not nil, is called after each game.
	Step func()
	// Row, when not nil, is called after each density with the table so
	// far; the table keeps changing after Row returns (Clone it to keep it).
	Row func(*SweepTable)
}

// SweepTable is what a sweep found, one entry per finished density in
// every slice (the JSON of satsolve chipfire strategies --json and of the
// web server's strategies runs).
type SweepTable struct {
	N          int             `json:"n"`
	Games      int             `json:"games"`
	MoveLimit  int             `json:"move_limit"`
	Seed       uint64          `json:"seed"`
	Densities  []float64       `json:"densities"`
	Heuristics []HeuristicRows `json:"heuristics"`
	// Optimal is the mean fewest moves over the games of each density
	// (the proved optimum, or the best script found in time); Proven
	// counts the games whose optimum was proved. Absent without the
	// baseline (Sweep.Fewest nil).
	Optimal []float64 `json:"optimal_moves,omitempty"`
	Proven  []int     `json:"optimal_proven,omitempty"`
	// Stopped, set by the caller, says why a sweep stopped before its
	// last density (the table then holds the densities finished).
	Stopped string `json:"stopped,omitempty"`
}

// HeuristicRows are one heuristic's results: the fraction of games won
// within the move limit, and the mean moves of the games won (0 if none).
type HeuristicRows struct {
	Name    string    `json:"name"`
	Success []float64 `json:"success"`
	Moves   []float64 `json:"moves"`
}

// Clone returns a copy of t that shares no slice with it.
func (t *SweepTable) Clone() *SweepTable {
	c := *t
	c.Densities = slices.Clone(t.Densities)
	c.Heuristics = slices.Clone(t.Heuristics)
	for i := range c.Heuristics {
		c.Heuristics[i].Success = slices.Clone(t.Heuristics[i].Success)
		c.Heuristics[i].Moves = slices.Clone(t.Heuristics[i].Moves)
	}
	c.Optimal, c.Proven = slices.Clone(t.Optimal), slices.Clone(t.Proven)
	return &c
}

// NewTable returns the empty table of the sweep (no density finished).
func (s *Sweep) NewTable() *SweepTable {
	t := &SweepTable{N: s.N, Games: s.Games, MoveLimit: s.Moves, Seed: s.Seed, Densities: []float64{}}
	for _, h := range Heuristics() {
		t.Heuristics = append(t.Heuristics, HeuristicRows{Name: h.String(), Success: []float64{}, Moves: []float64{}})
	}
	return t
}

// Run plays the sweep. Every win a heuristic claims is checked
// (Graph.CheckWin) before it counts. A cancelled ctx ends the sweep with
// its error and the table of the densities finished before (the one Row
// saw last).
func (s *Sweep) Run(ctx context.Context) (*SweepTable, error) {
	hs := Heuristics()
	t := s.NewTable()
	for di, p := range s.Densities {
		wins := make([]int, len(hs))
		moves := make([]int, len(hs))
		var optSum int64
		proven := 0
		for i := range s.Games {
			if err := ctx.Err(); err != nil {
				return t, err
			}
			stream := uint64(di)<<32 | uint64(i)
			game, err := RandomGameContext(ctx, rand.NewPCG(s.Seed, stream), s.N, p, s.Spread)
			if err != nil && ctx.Err() != nil {
				return t, ctx.Err()
			}
			if err != nil {
				return nil, fmt.Errorf("p = %v: %w", p, err)
			}
			g, d := game.Graph, game.Divisor
			rng := rand.New(rand.NewPCG(s.Seed^0x9e3779b97f4a7c15, stream))
			known := int64(0)
			for k, h := range hs {
				res, err := Play(g, d, h, s.Moves, rng)
				if err != nil {
					return nil, err
				}
				if !res.Won {
					continue
				}
				if err := g.CheckWin(d, res.Script); err != nil {
					return nil, fmt.Errorf("heuristic %s claims a win: %v", h, err)
				}
				wins[k]++
				moves[k] += res.Moves
				if c := res.Script.Fewest().Moves(); known == 0 || c < known {
					known = c
				}
			}
			if s.Fewest != nil {
				best, ok, err := s.Fewest(ctx, g, d, known)
				if err != nil && ctx.Err() != nil {
					return t, ctx.Err()
				}
				if err != nil {
					return nil, fmt.Errorf("p = %v, game %d: %w", p, i+1, err)
				}
				optSum += best
				if ok {
					proven++
				}
			}
			if s.Step != nil {
				s.Step()
			}
		}
		t.Densities = append(t.Densities, p)
		for k := range hs {
			h := &t.Heuristics[k]
			h.Success = append(h.Success, float64(wins[k])/float64(s.Games))
			mean := 0.0
			if wins[k] > 0 {
				mean = float64(moves[k]) / float64(wins[k])
			}
			h.Moves = append(h.Moves, mean)
		}
		if s.Fewest != nil {
			t.Optimal = append(t.Optimal, float64(optSum)/float64(s.Games))
			t.Proven = append(t.Proven, proven)
		}
		if s.Row != nil {
			s.Row(t)
		}
	}
	return t, nil
}
