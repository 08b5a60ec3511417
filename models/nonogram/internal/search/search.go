package search

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/belief"
	"github.com/satsolve/satsolve/models/nonogram/internal/board"
	"github.com/satsolve/satsolve/models/nonogram/internal/probe"
	"github.com/satsolve/satsolve/models/nonogram/internal/restart"
)

// The native search: fully probing at every node, branching on the cell
// the probes rate best.
//
// A node first probes fully (package probe); a contradiction ends it, and a
// probe that completes the grid is a solution found without descending.
// Otherwise every unknown cell has a kept result for both colours, and the
// node branches on the cell whose two results score best (branchScore),
// trying first the colour whose probe fixed fewer cells. The first child
// starts from the parent's probe result as it is (a fixpoint); the second
// sets the other colour and propagates. State is undone through the trail
// and the probe results survive backtracking wherever their lines are
// unchanged (package probe), so a child re-probes only the cells near what
// changed.
//
// Solutions are checked (Check) and counted up to the limit; a solution
// met twice (first as a complete probe, later in the search below it) is
// counted once. The search is complete, so when it ends without reaching
// the limit the count is exact.

// Search is the state of one native search. Its exported fields are
// what package solve's turns read and extend while the search is paused
// (see Solve's pause): the board, the solutions wanted and known, the
// failed nodes, the depth and the root's board.
type Search struct {
	ctx   context.Context
	B     *board.Board // the board searched
	pr    *probe.Prober
	probe bool
	Limit int              // solutions wanted, counting those in Known
	Known []*nonogram.Grid // solutions found so far (including seeded ones)
	fresh int              // how many of known this search found

	stopped bool // the limit was reached or the context ended
	err     error
	nodes   int64
	Fails   int64 // nodes whose probing ended in a contradiction
	ticks   int

	cfg      searchConfig
	maxNodes int64 // stop the run after this many nodes (0: no limit)
	maxFails int64 // with maxNodes: stop the run also once this many nodes have failed (0: no limit)
	maxWork  int64 // pause (or stop, with ErrBudget) once the board's line work exceeds this (0: no limit)
	// pause, when set, is called when the line work passes maxWork: it
	// returns the work to add to maxWork and go on, or 0 to stop with
	// ErrBudget. It may read and extend known (the search is paused).
	pause    func(s *Search) int64
	Depth    int            // nodes on the current path, the root included
	Root     *nonogram.Grid // the board once the root was first fully probed
	budgeted bool           // the run stopped at maxNodes
	rng      *rand.Rand
	restarts int
	bp       *belief.State
	mode     int   // the value rule of this run (cfg.value unless alternating)
	jittered bool  // the run jitters scores and values (restarts but the replay)
	replayed int64 // nodes the replay of the first run took (0: none)

	runs    bool           // the search runs under node budgets (run)
	proof   bool           // a solution is in hand: run covers the tree from the root
	nearby  bool           // look around the first solution found for a second
	extra   nonogram.Stats // work of the neighbourhood search
	discard bool           // do not record solutions (fully probing as a pre-pass)
	hot     int            // the cell whose probes showed the last contradiction
	wt      []float64      // per line: contradictions its cells' probes showed (bump)
	wtSum   float64        // the sum of wt
}

// searchConfig holds the search's tunables.
type searchConfig struct {
	rule    int     // branchScore variant
	value   int     // 0 fewer cells first, 1 more first, 2 black, 3 white, 4 the likelier by belief propagation, 5 cell and value by belief propagation
	restart float64 // first run's node budget (0: no restarts)
	growth  float64 // budget factor per run
	jitter  float64 // random relative perturbation of scores after the first run
	rounds  int     // belief propagation rounds per node (value 4 and 5)
	alt     bool    // runs alternate value and value 5
	base2   float64 // with alt: the first budget of the value-5 runs
	luby    float64 // after the first two runs, budgets are this times the Luby sequence (0: growth)
	lubyBP  float64 // with luby and alt: the value-5 runs' budgets are lubyBP times the others'
	wdeg    float64 // weight of the lines' contradiction counts in the score (0: none)
	// firstFails, when set, also ends the first run at its firstFails-th
	// failing node; the third run then takes the first run's rule afresh
	// with the first run's budget (replay).
	firstFails int64
	// lubyLD, when set (with luby and alt), scales the budgets of the
	// runs of the value rule after the third run (the replay).
	lubyLD float64
}

