package nonogram

import "math/rand/v2"

// Restarts of the native search.
//
// Without learning, a depth-first search is only as good as its first
// branching decisions, and its run time is heavy-tailed: on the same
// puzzle, branching rules that differ only in how they weigh a probe's
// effect need from tens to tens of thousands of nodes, and no single rule
// is best on every puzzle (line-first suits the survey's Forever, the
// plain product suits the n-Dom family and most tournament puzzles).
// Gomes, Selman and Kautz (Boosting combinatorial search through
// randomization, AAAI 1998) cut such tails by restarting with a growing
// budget and randomised choices. Here run k may visit restartBase·
// restartGrowth^k nodes; it uses rule k mod len(rules), and from the
// second run on, ties and near-ties between candidate cells are broken at
// random and the first colour tried is random. The search stays complete:
// budgets grow without bound, and a run that finishes within its budget
// has seen the whole tree. Solutions found by earlier runs are kept and not
// counted twice. The random source is seeded with a constant, so runs are
// reproducible.

const (
	restartBase   = 64  // nodes of the first run
	restartGrowth = 1.5 // budget factor from one run to the next
)

// branchRule weighs a candidate cell: lu is the smaller number of unknown
// cells of its row and column, nB and nW how many cells its black and
// white probes set.
type branchRule func(lu, nB, nW int) score

// rules are the branching rules the runs take in turn.
var rules = []branchRule{
	// The line with the fewest unknown cells first (keeping the search
	// local), then the product of the probes' effects.
	func(lu, nB, nW int) score { return score{line: -lu, set: float64((nB + 1) * (nW + 1))} },
	// The product, scaled down for cells in open lines.
	func(lu, nB, nW int) score { return score{set: float64((nB+1)*(nW+1)) / float64(lu*lu)} },
	// The product alone.
	func(lu, nB, nW int) score { return score{set: float64((nB + 1) * (nW + 1))} },
}

// restarts runs the search with growing node budgets, the first run
// visiting at most budget nodes, until a run ends within its budget, the
// limit is reached, or the context ends.
func (s *search) restarts(budget float64) {
	rng := rand.New(rand.NewPCG(1, 2))
	for run := 0; ; run++ {
		s.rule = rules[run%len(rules)]
		s.rng = nil
		if run > 0 {
			s.rng = rng
		}
		s.skip = append(s.skip[:0], s.res.Solutions...)
		s.maxNodes = s.nodes + int64(budget)
		s.stopped, s.err = false, nil
		s.dfs()
		s.b.undo(0)
		s.b.clearQueue()
		s.b.queueAll()
		if s.err != errNodeLimit {
			return
		}
		budget *= restartGrowth
		s.restarted++
	}
}
