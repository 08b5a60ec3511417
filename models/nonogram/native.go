package nonogram

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"
)

// The native solver: line solving to a fixpoint, probing, backtracking.
//
// Every search node first propagates the exact line solver (line.go) over
// rows and columns to a fixpoint. It then probes: for each unknown cell it
// tries black and white in turn, each followed by propagation. A colour
// that leads to a contradiction fixes the cell to the other colour; when
// both colours survive, the cells that both probes set alike are fixed
// too. Probing repeats until a whole round fixes nothing (the "fully
// probing" of Wu et al., An efficient approach to solving nonograms, IEEE
// TCIAIG 5(3), 2013). The node then branches on the cell that the run's
// branching rule rates best from how many cells its two probes set (see
// rules in restart.go), black first in the first run. Without probing the
// node branches on the first unknown cell of the row with the fewest
// unknown cells.
//
// Line solving goes through a cache of line states (the line-solution
// cache of the BGU solver, which pbnsolve adopted): probing re-solves the
// same lines over and over, and the cache answers most of those calls.
//
// The search restarts with growing node budgets (restart.go). Each run is
// a complete depth-first search, and the last one covers the whole tree,
// so counting up to a limit and proving uniqueness (limit 2) are exact.

// SolveNative solves p with the native solver, looking for up to
// o.Limit solutions. With a hint (o.Hint), the hint is the first solution
// and the neighbourhood search (nearby.go) runs before the global one. On
// interruption it returns the solutions found so far with Exhausted false
// and ctx's error.
func SolveNative(ctx context.Context, p *Puzzle, o Options) (*Result, error) {
	return solveNative(ctx, p, o, restartBase)
}