// defaultConfig: Min-logd runs that take the value from belief
// propagation (two rounds per node), alternating with belief-propagation
// decimation runs, scores jittered by up to 30% after the first run.
// Against black first, one round and no jitter (TAAI 2011 and ICGA 2023,
// one solution each, side by side): 92k and 113k nodes instead of 171k
// and 167k, 12k and 23k backtracks instead of 52k and 51k.
//
// The first two runs have 200 and 400 nodes, the later ones 100 and 200
// nodes times the Luby sequence (1, 1, 2, 1, 1, 2, 4, …) instead of
// doubling, and the Min-logd score counts the lines' contradictions
// (wdeg, see bump). Over the 34 puzzles of the two sets that took over
// 0.1 s, with six random streams of the jitter, the node counts of one
// puzzle spread over 10–500× from stream to stream with doubling budgets
// (TAAI #591: 4,314 to 334,780 nodes): a heavy tail. Those 34 puzzles
// took 6.0–86 CPU-s (TAAI, 12 puzzles) and 9.5–131 s (ICGA, 22) by stream,
// and take 2.3–6.3 s and 2.8–4.6 s now; nodes on the other puzzles,
// stream 0: 73k → 82k (TAAI), 75k → 81k (ICGA).
//
// The first run also ends at its 12th failing node, and the third run is
// the first run's rule afresh with its 200 nodes (replay). At 40 failing
// nodes (line solves −16% and −5% over eight streams against no cap),
// the first run still took 74% of the work of the puzzles that the
// second run, belief-propagation decimation, solves (TAAI 2011: 73
// puzzles, 16.3 M of 22.1 M line solves and cache hits; that run dives
// to their solution with no failing node on 46 of them), while the
// first run solves most puzzles it solves at all with few failing
// nodes (TAAI: 25 of 911 with 20 or more). At 12, over eight streams:
// line solves −14% (TAAI) and −11% (ICGA), better on 8 and 7 of 8
// (docs/nonogram.md, "The tail of one-solution search").
//
// After the replay the Min-logd runs have a quarter of their Luby budgets
// (25 nodes times the sequence; lubyLD): over eight streams, line solves
// −1.2% (TAAI, better on 5 of 8) and −9.4% (ICGA, 7 of 8). The decimation
// runs alone after the replay lose by 4× and more (no stream solves TAAI
// #556 or ICGA #531 without the Min-logd runs), and a half or an eighth
// of the budget, or lubyBP 4 or 8, lose on TAAI (docs, "Which runs follow
// the replay").
var defaultConfig = searchConfig{value: 4, restart: 200, growth: 2, jitter: 0.3, rounds: 2, alt: true, base2: 400,
	luby: 100, lubyBP: 2, lubyLD: 0.25, wdeg: 0.5, firstFails: 12}

// New returns a search of board b for up to limit solutions, probing at
// every node when probing is set, with the solutions in seed already
// known.
func New(ctx context.Context, b *board.Board, limit int, probing bool, seed []*nonogram.Grid) *Search {
	return &Search{ctx: ctx, B: b, pr: probe.New(b, probing), probe: probing, Limit: limit, Known: seed,
		cfg: defaultConfig, mode: defaultConfig.value, rng: rand.New(rand.NewPCG(1, 2))}
}

