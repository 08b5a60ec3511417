package learn

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
)

// A native search that learns nogoods: conflict-driven clause learning
// over the cells, with every row and column a propagator (lazy clause
// generation; Ohrimenko, Stuckey, Codish, Propagation via lazy clause
// generation, Constraints 14(3), 2009).
//
// Every cell is a Boolean variable (black or white). Assigning a cell
// queues its row and its column; the exact bit-parallel line solver
// (line.Bits) then fixes cells of a queued line or finds it has no
// completion (a line queued only by the cells it fixed itself is not
// solved again: see propagate). A cell a line fixed keeps that line as
// its reason, and the reason is turned into a clause only when conflict
// analysis reaches the cell (explain.go): a subset of the line's
// cells known before it, other than those the line fixed itself, under
// which the line still forces it, found by bisection and greedy deletion
// with a completion test (feasible, the line solver's forward half). A
// contradiction of a line is explained alike. Conflict analysis learns
// the first-UIP clause over cell literals (analyze.go); learned
// clauses are watched (two literals each), the search backjumps, branches
// by VSIDS activity with phase saving and restarts on the Luby sequence.
//
// A complete assignment is checked against the clues (Check) and then
// blocked by the clause of its decisions: propagation is sound, so the
// decisions admit no other solution, and the clause excludes exactly that
// one. Known solutions (the hint, or those another search found) are
// blocked by clauses over every cell. The search ends when the limit is
// reached or a conflict at level 0 shows that no further solution exists:
// then the count is exact.
//
// Lines of more than 64 cells are not handled (solveLearn refuses the
// puzzle): the board of the survey and tournament puzzles fits one word a
// line.

// lit is a cell literal: 2·cell + 1 for "the cell is black", 2·cell for
// "the cell is white".
type lit int32

func mkLit(cell int, black bool) lit {
	if black {
		return lit(2*cell + 1)
	}
	return lit(2 * cell)
}

func (x lit) cell() int   { return int(x >> 1) }
func (x lit) black() bool { return x&1 == 1 }
func (x lit) neg() lit    { return x ^ 1 }

// Reasons: reasonDecision for decisions and level-0 facts without one; a
// value ≥ 0 is a clause index; reasonLine − l (< reasonDecision) is line l.
const (
	reasonDecision = -1
	reasonLine     = -2
)

// Learner is the state of one learning search.
type Learner struct {
	ctx         context.Context
	line.Cached // p, n (cells of line l), the line solver and its cache (cache.go)
	w, h        int
	fill        []uint64 // known black cells of line l
	empt        []uint64 // known white cells of line l

	val    []int8  // per cell: −1 unknown, 0 white, 1 black
	level  []int32 // decision level of an assigned cell
	pos    []int32 // trail position of an assigned cell
	reason []int32 // see reasonDecision
	trail  []lit
	lim    []int // trail length at the start of each decision level
	qhead  int   // trail[:qhead] have been propagated to lines and clauses

	lq      []int32 // queued lines: lq[lqh:]
	lqh     int
	lqueued []bool
	solved  []int32 // line l is at its fixpoint with the cells of trail[:solved[l]]
	changed []int32 // trail position of the last cell set on line l (an upper bound after a backjump)

	clauses []clause
	watches [][]watch // clauses watching the literal (one of their first two)
	nLearnt int       // live learned clauses
	remap   []int32   // compactClauses' scratch: a clause's new index, −1 when deleted

	order    varHeap
	phase    []bool // saved colour: black
	seen     []bool
	expl     [][]lit // explanation of a line-fixed cell, once computed
	explOK   []bool
	learnt   []lit
	conflBuf []lit
	candBuf  []uint64
	tailBuf  []uint64
	minBuf   []lit
	levels   []int32

	noMinimize bool // keep learned clauses as analysis leaves them (measurements)

	cfg       learnConfig
	limit     int
	Known     []*nonogram.Grid // solutions found so far, here or elsewhere (each passed Check)
	blocked   int              // how many of known are blocked
	started   bool             // the root was propagated (start)
	Exhausted bool             // no solution beyond known exists
	maxLearnt int              // learned clauses kept before the next reduction
	run       int              // restarts so far, plus one
	budget    int64            // conflicts left before the next restart
	check     bool             // verify every explanation with the reference line solver (tests)
	checkErr  error            // the first explanation that failed verification
	onLearn   func(c []lit)

	explains, explKept int64 // explanations computed, cells they kept

	Conflicts, Decisions, propSolves, explainSolves int64
	skipped                                         int64 // propagation's line solves skipped (counted in propSolves)
	Restarts                                        int
}

