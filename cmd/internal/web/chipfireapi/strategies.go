package chipfireapi

import (
	"context"
	"fmt"
	"net/http"
	"sync"

	"github.com/satsolve/satsolve/cmd/internal/web"
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

// strategies is the result of one run, published density by density.
type strategies struct {
	mu     sync.Mutex
	result *chipfire.SweepTable
}

// snapshot returns a copy of the rows finished so far.
func (st *strategies) snapshot() any {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.result.Clone()
}

func (s api) strategiesStart(r *http.Request) (any, error) {
	var q runRequest
	if err := s.Decode(r, &q); err != nil {
		return nil, err
	}
	if err := q.validate(); err != nil {
		return nil, err
	}
	sw := &chipfire.Sweep{N: q.N, Games: q.Games, Moves: q.Moves, Seed: q.Seed, Densities: q.Densities, Spread: -1}
	if *q.Optimal {
		sw.Fewest = s.fewest
	}
	st := &strategies{result: sw.NewTable()}
	sw.Row = func(t *chipfire.SweepTable) {
		c := t.Clone()
		st.mu.Lock()
		st.result = c
		st.mu.Unlock()
	}
	return s.StartJob(web.Job{
		Name:    "strategies run",
		Total:   q.Games * len(q.Densities),
		Partial: "the rows above are complete",
		Run: func(ctx context.Context, step func()) error {
			sw.Step = step
			_, err := sw.Run(ctx)
			return err
		},
		Result: st.snapshot,
	})
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
