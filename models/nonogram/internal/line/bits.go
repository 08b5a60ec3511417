package line

import (
	"math/bits"

	"github.com/satsolve/satsolve/models/nonogram"
)

// The bit-parallel line solver, for lines of at most 64 cells.
//
// A line is two words: fill (cells known black) and empt (cells known
// white), bit i for cell i. The solver computes the same answer as the
// dynamic programme of dp.go (every cell that has one colour in all
// completions, or a contradiction), but on whole words: each block costs a
// handful of shifts, ands and one addition instead of a loop over cells.
//
// Write nb = ^fill (cells that may be white) and nw = ^empt (cells that may
// be black), both cut to the n cells of the line. For block j of length L:
//
//	fit_j    starts a with cells a..a+L−1 all in nw (log L shifts)
//	FR_j     cells c of gap j (before block j, after block j−1) that the
//	         blocks 0..j−1 can precede with c white: for j = 0 the cells
//	         before the first black one, else the cells reached upwards
//	         through nb from the cell after some placement of block j−1
//	S_j      starts of block j with blocks 0..j−1 placed before it:
//	         fit_j ∩ (FR_j << 1), plus a = 0 for j = 0
//	BR_j     the mirror image of FR_j: cells of gap j that blocks j..k−1
//	         can follow with c white (filled downwards from the cell before
//	         some start in T_j; for j = k the cells after the last black)
//	T_j      starts of block j with blocks j+1..k−1 placed after it:
//	         fit_j ∩ (BR_{j+1} >> L), plus a = n−L for j = k−1
//
// A placement of block j at a occurs in some completion exactly when a is
// in S_j ∩ T_j: the white cells on either side of the block split the line
// into two parts that are completed independently. Likewise a cell can be
// white in gap j exactly when it is in FR_j ∩ BR_j. So
//
//	can be black  = ⋃_j cover(S_j ∩ T_j, L_j)
//	can be white  = ⋃_j FR_j ∩ BR_j
//
// and the line has no completion when S_{k−1} ∩ T_{k−1} is empty. The
// upward fill through a mask M from seeds s ⊆ M is one addition:
// ((M + s) ^ M | s) & M (the carry runs from the lowest seed of each run
// of M to its top); the downward fill is an occluded (Kogge–Stone) fill in
// log n steps. This is the bitboard idea of tournament solvers such as
// Requiem, with an exact recurrence; lines longer than 64 cells use the
// dynamic programme.
//
// The cost, on the tournament puzzles' 25-cell lines (6.4 blocks a call):
// about 770 instructions a solve, some 30 a block forward and 60
// backward. The backward pass is a chain of dependent operations from
// block to block (T_j, its seeds, the fill's steps, the shift by L_{j−1})
// and CPU time follows that chain's length as much as the instruction
// count: a change that saves instructions but adds a step to the chain
// loses (docs/nonogram.md, the line solver's cost). Placing the blocks of
// a known prefix and suffix without the recurrence (a fifth of all blocks)
// cost more per call than it saved, and reversing the line to fill
// upwards needs two reversals a block in software.

// MaxBits is the longest line the bit-parallel solver takes.
const MaxBits = 64

// Bits is the scratch space of the bit-parallel solver. The zero value
// is ready to use.
type Bits struct {
	s      [MaxBits/2 + 1]uint64 // S_j: a line of 64 cells holds at most 32 blocks
	fr     [MaxBits/2 + 2]uint64 // FR_j, j = 0..k
	fit    [MaxBits/2 + 1]uint64 // fit_j
	Starts [MaxBits/2 + 1]uint64 // after a successful solve: S_j ∩ T_j, the starts of block j in some completion
}

// LowMask returns the word with the n lowest bits set (0 ≤ n ≤ 64).
func LowMask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(n) - 1
}

// FitMask returns the starts a of a run of L cells inside m: bit a is set
// when bits a..a+L−1 of m all are. Bits beyond the word count as clear.
// Short blocks, most of a tournament puzzle's, take no loop.
func FitMask(m uint64, l int) uint64 {
	switch l {
	case 1:
		return m
	case 2:
		return m & (m >> 1)
	case 3:
		return m & (m >> 1) & (m >> 2)
	case 4:
		m &= m >> 1
		return m & (m >> 2)
	}
	for s := 1; s < l; {
		step := min(s, l-s)
		m &= m >> uint(step)
		s += step
	}
	return m
}

// coverMask returns the cells covered by runs of L cells starting at the
// bits of v: bit c is set when some a ≤ c < a+L has bit a set in v.
func coverMask(v uint64, l int) uint64 {
	switch l {
	case 1:
		return v
	case 2:
		return v | v<<1
	case 3:
		return v | v<<1 | v<<2
	case 4:
		v |= v << 1
		return v | v<<2
	}
	for s := 1; s < l; {
		step := min(s, l-s)
		v |= v << uint(step)
		s += step
	}
	return v
}

