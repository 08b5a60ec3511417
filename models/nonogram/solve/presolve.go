package solve

import (
	"context"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/board"
	"github.com/satsolve/satsolve/models/nonogram/internal/search"
)

// LineSolve propagates the exact line solver over rows and columns to a
// fixpoint, starting from the given cells. It returns the cells it
// decided (Unknown elsewhere), or nil when the clues contradict each
// other. When the returned grid is complete, it is the puzzle's only
// solution.
func LineSolve(p *nonogram.Puzzle) *nonogram.Grid {
	b := board.New(p)
	if !b.Propagate() {
		return nil
	}
	return b.Grid()
}

// Prepass runs the pre-pass pr alone and returns the cells it decided
// (Unknown elsewhere), or nil when it finds the clues contradictory: the
// known grid SAT would encode, for writing instances.
func Prepass(ctx context.Context, p *nonogram.Puzzle, pr nonogram.Presolve) (*nonogram.Grid, error) {
	return presolve(ctx, p, pr, &nonogram.Result{})
}

// presolve runs the pre-pass pr and fills the presolve statistics of res.
// It returns the known cells, or nil on a contradiction.
func presolve(ctx context.Context, p *nonogram.Puzzle, pr nonogram.Presolve, res *nonogram.Result) (*nonogram.Grid, error) {
	b := board.New(p)
	defer func() { res.Stats.LineSolves += b.LineSolves }()
	if pr == nonogram.PresolveNone {
		g := b.Grid()
		res.Stats.Known = g.Known()
		return g, nil
	}
	if !b.Propagate() {
		return nil, nil
	}
	if b.Complete() {
		res.LineSolved = true
	}
	if pr == nonogram.PresolveProbe && !b.Complete() {
		// Fully probing, ignoring any solution a probe completes.
		ok, probes, err := search.ProbeAll(ctx, b)
		res.Stats.Probes += probes
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, nil
		}
	}
	g := b.Grid()
	res.Stats.Known = g.Known()
	return g, nil
}