// interrupted polls the context now and then.
func (s *Search) interrupted() bool {
	if s.stopped {
		return true
	}
	if s.maxWork > 0 && s.B.LineSolves+s.B.CacheHits > s.maxWork {
		var more int64
		if s.pause != nil {
			more = s.pause(s)
		}
		if more <= 0 {
			s.err, s.stopped = ErrBudget, true
			return true
		}
		s.maxWork = s.B.LineSolves + s.B.CacheHits + more
		if len(s.Known) >= s.Limit {
			s.stopped = true // the other solver found what was wanted
			return true
		}
	}
	s.ticks++
	if s.ticks&63 == 1 {
		if err := s.ctx.Err(); err != nil {
			s.err, s.stopped = err, true
			return true
		}
	}
	return false
}

// run searches from the board's current state, which must be at its
// fixpoint.
func (s *Search) run() {
	s.pr.Commit(0)
	if s.cfg.restart == 0 || !s.probe || len(s.Known) > 0 {
		// Without probing the runs would repeat one another: the value
		// rules differ only in what the probes and beliefs rate. With a
		// solution in hand (a hint), what is left is covering the tree,
		// which restarts only repeat (see record).
		s.dfs()
		return
	}
	s.runs = true
	budget := s.cfg.restart
	budget2 := s.cfg.base2
	for run := 0; ; run++ {
		b := budget
		if s.cfg.alt {
			s.mode = s.cfg.value
			if run%2 == 1 {
				s.mode, b = 5, budget2
			}
		}
		if s.cfg.luby > 0 && run >= 2 {
			// Luby budgets after the first two runs, the alternating
			// runs stepping through the sequence together.
			k := run - 2
			if s.cfg.alt {
				k /= 2
			}
			b = s.cfg.luby * max(1, float64(s.B.Cells())/lubyCells)
			if s.mode == 5 && s.cfg.alt {
				b *= s.cfg.lubyBP
			}
			if s.mode != 5 && s.cfg.alt && run > 2 && s.cfg.lubyLD > 0 {
				b *= s.cfg.lubyLD
			}
			b *= float64(restart.Luby(k + 1))
		}
		s.jittered = run > 0
		s.maxFails = 0
		if run == 0 && s.cfg.firstFails > 0 {
			s.maxFails = s.Fails + s.cfg.firstFails
		}
		if run == 2 && s.cfg.firstFails > 0 && s.cfg.alt {
			s.replay(s.cfg.restart)
		} else {
			s.maxNodes = s.nodes + int64(b)
			s.dfs()
		}
		if !s.budgeted || s.err != nil {
			return
		}
		if s.proof {
			// A solution was found and more are wanted: cover the whole
			// tree, without a budget (see record).
			if len(s.Known) >= s.Limit {
				return
			}
			s.budgeted, s.stopped, s.maxNodes = false, false, 0
			s.dfs()
			return
		}
		s.budgeted, s.stopped = false, false
		if !s.cfg.alt || run%2 == 1 {
			budget *= s.cfg.growth
			budget2 *= s.cfg.growth
		}
		s.restarts++
	}
}

// replay runs the first run's rule again from the root, afresh (new
// beliefs, no line weights, no jitter, probing from the first cell), with
// a budget of nodes nodes and no cap on failing nodes; the weights it
// gathers are added to those set aside. The first run ends at its cfg.firstFails-th failing node: most
// puzzles that it does not solve within its 200 nodes have failed that
// often by then, and the belief-propagation run after it solves most of
// them; but a few puzzles are solved by the first run's rule after more
// failures and by no other run for dozens of restarts (ICGA 2023 #530:
// 170 nodes, 69 failing, in the first run; 13–48 M line solves when the
// third run is an ordinary one), so the third run is this one.
func (s *Search) replay(nodes float64) {
	wt, sum := s.wt, s.wtSum
	s.wt, s.wtSum, s.bp, s.hot, s.jittered = nil, 0, nil, 0, false
	s.maxNodes = s.nodes + int64(nodes)
	n0 := s.nodes
	s.dfs()
	s.replayed = s.nodes - n0
	switch {
	case wt == nil:
	case s.wt == nil:
		s.wt = wt
	default:
		for l, w := range wt {
			s.wt[l] += w
		}
	}
	s.wtSum += sum
}

