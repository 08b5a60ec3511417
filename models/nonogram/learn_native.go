package nonogram

import (
	"context"
	"errors"
	"slices"
)

// The learning search in SolveNative: when more than one solution is
// wanted (uniqueness, counting), the learning search (learn.go) and the
// fully probing search (search.go) take turns, never running at once:
// the learning search first for learnFirstTurn line solves, then the
// probing search for nativeFirstTurn line solves (cache hits included),
// each turn after that twice as long as the same side's last. Each side
// blocks or counts the solutions the other found before its turn, so the
// answer is that of whichever side ends first, and it is exact: the
// learning search is complete, and so is the probing search.
//
// Why: proving that no further solution exists is where clause learning
// wins (webpbn-06574, the n-Dom family: the probing search revisits the
// same refutations under different decisions), and finding a solution by
// probing is where the probing search wins (the tournament puzzles,
// knotty). See docs/nonogram.md for the measurements that set the turns.

// learnTurns holds the turn lengths, in line solves (see above).
type learnTurns struct {
	learn, native int64 // first turns (learn 0: the probing search first)
	ratio         int64 // the probing search's turns are ratio times the learning search's
	waitFirst     bool  // the probing search alone until a solution is known
}

var defaultLearnTurns = learnTurns{learn: 40_000, native: 40_000, ratio: 1}

// useLearning reports whether SolveNative lets the learning search take
// turns on p: more than one solution wanted, probing on, every line of at
// most 64 cells, no hint (a hint is searched around first, nearby.go).
func useLearning(p *Puzzle, o Options) bool {
	return o.limit() > 1 && !o.NoProbe && o.Hint == nil && p.Width <= maxBits && p.Height <= maxBits &&
		p.Width*p.Height <= maxProbeCells
}

// solveLearning is SolveNative with the learning search taking turns.
func solveLearning(ctx context.Context, p *Puzzle, o Options) (*Result, error) {
	lr := newLearner(ctx, p, o.limit())
	tc := defaultLearnTurns
	var ended bool
	var lerr error
	turn := tc.learn
	if turn > 0 {
		ended, lerr = lr.resume(turn)
		if ended {
			return learnResult(lr, nil), lerr
		}
	} else {
		turn = tc.native / tc.ratio
	}
	res, err := solveNative(ctx, p, o, tc.native, func(ns *nsearch) int64 {
		if tc.waitFirst && len(ns.known) == 0 {
			return tc.native
		}
		lr.known = addNew(lr.known, ns.known)
		turn *= 2
		ended, lerr = lr.resume(turn)
		ns.known = addNew(ns.known, lr.known)
		if ended {
			return 0
		}
		return turn * tc.ratio
	})
	if !ended {
		// The probing search ended first: its answer stands.
		addLearnStats(&res.Stats, lr)
		return res, err
	}
	if err != nil && !errors.Is(err, errBudget) {
		return res, err
	}
	return learnResult(lr, res), lerr
}

// learnResult returns the result of the learning search lr, which ended,
// with the statistics of the probing search's result ps (nil: it did not
// run).
func learnResult(lr *learner, ps *Result) *Result {
	res := &Result{}
	if ps != nil {
		res.Stats = ps.Stats
		res.LineSolved = ps.LineSolved
	}
	res.Solutions = lr.known
	res.Exhausted = lr.exhausted
	addLearnStats(&res.Stats, lr)
	return res
}

// addLearnStats adds the learning search's work to st: decisions as
// nodes, conflicts as fails, its line solves (explanations included).
func addLearnStats(st *Stats, lr *learner) {
	st.Nodes += lr.decisions
	st.Fails += lr.conflicts
	st.LineSolves += lr.work()
	st.Restarts += lr.restarts
}

// addNew appends to dst the grids of src it does not hold. Each side keeps
// its own list, in its own order (the learning search counts the blocked
// ones by position).
func addNew(dst, src []*Grid) []*Grid {
	for _, g := range src {
		if !slices.ContainsFunc(dst, g.Equal) {
			dst = append(dst, g)
		}
	}
	return dst
}
