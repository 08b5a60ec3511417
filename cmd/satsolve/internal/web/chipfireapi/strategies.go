package chipfireapi

import (
	"context"
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"slices"
	"sync"

	"github.com/satsolve/satsolve/cmd/satsolve/internal/web"
	"github.com/satsolve/satsolve/models/chipfire"
)

// Strategies runs: the nine play heuristics of models/chipfire (and the
// fewest moves, by the PB model, as the baseline) over N random games per
// edge density, as satsolve chipfire strategies does, but as a job in the
// background (web.Job): POST starts it and answers 202 with its id, GET
// /api/jobs/{id} reports progress and the rows finished so far, DELETE
// stops it.

// runRequest are the parameters of a run; zero fields take the defaults
// of the command line.
type runRequest struct {
	N         int       `json:"n"`
	Densities []float64 `json:"densities"`
	Games     int       `json:"games"`
	Moves     int       `json:"moves"`
	Seed      uint64    `json:"seed"`
	// Optimal asks for the fewest-moves baseline (default true).
	Optimal *bool `json:"optimal"`
}

// validate fills in the defaults and refuses a run beyond the caps.
func (q *runRequest) validate() error {
	if q.N == 0 {
		q.N = 8
	}
	if q.Densities == nil {
		q.Densities = []float64{0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9}
	}
	if q.Games == 0 {
		q.Games = 20
	}
	if q.Moves == 0 {
		q.Moves = 100
	}
	if q.Seed == 0 {
		q.Seed = 1
	}
	if q.Optimal == nil {
		t := true
		q.Optimal = &t
	}
	switch {
	case q.N < 2 || q.N > maxRunVertices:
		return web.BadRequest("n = %d: runs play games of 2 to %d vertices", q.N, maxRunVertices)
	case len(q.Densities) == 0 || len(q.Densities) > maxRunDensities:
		return web.BadRequest("%d densities: a run takes 1 to %d", len(q.Densities), maxRunDensities)
	case q.Games < 1 || q.Games > maxRunGames:
		return web.BadRequest("games = %d: a run plays 1 to %d games per density", q.Games, maxRunGames)
	case q.Moves < 1 || q.Moves > maxRunMoves:
		return web.BadRequest("moves = %d: the move limit is 1 to %d", q.Moves, maxRunMoves)
	case q.Games*len(q.Densities) > maxRunTotal:
		return web.BadRequest("%d games in all: a run plays at most %d", q.Games*len(q.Densities), maxRunTotal)
	}
	for _, p := range q.Densities {
		if !(p > 0 && p <= 1) {
			return web.BadRequest("density %v: edge probabilities must be in (0, 1]", p)
		}
	}
	return nil
}

// runResult is what a run found, one entry per finished density in every
// slice (the fields of satsolve chipfire strategies --json).
type runResult struct {
	N          int             `json:"n"`
	Games      int             `json:"games"`
	MoveLimit  int             `json:"move_limit"`
	Seed       uint64          `json:"seed"`
	Densities  []float64       `json:"densities"`
	Heuristics []heuristicRows `json:"heuristics"`
	// Optimal is the mean fewest moves over the games of each density
	// (the proved optimum, or the best script found in time); Proven
	// counts the games whose optimum was proved. Absent without the
	// baseline.
	Optimal []float64 `json:"optimal_moves,omitempty"`
	Proven  []int     `json:"optimal_proven,omitempty"`
}

// heuristicRows are one heuristic's results: the fraction of games won
// within the move limit, and the mean moves of the games won (0 if none).
type heuristicRows struct {
	Name    string    `json:"name"`
	Success []float64 `json:"success"`
	Moves   []float64 `json:"moves"`
}

// strategies is the result of one run, published density by density.
type strategies struct {
	mu     sync.Mutex
	result runResult
}

// snapshot returns a copy of the rows finished so far.
func (st *strategies) snapshot() any {
	st.mu.Lock()
	defer st.mu.Unlock()
	r := st.result
	r.Densities = slices.Clone(r.Densities)
	r.Heuristics = slices.Clone(r.Heuristics)
	for i := range r.Heuristics {
		r.Heuristics[i].Success = slices.Clone(r.Heuristics[i].Success)
		r.Heuristics[i].Moves = slices.Clone(r.Heuristics[i].Moves)
	}
	r.Optimal, r.Proven = slices.Clone(r.Optimal), slices.Clone(r.Proven)
	return &r
}

