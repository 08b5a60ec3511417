package learn

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
)

// Explanations: the clause behind a cell a line fixed, or behind a line
// with no completion, computed when conflict analysis needs it.
//
// The line's state when it fixed cell x is every cell of the line assigned
// before x (trail positions below x's): the line solver, given them, fixes
// x (or finds no completion, which implies anything). Greedy deletion
// shrinks that set: each known cell in turn, the latest first, is dropped
// when the line solver still fixes x without it. What is left is a set E
// of cell assignments under which the line alone forces x, so the clause
// x ∨ ⋁_{c∈E} ¬c holds in every solution; the returned literals are the
// ¬c, all false now. Dropping the latest cells first leaves cells set
// early, at low decision levels, which make shorter and more general
// learned clauses. Cells fixed at level 0 are kept without a test (they
// hold in every solution and conflict analysis skips them).
//
// Cells the line fixed itself are no candidates: each follows, on the
// line, from its cells set before it, so the line's other cells set
// before x force x without them, and the deletion would drop every one
// (when it comes to such a cell, the cells it follows from are still
// there; those fixed at level 0, kept before without a test, are left out
// too, and analysis skips them). So the explanations are the same with
// 28% fewer tests (3- to 9-Dom and the webpbn survey puzzles, the
// learning search alone: 545 → 394 K tests; TAAI #301–#360: 11.0 → 7.9
// M; the same conflicts).
//
// Each test asks only whether a set of cells forces x, which is whether
// the line with x flipped has no completion: feasible, the forward half
// of the bit-parallel solver, answers that without the line cache. It
// cost the full solve through the cache before: 695 → 592 M instructions
// (callgrind) for the learning search alone on 3- to 9-Dom, the same
// explanations and search (3,911 conflicts). The candidates are read from
// the line's known cells, not all its cells, and the prefixes and runs
// of candidates are masks of a suffix table (tail): 592 → 542 M.

// explainLine returns in out the false literals of the clause that line l
// forces cell x (x < 0: that line l has no completion) from the line's
// cells with trail positions below bound.
func (s *Learner) explainLine(l, x int, bound int32, out []lit) []lit {
	base, stride := l*s.w, 1 // cell k of line l is base + k·stride
	if l >= s.h {
		base, stride = l-s.h, s.w
	}
	known := s.fill[l] | s.empt[l]
	var xbit uint64
	if x >= 0 {
		xbit = 1 << uint((x-base)/stride)
	}
	var kept uint64
	own := int32(reasonLine - l)
	cand := s.candBuf[:0]
	for d := known &^ xbit; d != 0; d &= d - 1 {
		k := bits.TrailingZeros64(d)
		c := base + k*stride
		p := s.pos[c]
		if p >= bound || s.reason[c] == own {
			continue
		}
		kept |= 1 << uint(k)
		if s.level[c] > 0 {
			cand = append(cand, uint64(p)<<6|uint64(k))
		}
	}
	f, e := s.fill[l]&kept, s.empt[l]&kept
	// Latest first: insertion sort by trail position, descending (the
	// position is in the high bits of a candidate, its cell's bit in the
	// low six).
	for i := 1; i < len(cand); i++ {
		for j := i; j > 0 && cand[j] > cand[j-1]; j-- {
			cand[j], cand[j-1] = cand[j-1], cand[j]
		}
	}
	black := x >= 0 && s.val[x] == 1
	s.explains++
	f, e = s.shrink(l, xbit, black, f, e, cand)
	s.candBuf = cand
	s.explKept += int64(bits.OnesCount64(f | e))
	for d := f | e; d != 0; d &= d - 1 {
		k := bits.TrailingZeros64(d)
		out = append(out, mkLit(base+k*stride, f&(1<<uint(k)) == 0))
	}
	if s.check {
		s.verifyExplanation(l, x, out)
	}
	return out
}

// reasonLits returns the false literals of the reason of assigned cell v
// (not a decision): a clause's other literals, or the line's explanation.
func (s *Learner) reasonLits(v int) []lit {
	r := s.reason[v]
	if r >= 0 {
		return s.clauses[r].lits[1:]
	}
	if !s.explOK[v] {
		s.expl[v] = s.explainLine(int(reasonLine-r), v, s.pos[v], s.expl[v][:0])
		s.explOK[v] = true
	}
	return s.expl[v]
}

// verifyExplanation checks an explanation with the reference line solver
// (line.Solver), on the explanation's cells alone: the line must have no
// completion (x < 0) or fix x to its colour. A failure is kept in
// checkErr (tests).
func (s *Learner) verifyExplanation(l, x int, expl []lit) {
	n := s.N[l]
	cells := make([]nonogram.Cell, n)
	for _, q := range expl {
		c := q.cell()
		k := c % s.w
		if l >= s.h {
			k = c / s.w
		}
		if s.cellOf(l, k) != c {
			s.checkErr = fmt.Errorf("explanation of line %d names cell %d off the line", l, c)
			return
		}
		cells[k] = nonogram.Black
		if q.black() { // the literal is false: the cell is white
			cells[k] = nonogram.White
		}
	}
	var ls line.Solver
	out := make([]nonogram.Cell, n)
	ok := ls.Solve(s.P.Line(l), cells, out)
	switch {
	case !ok:
		return
	case x < 0:
		s.checkErr = fmt.Errorf("explanation of line %d's contradiction: the line has a completion", l)
	default:
		k := x % s.w
		if l >= s.h {
			k = x / s.w
		}
		want := nonogram.White
		if s.val[x] == 1 {
			want = nonogram.Black
		}
		if out[k] != want {
			s.checkErr = fmt.Errorf("explanation of cell %d on line %d does not fix it", x, l)
		}
	}
}