// record stores a complete grid as a solution unless it is known.
func (s *Search) record(g *nonogram.Grid) {
	if s.discard {
		return
	}
	if err := nonogram.Check(s.B.P, g); err != nil {
		s.err = fmt.Errorf("%w: native solver: %v", nonogram.ErrBadSolution, err)
		s.stopped = true
		return
	}
	for _, h := range s.Known {
		if h.Equal(g) {
			return
		}
	}
	s.Known = append(s.Known, g)
	s.fresh++
	if len(s.Known) >= s.Limit {
		s.stopped = true
		return
	}
	// Restarts serve finding a solution; the rest of the search must
	// cover the tree, without a node budget (webpbn-06574 with
	// uniqueness: 3.5 CPU-s instead of 14.6 with restarts). Under the
	// budgeted runs, this run unwinds and run covers the tree from the
	// root, branching by the probes at every level rather than below the
	// cells a belief-propagation run chose: 9-Dom's proof of uniqueness,
	// 20,486 nodes instead of 66,185. The neighbourhood search (below)
	// comes first and often finds the second solution.
	s.maxNodes = 0
	if s.runs && !s.proof {
		s.proof = true
		s.stopped, s.budgeted = true, true // unwind to run
	}
	if s.nearby {
		s.nearby = false
		h, err := nearby(s.ctx, s.B.P, g, s.Known[:len(s.Known)-1], &s.extra)
		switch {
		case err != nil:
			s.err, s.stopped = err, true
		case h != nil:
			s.record(h)
		}
	}
}

// isKnown reports whether the board, complete, is a known solution (each
// was checked when it was recorded): a window of the neighbourhood search
// that line solving completes is mostly the solution around which it was
// cut, and comparing costs no allocation.
func (s *Search) isKnown() bool {
	for _, g := range s.Known {
		if s.B.Equals(g) {
			return true
		}
	}
	return false
}

// recordProbe records the grid a successful probe completes.
func (s *Search) recordProbe(r *probe.Result) {
	g := s.B.Grid()
	d := s.pr.Delta(r)
	for k := 0; k < len(d); k += int(s.pr.Step) {
		i, v := s.pr.CellAt(d, k)
		g.Cells[i] = v
	}
	s.record(g)
}

// dfs explores the subtree of the current board (at its fixpoint); the
// caller undoes what it sets.
func (s *Search) dfs() {
	s.Depth++
	defer func() { s.Depth-- }()
	s.nodes++
	if s.interrupted() {
		return
	}
	if s.maxNodes > 0 && (s.nodes > s.maxNodes || s.maxFails > 0 && s.Fails >= s.maxFails) {
		s.stopped, s.budgeted = true, true
		return
	}
	b, pr := s.B, s.pr
	if s.probe {
		if !s.fullyProbe() {
			if !s.stopped {
				s.Fails++
			}
			return
		}
		if s.stopped {
			return
		}
	}
	if s.Depth == 1 && s.Root == nil && s.pause != nil {
		s.Root = b.Grid() // for the portfolio's pause (solve.Portfolio)
	}
	if b.Complete() {
		if !s.isKnown() {
			s.record(b.Grid())
		}
		return
	}
	mark := len(b.Trail)
	var i int
	var v nonogram.Cell
	if s.probe {
		i, v = s.choose()
		r := pr.Result(i, v)
		if !r.OK { // cannot happen after fully probing; be safe
			b.Set(i, v)
			b.Propagate()
			pr.Backtrack(mark)
		} else {
			pr.Apply(r)
			s.dfs()
			pr.Backtrack(mark)
		}
	} else {
		i, v = firstUnknown(b), nonogram.Black
		if s.mode == 5 && b.Cells() <= belief.MaxCells && len(s.Known) == 0 {
			i, v = s.choose()
		}
		b.Set(i, v)
		if b.Propagate() {
			pr.Commit(mark)
			s.dfs()
		}
		pr.Backtrack(mark)
	}
	if s.stopped {
		return
	}
	b.Set(i, 3-v)
	if b.Propagate() {
		pr.Commit(mark)
		s.dfs()
	}
	pr.Backtrack(mark)
}

