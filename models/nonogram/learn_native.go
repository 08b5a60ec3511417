package nonogram

import (
	"context"
	"errors"
	"slices"
)

// The learning search in SolveNative: when more than one solution is
// wanted (uniqueness, counting), the learning search (learn.go) and the
// fully probing search (search.go) take turns, never running at once:
// the probing search first, for root line solving (see solveLearning),
// then the learning search and the probing search in turns, each twice
// as long as the same side's last (learnTurns). Each side
// blocks or counts the solutions the other found before its turn, so the
// answer is that of whichever side ends first, and it is exact: the
// learning search is complete, and so is the probing search.
//
// Why: proving that no further solution exists is where clause learning
// wins (webpbn-06574, the n-Dom family: the probing search revisits the
// same refutations under different decisions), and finding a solution by
// probing is where the probing search wins (the tournament puzzles,
// knotty). See docs/nonogram.md for the measurements that set the turns.

// learnTurns holds the turn lengths, in line solves (cache hits included
// for the probing search).
type learnTurns struct {
	first int64   // the learning search's first turn, right after root line solving
	wait  int64   // the probing search's turns until it yields
	fails int64   // it yields once it has a solution or this many failed nodes
	learn int64   // then the learning search's turns: learn, 2·learn, 4·learn, …
	ratio float64 // and the probing search's: ratio times the learning search's last
}

// defaultLearnTurns: webpbn-06574 and 00803 need about 40,000 line solves
// of the learning search, the tournament puzzles' proofs of uniqueness
// (after the first solution, which the probing search finds in most of
// them within its first turns) little of either; see docs/nonogram.md.
var defaultLearnTurns = learnTurns{first: 40_000, wait: 20_000, fails: 50, learn: 40_000, ratio: 2}

// useLearning reports whether SolveNative lets the learning search take
// turns on p: more than one solution wanted, probing on, every line of at
// most 64 cells. A hint is the first solution of both searches (after
// the neighbourhood search around it, which solveNative runs first).
func useLearning(p *Puzzle, o Options) bool {
	return o.limit() > 1 && !o.NoProbe && p.Width <= maxBits && p.Height <= maxBits &&
		p.Width*p.Height <= maxProbeCells
}

// solveLearning is SolveNative with the learning search taking turns.
// The probing search starts (line solving at the root, which settles
// many puzzles without search, and without the learning search's memory)
// and pauses after one line solve; the learning search takes a first
// turn; the probing search goes on until it has a solution or has failed
// at tc.fails nodes; then the turns alternate.
func solveLearning(ctx context.Context, p *Puzzle, o Options) (*Result, error) {
	tc := defaultLearnTurns
	var lr *learner
	var ended, yielded bool
	var lerr error
	turn := tc.first
	res, err := solveNative(ctx, p, o, 1, func(ns *nsearch) int64 {
		if lr != nil && !yielded {
			if len(ns.known) == 0 && ns.fails < tc.fails {
				return tc.wait
			}
			// The probing search's proof, after a solution, is short
			// on most puzzles: it goes on first.
			yielded, turn = true, tc.learn/2
			return int64(float64(2*turn) * tc.ratio)
		}
		if lr == nil {
			lr = newLearner(ctx, p, o.limit())
		}
		lr.known = addNew(lr.known, ns.known)
		if yielded {
			turn *= 2
		}
		ended, lerr = lr.resume(turn)
		ns.known = addNew(ns.known, lr.known)
		switch {
		case ended:
			return 0
		case !yielded:
			return tc.wait
		}
		return max(1, int64(float64(turn)*tc.ratio))
	})
	if !ended {
		// The probing search ended first: its answer stands.
		if lr != nil {
			addLearnStats(&res.Stats, lr)
		}
		return res, err
	}
	if err != nil && !errors.Is(err, errBudget) {
		return res, err
	}
	return learnResult(lr, res), lerr
}

// learnResult returns the result of the learning search lr, which ended,
// with the statistics of the probing search's result ps.
func learnResult(lr *learner, ps *Result) *Result {
	res := *ps
	res.Solutions = lr.known
	res.Exhausted = lr.exhausted
	addLearnStats(&res.Stats, lr)
	return &res
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