func (s api) strategiesStart(r *http.Request) (any, error) {
	var q runRequest
	if err := s.Decode(r, &q); err != nil {
		return nil, err
	}
	if err := q.validate(); err != nil {
		return nil, err
	}
	st := &strategies{result: runResult{N: q.N, Games: q.Games, MoveLimit: q.Moves, Seed: q.Seed, Densities: []float64{}}}
	for _, h := range chipfire.Heuristics() {
		st.result.Heuristics = append(st.result.Heuristics, heuristicRows{Name: h.String(), Success: []float64{}, Moves: []float64{}})
	}
	return s.StartJob(web.Job{
		Name:    "strategies run",
		Total:   q.Games * len(q.Densities),
		Partial: "the rows above are complete",
		Run:     func(ctx context.Context, step func()) error { return s.run(ctx, st, q, step) },
		Result:  st.snapshot,
	})
}

// run plays every heuristic on every game, density by density, calls
// step after each game and publishes each finished density row.
func (s api) run(ctx context.Context, st *strategies, q runRequest, step func()) error {
	hs := chipfire.Heuristics()
	for di, p := range q.Densities {
		wins := make([]int, len(hs))
		moves := make([]int, len(hs))
		var optSum int64
		proven := 0
		for i := range q.Games {
			if err := ctx.Err(); err != nil {
				return err
			}
			stream := uint64(di)<<32 | uint64(i)
			game, err := chipfire.RandomGame(mrand.NewPCG(q.Seed, stream), q.N, p, -1)
			if err != nil {
				return fmt.Errorf("p = %v: %w", p, err)
			}
			g, d := game.Graph, game.Divisor
			rng := mrand.New(mrand.NewPCG(q.Seed^0x9e3779b97f4a7c15, stream))
			known := int64(0)
			for k, h := range hs {
				res, err := chipfire.Play(g, d, h, q.Moves, rng)
				if err != nil {
					return err
				}
				if !res.Won {
					continue
				}
				if err := g.CheckWin(d, res.Script); err != nil {
					return fmt.Errorf("heuristic %s claims a win: %v", h, err)
				}
				wins[k]++
				moves[k] += res.Moves
				if c := res.Script.Fewest().Moves(); known == 0 || c < known {
					known = c
				}
			}
			if *q.Optimal {
				best, ok, err := s.fewest(ctx, g, d, known)
				if err != nil {
					return fmt.Errorf("p = %v, game %d: %w", p, i+1, err)
				}
				optSum += best
				if ok {
					proven++
				}
			}
			step()
		}
		st.mu.Lock()
		r := &st.result
		r.Densities = append(r.Densities, p)
		for k := range hs {
			h := &r.Heuristics[k]
			h.Success = append(h.Success, float64(wins[k])/float64(q.Games))
			mean := 0.0
			if wins[k] > 0 {
				mean = float64(moves[k]) / float64(wins[k])
			}
			h.Moves = append(h.Moves, mean)
		}
		if *q.Optimal {
			r.Optimal = append(r.Optimal, float64(optSum)/float64(q.Games))
			r.Proven = append(r.Proven, proven)
		}
		st.mu.Unlock()
	}
	return nil
}

// fewest returns the fewest moves of a game by the PB model within the
// solve timeout, capped by the best heuristic's (or Dhar's) script, and
// whether it was proved optimal. A game the model cannot finish in time
// counts with the best script known.
func (s api) fewest(ctx context.Context, g *chipfire.Graph, d chipfire.Divisor, known int64) (int64, bool, error) {
	script, _, err := chipfire.Winnable(ctx, g, d)
	if err != nil {
		return 0, false, err
	}
	if script == nil {
		return 0, false, fmt.Errorf("internal error: a random game of degree g is unwinnable")
	}
	if c := script.Fewest().Moves(); known == 0 || c < known {
		known = c
	}
	if known == 0 || d.Effective() {
		return 0, true, nil
	}
	gctx, cancel := context.WithTimeout(ctx, s.opts.SolveTimeout)
	defer cancel()
	solver := s.opts.NewSolver()
	o := movesOptions(solver, known)
	res, err := chipfire.MinMoves(gctx, g, d, solver, o)
	switch {
	case err == nil && res.Optimal:
		return res.Moves, true, nil
	case ctx.Err() != nil:
		return 0, false, ctx.Err()
	case gctx.Err() != nil:
		if res.Script != nil && res.Moves < known {
			return res.Moves, false, nil
		}
		return known, false, nil
	case err != nil:
		return 0, false, err
	}
	return res.Moves, false, nil
}
