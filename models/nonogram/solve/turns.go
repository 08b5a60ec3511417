package solve

import (
	"context"
	"errors"
	"slices"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/learn"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
	"github.com/satsolve/satsolve/models/nonogram/internal/search"
)

// The learning search in Native: when more than one solution is
// wanted (uniqueness, counting), the learning search (internal/learn) and the
// fully probing search (internal/search) take turns, never running at once
// (learnTurns): the probing search first, for root line solving (see
// solveLearning); a short first turn of the learning search, long only
// when it meets conflicts fast; the probing search until it has a
// solution or has failed at many nodes; then the two in turns, the
// learning search's twice as long as its last, the probing search's a
// multiple of it, small while the learning search meets conflicts
// densely. On a puzzle whose clues leave most of every line free
// (freeness), the learning search goes first, for long, and the probing
// search's turns are a quarter of its own from the start. Each side blocks or counts the solutions the other found
// before its turn, so the answer is that of whichever side ends first,
// and it is exact: the learning search is complete, and so is the
// probing search.
//
// Why: proving that no further solution exists is where clause learning
// wins (webpbn-06574, the n-Dom family: the probing search revisits the
// same refutations under different decisions), and finding a solution by
// probing is where the probing search wins (the tournament puzzles,
// knotty). Which kind a puzzle is shows neither in root line solving
// (the tournament puzzles leave 12 of 625 cells known at the median,
// 06574 52, n-Dom none) nor in the probing search's failed nodes (the
// hard tournament puzzles fail like n-Dom), but in how fast the learning
// search meets conflicts: the rates below separate 06574 and 00803, and
// n-Dom after the yield, from all but a few tournament puzzles. The
// clues tell n-Dom apart before any search: where the clues leave most
// of a line free, line solving fixes little (the overlap of a block's
// leftmost and rightmost places is short or empty) and so does each
// probe, so the probing search branches nearly blind and repeats its
// refutations, which the learning search keeps as clauses. See
// docs/nonogram.md for the measurements that set the turns.

// learnTurns holds the turn lengths, in line solves (cache hits included
// for the probing search).
type learnTurns struct {
	first int64   // the learning search's first turn, right after root line solving
	rich  float64 // it goes on to long line solves in all when it met at least rich conflicts per sweep (one line solve per line)
	long  int64
	wait  int64   // the probing search's turns until it yields
	fails int64   // it yields once it has a solution or this many failed nodes
	learn int64   // then the learning search's turns: learn, 2·learn, 4·learn, …
	ratio float64 // and the probing search's: ratio times the learning search's last,
	dense float64 // or lean times it when the learning search has met at least dense conflicts per line solve
	lean  float64
	// On a puzzle whose lines are mostly free (freeness(p) ≥ free), the
	// learning search goes first for long and the two alternate at once,
	// the probing search's turns freeRatio times the learning search's.
	free      float64
	freeRatio float64
}

// defaultLearnTurns: webpbn-06574 and 00803 need 29,500 and 19,500 line
// solves of the learning search, the tournament puzzles little of it
// (the probing search finds a first and a second solution in 992 and 996
// of the 1,000 of each set; a first turn of 40,000 cost the sets 40%).
// After 5,000 line solves 06574 has met 0.56 conflicts per sweep, 00803
// 0.42, 00436 (11,900) 0.36, the tournament puzzles the turn leaves open
// 0.21 at the median, 3% of them 0.34 or more (TAAI 2011 and ICGA 2023;
// the 3% cost the sets under 1%). After the yield, the 78 TAAI puzzles
// that fail at 50 nodes before a solution meet at most 0.0048 conflicts
// per line solve at 40,000 line solves of the learning search, 7- to
// 9-Dom 0.0052–0.0060. Freeness: the 2,000 tournament puzzles 0.27–0.47
// (random pictures, 35–50% black), 6- to 9-Dom 0.79–0.85, 3- to 5-Dom
// 0.65–0.76 (settled in a few dozen nodes either way), 00803 0.90. On
// random pictures (BenchmarkFreeSchedule: 15 to 30 cells square, 30 per
// band of freeness, with uniqueness) going learning first always costs
// 2.9 times the line solves at freeness 0.40–0.45, and saves 24%, 39%,
// 78% and 85% of them at 0.45, 0.50, 0.55 and 0.60 (more of the time:
// the probing search's line solves come with probes and belief
// propagation); the threshold 0.55 leaves a band of margin above the
// crossover and above every tournament puzzle. On the 61 corpus puzzles
// of at most 64 by 64 cells at or above it (most settled by line
// solving) the rule changes nothing but n-Dom beyond a few per cent; on
// 6- to 9-Dom it takes the native search from 57,500–873,000 line solves
// to 18,300–533,000, within 3% of the learning search alone. The probing search's quarter bounds the loss on a free
// puzzle that only probing settles to five times its time alone. With
// n-Dom on that path, the probing search's turns after the yield are 8
// times the learning search's (4 before, when n-Dom took them: 9-Dom
// 0.13 → 0.19 s with 8): over both tournament sets with uniqueness,
// each puzzle solved with ratios 4, 8 and 16 in turn in one process,
// line solves −13% and −8% with 8, −18% and −12% with 16, and no survey
// puzzle reaches those turns (knotty, 00065 and 01611 within 0.3% of
// their line solves). Ratio r leaves the learning search 1/(1+r) of the
// time after the yield on a puzzle where it meets conflicts less densely
// than dense: 8 rather than 16 keeps that share at a ninth. See
// docs/nonogram.md.
var defaultLearnTurns = learnTurns{first: 5_000, rich: 0.34, long: 40_000, wait: 20_000, fails: 50,
	learn: 40_000, ratio: 8, dense: 0.005, lean: 0.5, free: 0.55, freeRatio: 0.25}