// watch is a clause watching a literal, with a blocker: another of its
// literals.
type watch struct {
	ci      int32
	blocker lit
}

// clause is a learned or blocking clause; lits[0] and lits[1] are watched.
type clause struct {
	lits    []lit
	lbd     int32
	learnt  bool
	deleted bool // marked by reduce, dropped by compactClauses
}

// New returns a learner for p, whose lines must all have at most
// 64 cells.
func New(ctx context.Context, p *nonogram.Puzzle, limit int) *Learner {
	w, h := p.Width, p.Height
	nc := w * h
	s := &Learner{ctx: ctx, Cached: line.Cached{P: p, N: make([]int, w+h)}, w: w, h: h, limit: limit,
		fill: make([]uint64, w+h), empt: make([]uint64, w+h),
		val: make([]int8, nc), level: make([]int32, nc), pos: make([]int32, nc), reason: make([]int32, nc),
		lqueued: make([]bool, w+h), solved: make([]int32, w+h), changed: make([]int32, w+h), watches: make([][]watch, 2*nc),
		phase: make([]bool, nc), seen: make([]bool, nc), expl: make([][]lit, nc), explOK: make([]bool, nc),
		trail: make([]lit, 0, nc)}
	for l := range w + h {
		s.N[l] = w
		if l >= h {
			s.N[l] = h
		}
	}
	for i := range s.val {
		s.val[i] = -1
	}
	s.order.init(nc)
	s.cfg = defaultLearnConfig
	s.order.dec = s.cfg.decay
	if s.cfg.black {
		for i := range s.phase {
			s.phase[i] = true
		}
	}
	return s
}

// cellOf returns the index of cell k of line l.
func (s *Learner) cellOf(l, k int) int {
	if l < s.h {
		return l*s.w + k
	}
	return k*s.w + l - s.h
}

// value returns 1 when x is true, 0 when false, −1 when its cell is open.
func (s *Learner) value(x lit) int8 {
	v := s.val[x.cell()]
	if v < 0 {
		return -1
	}
	if v == int8(x&1) {
		return 1
	}
	return 0
}

func (s *Learner) decisionLevel() int { return len(s.lim) }

// assign makes x true at the current level with the given reason.
func (s *Learner) assign(x lit, reason int32) {
	c := x.cell()
	r, col := c/s.w, c%s.w
	if x.black() {
		s.val[c] = 1
		s.fill[r] |= 1 << uint(col)
		s.fill[s.h+col] |= 1 << uint(r)
	} else {
		s.val[c] = 0
		s.empt[r] |= 1 << uint(col)
		s.empt[s.h+col] |= 1 << uint(r)
	}
	s.level[c] = int32(len(s.lim))
	s.pos[c] = int32(len(s.trail))
	s.changed[r] = int32(len(s.trail))
	s.changed[s.h+col] = int32(len(s.trail))
	s.reason[c] = reason
	s.trail = append(s.trail, x)
}

// cancelUntil undoes every level above lvl.
func (s *Learner) cancelUntil(lvl int) {
	if len(s.lim) <= lvl {
		return
	}
	start := s.lim[lvl]
	for i := len(s.trail) - 1; i >= start; i-- {
		x := s.trail[i]
		c := x.cell()
		r, col := c/s.w, c%s.w
		s.fill[r] &^= 1 << uint(col)
		s.fill[s.h+col] &^= 1 << uint(r)
		s.empt[r] &^= 1 << uint(col)
		s.empt[s.h+col] &^= 1 << uint(r)
		s.val[c] = -1
		s.explOK[c] = false
		s.phase[c] = x.black()
		s.order.push(c)
	}
	s.trail = s.trail[:start]
	s.lim = s.lim[:lvl]
	for l := range s.solved {
		s.solved[l] = min(s.solved[l], int32(start))
		s.changed[l] = min(s.changed[l], int32(start-1))
	}
	s.qhead = min(s.qhead, start)
	for _, l := range s.lq[s.lqh:] {
		s.lqueued[l] = false
	}
	s.lq, s.lqh = s.lq[:0], 0
}

func (s *Learner) enqueueLine(l int) {
	if !s.lqueued[l] {
		s.lqueued[l] = true
		s.lq = append(s.lq, int32(l))
	}
}

// conflict describes a failed propagation: a clause whose literals are all
// false, or a line with no completion.
type conflict struct {
	clause int32 // ≥ 0: a clause
	line   int   // else this line
}

var noConflict = conflict{clause: -1, line: -1}