// fullyProbe probes every unknown cell both ways until a round changes
// nothing. It returns false on a contradiction or when the search stops.
func (s *Search) fullyProbe() bool {
	b, pr := s.B, s.pr
	n := b.Cells()
	for {
		changed := false
		// The round starts at the cell whose probes showed the last
		// contradiction, when it is open, and wraps around: a failing
		// node often fails where its sibling did (TAAI 2011, one
		// solution each: 9.62 M probes at failing nodes instead of
		// 10.40 M, the same nodes).
		start := 0
		if s.hot < n && b.At(s.hot) == nonogram.Unknown {
			start = s.hot
		}
		wrapped := start == 0
		for i := b.NextUnknown(start); ; i = b.NextUnknown(i + 1) {
			if i < 0 && !wrapped {
				wrapped, i = true, b.NextUnknown(0)
			}
			if i < 0 || wrapped && start > 0 && i >= start {
				break
			}
			if s.interrupted() {
				return false
			}
			rb := pr.Result(i, nonogram.Black)
			if rb.OK && b.Known()+int(rb.D) == n {
				s.recordProbe(rb)
				if s.stopped {
					return false
				}
			}
			rw := pr.Result(i, nonogram.White)
			if rw.OK && b.Known()+int(rw.D) == n {
				s.recordProbe(rw)
				if s.stopped {
					return false
				}
			}
			if !pr.Fresh(rb) { // dropped by the store while probing white
				rb = pr.Result(i, nonogram.Black)
			}
			if !rb.OK || !rw.OK {
				s.bump(i)
			}
			switch {
			case !rb.OK && !rw.OK:
				s.hot = i
				return false
			case !rb.OK:
				pr.Apply(rw)
				changed = true
			case !rw.OK:
				pr.Apply(rb)
				changed = true
			default:
				c, ok := pr.Merge(i, rb, rw)
				if !ok {
					s.hot = i
					return false
				}
				changed = changed || c
			}
		}
		if !changed {
			return true
		}
	}
}

// choose returns the unknown cell to branch on and the colour to try
// first, after fully probing (every result fresh and successful).
func (s *Search) choose() (int, nonogram.Cell) {
	b, pr := s.B, s.pr
	if s.mode >= 4 && b.Cells() <= belief.MaxCells && len(s.Known) == 0 {
		if s.bp == nil {
			s.bp = belief.New(b)
		}
		s.bp.Update(b, max(s.cfg.rounds, 1))
	}
	if s.mode == 5 && s.bp != nil && len(s.Known) == 0 {
		best, bestV, bestP := -1, nonogram.Black, -1.0
		for i := b.NextUnknown(0); i >= 0; i = b.NextUnknown(i + 1) {
			q := s.bp.Belief(i)
			v := nonogram.Black
			if q < 0.5 {
				q, v = 1-q, nonogram.White
			}
			if q > bestP {
				best, bestV, bestP = i, v, q
			}
		}
		return best, bestV
	}
	best, bestV, bestScore := -1, nonogram.Black, math.Inf(-1)
	var wscale float64 // wdeg over twice the mean line weight
	if s.wtSum > 0 {
		wscale = s.cfg.wdeg * float64(b.W+b.H) / (2 * s.wtSum)
	}
	for i := b.NextUnknown(0); i >= 0; i = b.NextUnknown(i + 1) {
		rb, rw := pr.Result(i, nonogram.Black), pr.Result(i, nonogram.White)
		db, dw := int(rb.D), int(rw.D)
		sc := branchScore(s.cfg.rule, db, dw)
		if s.wtSum > 0 {
			// Conflict-directed: the lines whose cells' probes
			// failed more than the mean line's raise the score (see bump).
			sc *= 1 + wscale*(s.wt[b.RowOf[i]]+s.wt[b.H+int(b.ColOf[i])])
		}
		if s.jittered && s.cfg.jitter > 0 {
			sc *= 1 + s.cfg.jitter*s.rng.Float64()
		}
		if sc > bestScore {
			best, bestScore = i, sc
			switch s.mode {
			case 0:
				bestV = nonogram.Black
				if dw < db {
					bestV = nonogram.White
				}
			case 1:
				bestV = nonogram.Black
				if dw > db {
					bestV = nonogram.White
				}
			case 2:
				bestV = nonogram.Black
			case 3:
				bestV = nonogram.White
			}
		}
	}
	if s.mode == 4 && s.bp != nil && len(s.Known) == 0 {
		bestV = nonogram.Black
		if s.bp.Belief(best) < 0.5 {
			bestV = nonogram.White
		}
	}
	if s.jittered && s.cfg.jitter > 0 && s.rng.IntN(4) == 0 {
		bestV = 3 - bestV
	}
	return best, bestV
}

