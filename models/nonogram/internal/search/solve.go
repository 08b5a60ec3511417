package search

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/board"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
)

// ErrBudget stops a native search whose work budget ran out.
var ErrBudget = errors.New("native work budget exhausted")

// Solve is the native solver (solve.Native without the learning search) with a work budget: with work > 0, the
// search calls pause once it has run the line solver (or found its answer
// in the line cache) more than work times, and then whenever the budget
// pause returns runs out; it stops with ErrBudget when pause is nil or
// returns 0 (see Search.pause).
func Solve(ctx context.Context, p *nonogram.Puzzle, o nonogram.Options, work int64, pause func(*Search) int64) (res *nonogram.Result, err error) {
	start := time.Now()
	res = &nonogram.Result{}
	defer func() { res.Stats.Search = time.Since(start) }()
	b := board.New(p)
	defer b.Release()
	ok := b.Propagate()
	res.Stats.LineSolves += b.LineSolves
	b.LineSolves = 0
	if !ok {
		res.Exhausted = true
		if o.Hint != nil {
			if err := CheckHint(p, o); err != nil {
				return res, err
			}
			return res, fmt.Errorf("%w: line solving refutes the hint, which satisfies the clues", nonogram.ErrBadSolution)
		}
		return res, nil
	}
	res.LineSolved = b.Complete()
	res.Stats.Known = b.Known()
	if err := Seed(ctx, p, o, res); err != nil {
		return res, err
	}
	if len(res.Solutions) >= o.Wanted() {
		res.Exhausted = res.LineSolved // line solving leaves one solution
		return res, nil
	}
	if res.LineSolved {
		// Line solving leaves one solution: no search (nor its memory).
		g := b.Grid()
		if err := nonogram.Check(p, g); err != nil {
			return res, fmt.Errorf("%w: line solver: %v", nonogram.ErrBadSolution, err)
		}
		if len(res.Solutions) > 0 && !res.Solutions[0].Equal(g) {
			return res, fmt.Errorf("%w: line solving found a solution other than the hint, which satisfies the clues", nonogram.ErrBadSolution)
		}
		if len(res.Solutions) == 0 {
			res.Solutions = append(res.Solutions, g)
		}
		res.Exhausted = true
		return res, nil
	}
	// The line cache pays off in search, where lines are solved again
	// and again: a puzzle that line solving completes does without it
	// (its memory is then the SAT path's pre-pass).
	b.UseCache(line.CacheBits(b.Cells()))
	s := New(ctx, b, o.Wanted(), !o.NoProbe && p.Width*p.Height <= MaxProbeCells, res.Solutions)
	// Line solving alone leaves one solution: no window can hold another.
	// Each window gets a board of the whole puzzle, too many on large ones.
	s.nearby = len(res.Solutions) == 0 && o.Wanted() > 1 && !res.LineSolved && p.Width*p.Height <= MaxProbeCells
	if work > 0 {
		s.maxWork = b.LineSolves + b.CacheHits + work
		s.pause = pause
	}
	s.run()
	s.pr.Release()
	res.Solutions = s.Known
	res.Stats.LineSolves += b.LineSolves + s.extra.LineSolves
	res.Stats.Probes += s.pr.Probes + s.extra.Probes
	res.Stats.Nodes += s.nodes + s.extra.Nodes
	res.Stats.Fails += s.Fails + s.extra.Fails
	res.Stats.Restarts += s.restarts
	if s.err != nil {
		return res, s.err
	}
	// Stopping at the limit covers everything when line solving alone
	// completed the grid: it has no other solution.
	res.Exhausted = !s.stopped || res.LineSolved
	return res, nil
}

// CheckHint reports a hint that is not a solution.
func CheckHint(p *nonogram.Puzzle, o nonogram.Options) error {
	if o.Hint == nil {
		return nil
	}
	if err := nonogram.Check(p, o.Hint); err != nil {
		return fmt.Errorf("the hint is not a solution: %w", err)
	}
	return nil
}

// Seed records the solutions known before the global search: the hint,
// when there is one, and a solution the neighbourhood search finds around
// it when more than one is wanted and line solving has not completed the
// grid (then it has no other solution: the caller compares the hint with
// it). A hint that breaks the clues is an error.
func Seed(ctx context.Context, p *nonogram.Puzzle, o nonogram.Options, res *nonogram.Result) error {
	if o.Hint == nil {
		return nil
	}
	if err := CheckHint(p, o); err != nil {
		return err
	}
	res.Solutions = append(res.Solutions, o.Hint.Clone())
	res.Hinted = true
	if o.Wanted() < 2 || res.LineSolved {
		return nil
	}
	g, err := nearby(ctx, p, o.Hint, nil, &res.Stats)
	if err != nil {
		return err
	}
	if g != nil {
		if err := nonogram.Check(p, g); err != nil {
			return fmt.Errorf("%w: neighbourhood search: %v", nonogram.ErrBadSolution, err)
		}
		res.Solutions = append(res.Solutions, g)
	}
	return nil
}

// MaxProbeCells is the largest puzzle the native search probes. A round of
// fully probing costs two propagations per unknown cell, each reaching
// lines across the grid, so on large grids it costs more than it saves
// (a 256×256 puzzle whose clues are all "1" is not solved in a minute
// with probing, in a second without); beyond this size the search
// branches on line solving alone, with memory linear in the cells.
const MaxProbeCells = 1 << 14

// ProbeAll fully probes board b, at its fixpoint, as a pre-pass,
// ignoring any solution a probe completes. It returns false on a
// contradiction, with the probes made and the search's error (the
// context's).
func ProbeAll(ctx context.Context, b *board.Board) (ok bool, probes int64, err error) {
	s := New(ctx, b, 1, true, nil)
	s.discard = true
	s.pr.Commit(0)
	ok = s.fullyProbe()
	s.pr.Release()
	return ok, s.pr.Probes, s.err
}