// propagate runs clause and line propagation to a fixpoint. A line is
// solved when it is taken from the queue, unless no cell of it was set
// since its last solve (solved, changed): the line solver's answer is a
// fixpoint, so a line queued only by the cells it fixed would fix nothing
// (a fifth of the propagation's line solves on the survey and n-Dom, a
// quarter on tournament puzzles). A backjump to a level leaves every line
// at its fixpoint with the trail up to there (a decision follows only a
// complete propagation), so cancelUntil lowers solved and changed to it. It returns
// noConflict or the failed clause or line.
func (s *Learner) propagate() conflict {
	for {
		for s.qhead < len(s.trail) {
			x := s.trail[s.qhead]
			s.qhead++
			c := x.cell()
			s.enqueueLine(c / s.w)
			s.enqueueLine(s.h + c%s.w)
			if ci := s.propagateClauses(x.neg()); ci >= 0 {
				return conflict{clause: ci, line: -1}
			}
		}
		if s.lqh == len(s.lq) {
			s.lq, s.lqh = s.lq[:0], 0
			return noConflict
		}
		var l int
		if s.cfg.lifo {
			l = int(s.lq[len(s.lq)-1])
			s.lq = s.lq[:len(s.lq)-1]
		} else {
			l = int(s.lq[s.lqh])
			s.lqh++
		}
		s.lqueued[l] = false
		s.propSolves++
		if s.changed[l] < s.solved[l] {
			// Queued by the cells it fixed itself: its last solve saw
			// them, and no cell of it was set since. Counted as a line
			// solve, as a cache hit is, so that the turns of
			// solve.Native's schedule (solve/turns.go) stay the same.
			s.skipped++
			continue
		}
		f, e := s.fill[l], s.empt[l]
		nf, ne, ok := s.solveLine(l, f, e)
		if !ok {
			return conflict{clause: -1, line: l}
		}
		for d := nf &^ f; d != 0; d &= d - 1 {
			s.assign(mkLit(s.cellOf(l, bits.TrailingZeros64(d)), true), int32(reasonLine-l))
		}
		for d := ne &^ e; d != 0; d &= d - 1 {
			s.assign(mkLit(s.cellOf(l, bits.TrailingZeros64(d)), false), int32(reasonLine-l))
		}
		s.solved[l] = int32(len(s.trail))
	}
}

// propagateClauses visits the clauses watching f, which just became
// false. It returns the index of a clause left with every literal false,
// or −1. A watch's blocker, another literal of its clause, spares reading
// the clause when it is true (MiniSat 2.2).
func (s *Learner) propagateClauses(f lit) int32 {
	ws := s.watches[f]
	j := 0
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if s.value(w.blocker) == 1 {
			ws[j] = w
			j++
			continue
		}
		ci := w.ci
		c := &s.clauses[ci]
		if c.lits[0] == f {
			c.lits[0], c.lits[1] = c.lits[1], c.lits[0]
		}
		first := c.lits[0]
		if first != w.blocker && s.value(first) == 1 {
			ws[j] = watch{ci: ci, blocker: first}
			j++
			continue
		}
		moved := false
		for k := 2; k < len(c.lits); k++ {
			if s.value(c.lits[k]) != 0 {
				c.lits[1], c.lits[k] = c.lits[k], c.lits[1]
				s.watches[c.lits[1]] = append(s.watches[c.lits[1]], watch{ci: ci, blocker: first})
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		ws[j] = watch{ci: ci, blocker: first}
		j++
		if s.value(first) == 0 {
			j += copy(ws[j:], ws[i+1:])
			s.watches[f] = ws[:j]
			return ci
		}
		s.assign(first, ci)
	}
	s.watches[f] = ws[:j]
	return -1
}

// solveLearn finds up to limit solutions of p by the learning search,
// with the solutions in known (each passed Check) blocked from the start.
// It returns every solution (known ones first) and whether the search
// covered everything (the count is then exact). Puzzles with a line of
// more than 64 cells are refused with an error.
func solveLearn(ctx context.Context, p *nonogram.Puzzle, limit int, known []*nonogram.Grid, st *nonogram.Stats) ([]*nonogram.Grid, bool, error) {
	if p.Width > line.MaxBits || p.Height > line.MaxBits {
		return known, false, fmt.Errorf("learning search: lines of more than %d cells", line.MaxBits)
	}
	s := New(ctx, p, limit)
	defer s.Release()
	s.Known = known
	sols, done, err := s.solve()
	if st != nil {
		st.Nodes += s.Decisions
		st.Fails += s.Conflicts
		st.LineSolves += s.propSolves + s.explainSolves
		st.Restarts += s.Restarts
	}
	return sols, done, err
}