// solveNative is SolveNative with the node budget of the first run of the
// search (see restart.go).
func solveNative(ctx context.Context, p *Puzzle, o Options, budget float64) (*Result, error) {
	start := time.Now()
	res := &Result{}
	defer func() { res.Stats.Search = time.Since(start) }()
	b := newBoard(p)
	b.enableCache()
	if b.propagate() {
		res.LineSolved = b.complete()
		res.Stats.Known = len(b.cells) - b.unknown()
	}
	b.undo(0)
	b.queueAll()
	if err := seed(ctx, p, o, res); err != nil {
		return res, err
	}
	if len(res.Solutions) >= o.limit() {
		res.Exhausted = res.LineSolved // line solving leaves one solution
		return res, nil
	}
	s := &search{ctx: ctx, b: b, limit: o.limit() - len(res.Solutions), probe: !o.NoProbe, res: res,
		stamp: make([]uint32, len(b.cells)), val: make([]Cell, len(b.cells))}
	s.restarts(budget)
	res.Stats.LineSolves += b.lineSolves
	res.Stats.Probes += s.probes
	res.Stats.Nodes += s.nodes
	res.Stats.Restarts += s.restarted
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
// it when more than one is wanted. A hint that breaks the clues is an
// error.
func seed(ctx context.Context, p *Puzzle, o Options, res *Result) error {
	if o.Hint == nil {
		return nil
	}
	if err := checkHint(p, o); err != nil {
		return err
	}
	res.Solutions = append(res.Solutions, o.Hint.Clone())
	res.Hinted = true
	if o.limit() < 2 {
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

type search struct {
	ctx     context.Context
	b       *board
	limit   int // new solutions wanted
	probe   bool
	res     *Result
	stopped bool // the limit was reached or the context ended
	err     error

	skip     []*Grid // solutions already known: not recorded again
	maxNodes int64   // stop with errNodeLimit after this many nodes (0: no limit)

	rule branchRule // nil: rules[0]
	rng  *rand.Rand // nil: no random choices

	stamp []uint32 // stamp[i] == gen: cell i was set by the black probe
	val   []Cell
	gen   uint32

	found         int
	nodes, probes int64
	restarted     int
}

// errNodeLimit stops a search that reached its node budget.
var errNodeLimit = errors.New("node limit reached")

// dfs explores the subtree of the current board; the caller undoes what it
// sets.
func (s *search) dfs() {
	s.nodes++
	if s.maxNodes > 0 && s.nodes > s.maxNodes {
		s.err, s.stopped = errNodeLimit, true
		return
	}
	if s.nodes&255 == 1 {
		if err := s.ctx.Err(); err != nil {
			s.err, s.stopped = err, true
			return
		}
	}
	b := s.b
	if !b.propagate() {
		return
	}
	branch := -1
	if s.probe {
		var ok bool
		if branch, ok = s.probeAll(); !ok || s.stopped {
			return
		}
	} else {
		branch = b.pickCell()
	}
	if branch < 0 {
		s.record()
		return
	}
	mark := len(b.trail)
	order := [2]Cell{Black, White}
	if s.rng != nil && s.rng.IntN(2) == 0 {
		order = [2]Cell{White, Black}
	}
	for _, v := range order {
		if s.stopped {
			return
		}
		b.set(branch, v)
		s.dfs()
		b.undo(mark)
		b.clearQueue()
	}
}

// record stores the complete board as a solution.
func (s *search) record() {
	g := s.b.grid()
	if err := Check(s.b.p, g); err != nil {
		s.err = fmt.Errorf("%w: native solver: %v", ErrBadSolution, err)
		s.stopped = true
		return
	}
	for _, h := range s.skip {
		if h.Equal(g) {
			return
		}
	}
	s.res.Solutions = append(s.res.Solutions, g)
	s.found++
	if s.found >= s.limit {
		s.stopped = true
	}
}

// probeAll probes every unknown cell until a round fixes nothing. It
// returns the cell to branch on (−1 when the grid is complete) and false
// on a contradiction.
func (s *search) probeAll() (int, bool) {
	b := s.b
	for {
		changed := false
		best, bestScore := -1, score{line: math.MinInt}
		b.countUnknown()
		for i := range b.cells {
			if b.cells[i] != Unknown {
				continue
			}
			s.probes++
			if s.probes&63 == 0 {
				if err := s.ctx.Err(); err != nil {
					s.err, s.stopped = err, true
					return -1, false
				}
			}
			mark := len(b.trail)
			s.gen++
			b.set(i, Black)
			okB := b.propagate()
			nB := len(b.trail) - mark
			if okB {
				for _, j := range b.trail[mark:] {
					s.stamp[j], s.val[j] = s.gen, b.cells[j]
				}
			}
			b.undo(mark)
			b.set(i, White)
			okW := b.propagate()
			nW := len(b.trail) - mark
			switch {
			case !okB && !okW:
				b.undo(mark)
				return -1, false
			case !okB:
				changed = true // keep the white probe's consequences
			case !okW:
				b.undo(mark)
				b.set(i, Black)
				b.propagate() // the black probe succeeded: same fixpoint
				changed = true
			default:
				var common []int32
				for _, j := range b.trail[mark:] {
					if s.stamp[j] == s.gen && s.val[j] == b.cells[j] {
						common = append(common, j)
					}
				}
				if len(common) == 0 {
					b.undo(mark)
					s.consider(i, nB, nW, &best, &bestScore)
					continue
				}
				vals := make([]Cell, len(common))
				for k, j := range common {
					vals[k] = b.cells[j]
				}
				b.undo(mark)
				for k, j := range common {
					if b.cells[j] == Unknown {
						b.set(int(j), vals[k])
					}
				}
				if !b.propagate() {
					return -1, false
				}
				changed = true
			}
		}
		if !changed {
			return best, true
		}
	}
}

// consider rates unknown cell i, whose black and white probes set nB and
// nW cells, as a branching candidate and keeps the best one.
func (s *search) consider(i, nB, nW int, best *int, bestScore *score) {
	rule := s.rule
	if rule == nil {
		rule = rules[0]
	}
	b := s.b
	sc := rule(min(b.rowUnknown[i/b.w], b.colUnknown[i%b.w]), nB, nW)
	if s.rng != nil {
		sc.set *= 1 + s.rng.Float64()/4 // near-ties go either way
	}
	if sc.better(*bestScore) {
		*best, *bestScore = i, sc
	}
}

// countUnknown fills rowUnknown and colUnknown.
func (b *board) countUnknown() {
	b.rowUnknown = grow(b.rowUnknown, b.h)
	b.colUnknown = grow(b.colUnknown, b.w)
	clear(b.rowUnknown)
	clear(b.colUnknown)
	for i, v := range b.cells {
		if v == Unknown {
			b.rowUnknown[i/b.w]++
			b.colUnknown[i%b.w]++
		}
	}
}

// score orders branching candidates lexicographically.
type score struct {
	line int
	set  float64
}

func (s score) better(t score) bool { return s.line > t.line || s.line == t.line && s.set > t.set }

// pickCell returns the first unknown cell of the row with the fewest
// unknown cells, or −1 when the grid is complete.
func (b *board) pickCell() int {
	best, bestN := -1, b.w+1
	for r := 0; r < b.h; r++ {
		n, first := 0, -1
		for c := 0; c < b.w; c++ {
			if b.cells[r*b.w+c] == Unknown {
				if first < 0 {
					first = r*b.w + c
				}
				n++
			}
		}
		if n > 0 && n < bestN {
			best, bestN = first, n
		}
	}
	return best
}

// unknown returns the number of unknown cells.
func (b *board) unknown() int {
	n := 0
	for _, v := range b.cells {
		if v == Unknown {
			n++
		}
	}
	return n
}

// enableCache turns the line cache on.
func (b *board) enableCache() {
	b.useCache = true
	b.cache = make(map[string]string)
	if max(b.w, b.h) <= maxPacked {
		b.enablePacked()
	}
}

// queueAll queues every line.
func (b *board) queueAll() {
	for l := 0; l < b.w+b.h; l++ {
		b.enqueue(l)
	}
}