// FillUp returns the cells reached from the seeds s ⊆ m going upwards
// through m: bit c is set when some seed a ≤ c has bits a..c all in m.
func FillUp(s, m uint64) uint64 {
	return ((m + s) ^ m | s) & m
}

// fillDown returns the cells reached from the seeds s ⊆ m going downwards
// through m, for a line of n cells: bit c is set when some seed a ≥ c has
// bits c..a all in m.
func fillDown(s, m uint64, n int) uint64 {
	s |= m & (s >> 1)
	m &= m >> 1
	s |= m & (s >> 2)
	m &= m >> 2
	s |= m & (s >> 4)
	m &= m >> 4
	s |= m & (s >> 8)
	if n <= 16 {
		return s
	}
	m &= m >> 8
	s |= m & (s >> 16)
	if n <= 32 {
		return s
	}
	m &= m >> 16
	return s | m&(s>>32)
}

// Solve refines a line of n ≤ 64 cells, known black cells fill and known
// white cells empt, by the clue: it returns the known cells of the result
// (every cell with one colour in all completions) and true, or false when
// the line has no completion.
func (bl *Bits) Solve(clue nonogram.Clue, n int, fill, empt uint64) (uint64, uint64, bool) {
	full := LowMask(n)
	k := len(clue)
	if fill&empt != 0 {
		return 0, 0, false
	}
	if k == 0 {
		if fill != 0 {
			return 0, 0, false
		}
		return 0, full, true
	}
	if k > MaxBits/2+1 {
		return 0, 0, false // more blocks than fit in 64 cells
	}
	nb := full &^ fill // may be white
	nw := full &^ empt // may be black
	s, fr, fits, vs := bl.s[:k], bl.fr[:k+1], bl.fit[:k], bl.Starts[:k]

	// Forward: FR_0 is the cells before the first black one. A block
	// longer than the line fits nowhere (fitMask shifts it out).
	prev := full
	if fill != 0 {
		prev = fill&-fill - 1
	}
	seed := prev<<1 | 1
	for j, l := range clue {
		fr[j] = prev
		fit := FitMask(nw, l)
		fits[j] = fit
		sj := fit & seed
		if sj == 0 {
			return 0, 0, false
		}
		s[j] = sj
		// Shifts by a count masked to 63 take one instruction (Go's
		// shift by 64 or more, zero, costs three more): l ≤ 64 here, and
		// a block of 64 cells shifts out whole in two steps.
		prev = FillUp(sj<<(uint(l-1)&63)<<1&nb, nb)
		seed = prev << 1
	}

	// Backward, from BR_k (the cells after the last black one), combining
	// with the forward sets on the way; next holds BR_{j+1} >> L_j, with
	// the start that ends the line for the last block.
	br := full
	if fill != 0 {
		br = full &^ (uint64(2)<<uint(63-bits.LeadingZeros64(fill)) - 1)
	}
	canWhite := prev & br
	var canBlack uint64
	// The downward fill through nb (fillDown) in steps of 1, 2, 4, 8, 16
	// and 32 cells uses the runs of nb of those lengths, the same for
	// every block: computed once.
	m1 := nb & (nb >> 1)
	m2 := m1 & (m1 >> 2)
	m4 := m2 & (m2 >> 4)
	m8 := m4 & (m4 >> 8)
	m16 := m8 & (m8 >> 16)
	l := clue[k-1]
	next := br>>uint(l) | 1<<uint(n-l)
	for j := k - 1; j >= 0; j-- {
		t := fits[j] & next
		v := s[j] & t
		if v == 0 {
			return 0, 0, false
		}
		vs[j] = v
		canBlack |= coverMask(v, clue[j])
		// The seeds t >> 1 & nb and the fill's first step, nb & (seeds
		// >> 1) = t >> 2 & m1, side by side: two fewer steps on the
		// chain of dependent fills from block to block.
		br = t>>1&nb | t>>2&m1
		br |= m1 & (br >> 2)
		br |= m2 & (br >> 4)
		br |= m4 & (br >> 8)
		br |= m8 & (br >> 16)
		// m16 is zero on lines of at most 32 cells (and on longer lines
		// without a run of 32 cells in nb): the step is skipped there, by
		// a test on m16 rather than n, which would stay live in a
		// register the loop lacks. (Taking the step always, untested,
		// lengthens the chain of dependent fills: 1-2% more CPU.)
		if m16 != 0 {
			br |= m16 & (br >> 32)
		}
		canWhite |= fr[j] & br
		if j > 0 {
			// Blocks j−1 and j both fit, so L_{j−1} ≤ 62.
			next = br >> (uint(clue[j-1]) & 63)
		}
	}
	f2 := full &^ canWhite
	e2 := full &^ canBlack
	if f2&e2 != 0 {
		return 0, 0, false
	}
	return f2, e2, true
}
