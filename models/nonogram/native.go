package nonogram

import (
	"context"
	"fmt"
	"time"
)

// SolveNative solves p with the native solver (line solving on bit lines,
// fully probing at every search node of puzzles up to maxProbeCells cells,
// branching; search.go), looking for
// up to o.Limit solutions. With a hint (o.Hint), the hint is the first
// solution. When more than one solution is wanted, a solution in hand (the
// hint or the first one found) is followed by the neighbourhood search
// (nearby.go) before the global search goes on. When more than one
// solution is wanted (every line of at most 64 cells), the
// learning search (learn.go) takes turns with the probing search
// (learn_native.go): it proves that no further solution exists where
// probing takes long. On interruption it returns the solutions found so
// far with Exhausted false and ctx's error.
//
// Memory is linear in the puzzle: about 20 bytes per cell without probing
// and about 90 with it (the kept probe results with their line masks,
// their per-position backtrack clocks, the merge scratch and memory),
// besides a line cache (6 KB, or 10 KB with lines of more than 32 cells,
// growing while the search overflows it up to 8 entries per cell and at
// most 1.6 or 2.6 MB)
// allocated only when line solving leaves cells open; the learning search
// adds about 100 bytes per cell and its learned clauses (at most 2,000
// before the first halving, the bound growing by 300 at each);
// TestNativeMemory holds it to that under an address-space limit.
func SolveNative(ctx context.Context, p *Puzzle, o Options) (*Result, error) {
	if useLearning(p, o) {
		return solveLearning(ctx, p, o) // learn_native.go
	}
	return solveNative(ctx, p, o, 0, nil)
}

// solveNative is SolveNative with a work budget: with work > 0, the
// search calls pause once it has run the line solver (or found its answer
// in the line cache) more than work times, and then whenever the budget
// pause returns runs out; it stops with errBudget when pause is nil or
// returns 0 (see nsearch.pause).
func solveNative(ctx context.Context, p *Puzzle, o Options, work int64, pause func(*nsearch) int64) (res *Result, err error) {
	start := time.Now()
	res = &Result{}
	defer func() { res.Stats.Search = time.Since(start) }()
	b := newBBoard(p)
	defer b.release()
	ok := b.propagate()
	res.Stats.LineSolves += b.lineSolves
	b.lineSolves = 0
	if !ok {
		res.Exhausted = true
		if o.Hint != nil {
			if err := checkHint(p, o); err != nil {
				return res, err
			}
			return res, fmt.Errorf("%w: line solving refutes the hint, which satisfies the clues", ErrBadSolution)
		}
		return res, nil
	}
	res.LineSolved = b.complete()
	res.Stats.Known = b.known()
	if err := seed(ctx, p, o, res); err != nil {
		return res, err
	}
	if len(res.Solutions) >= o.limit() {
		res.Exhausted = res.LineSolved // line solving leaves one solution
		return res, nil
	}
	if res.LineSolved {
		// Line solving leaves one solution: no search (nor its memory).
		g := b.grid()
		if err := Check(p, g); err != nil {
			return res, fmt.Errorf("%w: line solver: %v", ErrBadSolution, err)
		}
		if len(res.Solutions) > 0 && !res.Solutions[0].Equal(g) {
			return res, fmt.Errorf("%w: line solving found a solution other than the hint, which satisfies the clues", ErrBadSolution)
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
	b.useCache(cacheBits(b.cells()))
	s := newSearch(ctx, b, o.limit(), !o.NoProbe && p.Width*p.Height <= maxProbeCells, res.Solutions)
	// Line solving alone leaves one solution: no window can hold another.
	// Each window gets a board of the whole puzzle, too many on large ones.
	s.nearby = len(res.Solutions) == 0 && o.limit() > 1 && !res.LineSolved && p.Width*p.Height <= maxProbeCells
	if work > 0 {
		s.maxWork = b.lineSolves + b.cacheHits + work
		s.pause = pause
	}
	s.run()
	s.pr.release()
	res.Solutions = s.known
	res.Stats.LineSolves += b.lineSolves + s.extra.LineSolves
	res.Stats.Probes += s.pr.probes + s.extra.Probes
	res.Stats.Nodes += s.nodes + s.extra.Nodes
	res.Stats.Fails += s.fails + s.extra.Fails
	res.Stats.Restarts += s.restarts
	if s.err != nil {
		return res, s.err
	}
	// Stopping at the limit covers everything when line solving alone
	// completed the grid: it has no other solution.
	res.Exhausted = !s.stopped || res.LineSolved
	return res, nil
}

// checkHint reports a hint that is not a solution.
func checkHint(p *Puzzle, o Options) error {
	if o.Hint == nil {
		return nil
	}
	if err := Check(p, o.Hint); err != nil {
		return fmt.Errorf("the hint is not a solution: %w", err)
	}
	return nil
}

// seed records the solutions known before the global search: the hint,
// when there is one, and a solution the neighbourhood search finds around
// it when more than one is wanted and line solving has not completed the
// grid (then it has no other solution: the caller compares the hint with
// it). A hint that breaks the clues is an error.
func seed(ctx context.Context, p *Puzzle, o Options, res *Result) error {
	if o.Hint == nil {
		return nil
	}
	if err := checkHint(p, o); err != nil {
		return err
	}
	res.Solutions = append(res.Solutions, o.Hint.Clone())
	res.Hinted = true
	if o.limit() < 2 || res.LineSolved {
		return nil
	}
	g, err := nearby(ctx, p, o.Hint, nil, &res.Stats)
	if err != nil {
		return err
	}
	if g != nil {
		if err := Check(p, g); err != nil {
			return fmt.Errorf("%w: neighbourhood search: %v", ErrBadSolution, err)
		}
		res.Solutions = append(res.Solutions, g)
	}
	return nil
}

// maxProbeCells is the largest puzzle the native search probes. A round of
// fully probing costs two propagations per unknown cell, each reaching
// lines across the grid, so on large grids it costs more than it saves
// (a 256×256 puzzle whose clues are all "1" is not solved in a minute
// with probing, in a second without); beyond this size the search
// branches on line solving alone, with memory linear in the cells.
const maxProbeCells = 1 << 14