// branchScore rates a cell whose probes fix db and dw cells (itself
// included): the smaller effect plus the log of the difference ("Min-logd"
// of Wu et al. 2013).
func branchScore(rule, db, dw int) float64 {
	lo, hi := min(db, dw), max(db, dw)
	switch rule {
	case 1:
		return float64((db + 1) * (dw + 1))
	case 2:
		return float64(lo) + float64(hi)*1e-6
	case 3:
		return float64(db + dw)
	case 4:
		return float64(hi) + float64(lo)*1e-6
	case 5:
		return float64(lo) + math.Log1p(float64(hi))
	}
	return float64(lo) + log1pInt(hi-lo)
}

// log1pTable holds log(1+d) for the effects of probes on puzzles of up to
// len(log1pTable) cells: choose rates every unknown cell at every node, and
// math.Log1p took 3.5% of the native solver's CPU on the tournament puzzles.
var log1pTable = func() (t [1 << 12]float64) {
	for d := range t {
		t[d] = math.Log1p(float64(d))
	}
	return t
}()

// log1pInt returns log(1+d) for d ≥ 0.
func log1pInt(d int) float64 {
	if d < len(log1pTable) {
		return log1pTable[d]
	}
	return math.Log1p(float64(d))
}

// firstUnknown returns the first unknown cell of b's row with the fewest
// unknown cells (counted on the row's words), or −1 when every cell is
// known.
func firstUnknown(b *board.Board) int {
	best, bestN := -1, b.W+1
	for r := range b.H {
		n := b.W
		for o := b.Off[r]; o < b.Off[r+1]; o++ {
			n -= bits.OnesCount64(b.Fill[o] | b.Empt[o])
		}
		if n > 0 && n < bestN {
			best, bestN = r, n
		}
	}
	if best < 0 {
		return -1
	}
	return b.NextUnknown(best * b.W)
}

// lubyCells is the puzzle size (cells) up to which the Luby budgets are
// cfg.luby and cfg.luby·cfg.lubyBP nodes; larger puzzles' budgets grow in
// proportion, since a dive to a solution is about as many nodes as the
// cells. faase (80×95, two solutions, cold): 46 CPU-s with doubling
// budgets, over 140 s with Luby budgets of 100 nodes, 86 s with 400, 76 s
// with budgets scaled to its 7,600 cells (1,216 nodes).
const lubyCells = 625

// bump counts a contradiction of a probe of cell i (a failed probe that
// fixed the other colour, or both failing) on its row and column: the
// weights of the conflict-directed branching ("dom/wdeg", Boussemart et
// al. 2004, with lines as the constraints and the cell rather than the
// failing line as the witness). choose multiplies a cell's Min-logd score
// by 1 + wdeg·(w_row + w_col)/(2·mean line weight). The weights are kept
// across restarts, so a restart's runs branch first where the earlier
// runs kept failing.
func (s *Search) bump(i int) {
	if s.cfg.wdeg == 0 {
		return
	}
	b := s.B
	if s.wt == nil {
		s.wt = make([]float64, b.W+b.H)
	}
	s.wt[b.RowOf[i]]++
	s.wt[b.H+int(b.ColOf[i])]++
	s.wtSum += 2
}