// checkFixpoint checks, with the reference line solver (line.Solver), that
// every line is at its fixpoint (tests: propagation skips lines, see
// propagate). A failure is kept in checkErr.
func (s *Learner) checkFixpoint() {
	var ls line.Solver
	for l := range s.w + s.h {
		n := s.N[l]
		line, out := make([]nonogram.Cell, n), make([]nonogram.Cell, n)
		for k := range n {
			if v := s.val[s.cellOf(l, k)]; v >= 0 {
				line[k] = nonogram.White
				if v == 1 {
					line[k] = nonogram.Black
				}
			}
		}
		if !ls.Solve(s.P.Line(l), line, out) || !slices.Equal(line, out) {
			s.checkErr = fmt.Errorf("line %d is not at its fixpoint after propagation", l)
			return
		}
	}
}

// shrink deletes from the known cells f, e of line l the candidates cand
// (trail position·64 + bit position, latest first) that x (bit xbit,
// black or not; xbit = 0: a contradiction) does not need, and returns
// what is left.
func (s *Learner) shrink(l int, xbit uint64, black bool, f, e uint64, cand []uint64) (uint64, uint64) {
	clue, n := s.P.Line(l), s.N[l]
	fx, ex := uint64(0), xbit // x flipped: white when black
	if !black {
		fx, ex = xbit, 0
	}
	// tail[i]: the cells of cand[i:] (the len−i earliest candidates);
	// the cells of cand[i:j] are tail[i] ^ tail[j].
	nc := len(cand)
	tail := append(s.tailBuf[:0], make([]uint64, nc+1)...)
	for i := nc - 1; i >= 0; i-- {
		tail[i] = tail[i+1] | 1<<(cand[i]&63)
	}
	s.tailBuf = tail
	// The shortest prefix of the candidates in trail order (the
	// earliest) that, with the cells fixed at level 0, still forces x,
	// by bisection; its last cell is needed, the others go through the
	// deletion below. Deletion alone, latest first, keeps the same cells
	// (the latest it keeps is that prefix's last) with more solves: 0.90
	// M against 0.83 M line solves on the survey and n-Dom, the same
	// conflicts.
	bf, be := f&^tail[0], e&^tail[0]
	lo, hi := 0, nc // the hi earliest force x; find the least such
	for lo < hi {
		mid := (lo + hi) / 2
		m := tail[nc-mid]
		s.explainSolves++
		if !feasible(clue, n, bf|f&m|fx, be|e&m|ex) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	f, e = bf|f&tail[nc-hi], be|e&tail[nc-hi]
	if hi <= 1 {
		return f, e
	}
	// Greedy deletion in runs over the prefix but its last cell,
	// cand[nc−hi+1:]: a run of candidates whose removal keeps x forced
	// goes at once and the next run is twice as long; a run that does
	// not is halved, down to one cell, which is kept. By monotonicity
	// (fewer known cells fix fewer cells) this keeps exactly the cells
	// that deleting one at a time would keep, with fewer solves.
	for i, size := nc-hi+1, 1; i < nc; {
		size = min(size, nc-i)
		m := tail[i] ^ tail[i+size]
		s.explainSolves++
		switch {
		case !feasible(clue, n, f&^m|fx, e&^m|ex):
			f, e = f&^m, e&^m
			i += size
			size *= 2
		case size == 1:
			i++
		default:
			size /= 2
		}
	}
	return f, e
}

// feasible reports whether a line of n ≤ 64 cells with known black cells
// fill and known white cells empt has a completion under clue: the
// forward half of line.Bits.Solve (the starts S_j of every block with the
// blocks before it placed), then the last block's starts that leave no
// black cell after it. It answers as solve's ok, at about half the cost
// and without the line cache (an explanation only asks whether a set of
// cells forces a cell, which is whether the line with that cell flipped
// has no completion).
func feasible(clue nonogram.Clue, n int, fill, empt uint64) bool {
	full := line.LowMask(n)
	k := len(clue)
	switch {
	case fill&empt != 0:
		return false
	case k == 0:
		return fill == 0
	case k > line.MaxBits/2+1:
		return false
	}
	nb := full &^ fill // may be white
	nw := full &^ empt // may be black
	prev := full
	if fill != 0 {
		prev = fill&-fill - 1
	}
	seed := prev<<1 | 1
	var sj uint64
	var l int
	for _, l = range clue {
		sj = line.FitMask(nw, l) & seed
		if sj == 0 {
			return false
		}
		seed = line.FillUp(sj<<uint(l)&nb, nb) << 1
	}
	br := full
	if fill != 0 {
		br = full &^ (uint64(2)<<uint(63-bits.LeadingZeros64(fill)) - 1)
	}
	return sj&(br>>uint(l)|1<<uint(n-l)) != 0
}