// useLearning reports whether Native lets the learning search take
// turns on p: more than one solution wanted, probing on, every line of at
// most 64 cells. A hint is the first solution of both searches (after
// the neighbourhood search around it, which search.Solve runs first).
func useLearning(p *nonogram.Puzzle, o nonogram.Options) bool {
	return o.Wanted() > 1 && !o.NoProbe && p.Width <= line.MaxBits && p.Height <= line.MaxBits &&
		p.Width*p.Height <= search.MaxProbeCells
}

// solveLearning is Native with the learning search taking turns.
// The probing search starts (line solving at the root, which settles
// many puzzles without search, and without the learning search's memory)
// and pauses after one line solve; the learning search takes a first
// turn (tc.first, or tc.long when it meets conflicts fast); the probing
// search goes on until it has a solution or has failed at tc.fails
// nodes; then the turns alternate. On a free puzzle (freeness ≥ tc.free)
// the learning search's first turn is tc.long and the turns alternate
// from there, the probing search's tc.freeRatio times the learning
// search's.
func solveLearning(ctx context.Context, p *nonogram.Puzzle, o nonogram.Options) (*nonogram.Result, error) {
	return solveLearningWith(ctx, p, o, nil)
}

// solveLearningWith is solveLearning with a call between turns: when between is
// not nil, it is called after each turn that does not end the search,
// with the probing search (paused) and the line solves both searches
// have run so far (the probing search's cache hits included); it may
// append solutions that pass Check to ns.known, which both searches then
// count as their own, and returning false stops the probing search with
// search.ErrBudget (the learning search's turn is over).
func solveLearningWith(ctx context.Context, p *nonogram.Puzzle, o nonogram.Options, between func(ns *search.Search, work int64) bool) (*nonogram.Result, error) {
	tc := defaultLearnTurns
	var lr *learn.Learner
	var ended, yielded bool
	var lerr error
	turn := tc.first
	free := tc.free > 0 && freeness(p) >= tc.free
	if free {
		yielded, turn = true, tc.long/2
	}
	step := func(ns *search.Search) int64 {
		if lr != nil && !yielded {
			if len(ns.Known) == 0 && ns.Fails < tc.fails {
				return tc.wait
			}
			// The probing search's proof, after a solution, is short
			// on most puzzles: it goes on first.
			yielded, turn = true, tc.learn/2
			return int64(float64(2*turn) * tc.ratio)
		}
		if lr == nil {
			lr = learn.New(ctx, p, o.Wanted())
		}
		lr.Known = addNew(lr.Known, ns.Known)
		if yielded {
			turn *= 2
		}
		ended, lerr = lr.Resume(turn)
		if !ended && !yielded && lerr == nil && turn == tc.first && lr.Work() < tc.long &&
			float64(lr.Conflicts*int64(p.Width+p.Height)) >= tc.rich*float64(lr.Work()) {
			// Conflicts come fast: a proof for clause learning.
			ended, lerr = lr.Resume(tc.long - lr.Work())
		}
		ns.Known = addNew(ns.Known, lr.Known)
		switch {
		case ended:
			return 0
		case !yielded:
			return tc.wait
		}
		r := tc.ratio
		switch {
		case free:
			r = tc.freeRatio
		case float64(lr.Conflicts) >= tc.dense*float64(lr.Work()):
			r = tc.lean
		}
		return max(1, int64(float64(turn)*r))
	}
	pause := step
	if between != nil {
		pause = func(ns *search.Search) int64 {
			more := step(ns)
			if ended || between(ns, ns.B.LineSolves+ns.B.CacheHits+lr.Work()) {
				return more
			}
			return 0
		}
	}
	res, err := search.Solve(ctx, p, o, 1, pause)
	if lr != nil {
		defer lr.Release()
	}
	if !ended {
		// The probing search ended first: its answer stands.
		if lr != nil {
			addLearnStats(&res.Stats, lr)
		}
		return res, err
	}
	if err != nil && !errors.Is(err, search.ErrBudget) {
		return res, err
	}
	return learnResult(lr, res), lerr
}

// freeness returns the mean over p's lines of the fraction of the line
// its clue leaves free: (length − minimum length) / length.
func freeness(p *nonogram.Puzzle) float64 {
	sum := 0.0
	for _, c := range p.Rows {
		sum += float64(p.Width-c.MinLength()) / float64(p.Width)
	}
	for _, c := range p.Cols {
		sum += float64(p.Height-c.MinLength()) / float64(p.Height)
	}
	return sum / float64(p.Width+p.Height)
}

// learnResult returns the result of the learning search lr, which ended,
// with the statistics of the probing search's result ps.
func learnResult(lr *learn.Learner, ps *nonogram.Result) *nonogram.Result {
	res := *ps
	res.Solutions = lr.Known
	res.Exhausted = lr.Exhausted
	addLearnStats(&res.Stats, lr)
	return &res
}

// addLearnStats adds the learning search's work to st: decisions as
// nodes, conflicts as fails, its line solves (explanations included).
func addLearnStats(st *nonogram.Stats, lr *learn.Learner) {
	st.Nodes += lr.Decisions
	st.Fails += lr.Conflicts
	st.LineSolves += lr.Work()
	st.Restarts += lr.Restarts
}

// addNew appends to dst the grids of src it does not hold. Each side keeps
// its own list, in its own order (the learning search counts the blocked
// ones by position).
func addNew(dst, src []*nonogram.Grid) []*nonogram.Grid {
	for _, g := range src {
		if !slices.ContainsFunc(dst, g.Equal) {
			dst = append(dst, g)
		}
	}
	return dst
}
