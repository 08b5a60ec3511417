package line

import (
	"math/bits"

	"github.com/satsolve/satsolve/models/nonogram"
)

// The bit-parallel line solver for lines of any length: the recurrence of
// bits.go on bit sets of several words (word i holds cells 64i..64i+63),
// so a line of n cells costs O(k · log n · n/64) word operations for k
// blocks instead of the dynamic programme's O(n · k) cell steps.

// WordSet is a bit set over the cells of one line, ⌈n/64⌉ words.
type WordSet []uint64

// BitsN is the scratch space of the multi-word solver. The zero value
// is ready to use.
type BitsN struct {
	s, fr   []uint64 // k and k+1 sets of nw words
	tmp     [6]WordSet
	nw      int
	topMask uint64 // the valid bits of the last word
}

// setup sizes the scratch space for a line of n cells and k blocks.
func (bl *BitsN) setup(n, k int) {
	nw := (n + 63) / 64
	bl.nw = nw
	bl.topMask = LowMask(n - (nw-1)*64)
	bl.s = Grow(bl.s, k*nw)
	bl.fr = Grow(bl.fr, (k+1)*nw)
	for i := range bl.tmp {
		bl.tmp[i] = Grow(bl.tmp[i], nw)
	}
}

func (bl *BitsN) sSet(j int) WordSet  { return bl.s[j*bl.nw : (j+1)*bl.nw] }
func (bl *BitsN) frSet(j int) WordSet { return bl.fr[j*bl.nw : (j+1)*bl.nw] }

// shr sets d to s shifted towards cell 0 by k (bits leaving at the bottom
// are lost, zeros enter at the top). d and s may be the same.
func shr(d, s WordSet, k int) {
	q, r := k/64, uint(k%64)
	n := len(s)
	for i := 0; i < n; i++ {
		var x uint64
		if i+q < n {
			x = s[i+q] >> r
			if r != 0 && i+q+1 < n {
				x |= s[i+q+1] << (64 - r)
			}
		}
		d[i] = x
	}
}

// shl sets d to s shifted away from cell 0 by k, cut to the set's words
// (the caller masks the top word). d and s may be the same.
func shl(d, s WordSet, k int) {
	q, r := k/64, uint(k%64)
	for i := len(s) - 1; i >= 0; i-- {
		var x uint64
		if i-q >= 0 {
			x = s[i-q] << r
			if r != 0 && i-q-1 >= 0 {
				x |= s[i-q-1] >> (64 - r)
			}
		}
		d[i] = x
	}
}

func isZero(s WordSet) bool {
	for _, x := range s {
		if x != 0 {
			return false
		}
	}
	return true
}

// fitN sets d to the starts of runs of l cells inside m (see fitMask).
func (bl *BitsN) fitN(d, m WordSet, l int) {
	copy(d, m)
	t := bl.tmp[5]
	for s := 1; s < l; {
		step := min(s, l-s)
		shr(t, d, step)
		for i := range d {
			d[i] &= t[i]
		}
		s += step
	}
}

// coverN ors into d the cells covered by runs of l cells starting at the
// bits of v (see coverMask); v is overwritten.
func (bl *BitsN) coverN(d, v WordSet, l int) {
	t := bl.tmp[5]
	for s := 1; s < l; {
		step := min(s, l-s)
		shl(t, v, step)
		for i := range v {
			v[i] |= t[i]
		}
		s += step
	}
	for i := range d {
		d[i] |= v[i]
	}
}

// fillUpN sets s (seeds, s ⊆ m) to the cells reached from them upwards
// through m (see fillUp): one addition with carry across the words.
func fillUpN(s, m WordSet) {
	var carry uint64
	for i := range s {
		sum, c := bits.Add64(m[i], s[i], carry)
		carry = c
		s[i] = (sum ^ m[i] | s[i]) & m[i]
	}
}

// fillDownN sets s (seeds, s ⊆ m) to the cells reached from them
// downwards through m (see fillDown), a word at a time from the top: a
// word's lowest cell reached carries into the top cell of the word below.
func fillDownN(s, m WordSet) {
	carry := uint64(0) // 1<<63 when the cell above this word is reached
	for i := len(s) - 1; i >= 0; i-- {
		x := fillDown(s[i]|m[i]&carry, m[i], 64)
		s[i] = x
		carry = x << 63
	}
}

// Solve refines a line of n cells, known black cells fill and known white
// cells empt (⌈n/64⌉ words each), by the clue, writing the known cells of
// the result into nf and ne; it returns false when the line has no
// completion. It computes what Bits.Solve does for one word.
func (bl *BitsN) Solve(clue nonogram.Clue, n int, fill, empt, nf, ne WordSet) bool {
	k := len(clue)
	bl.setup(n, k)
	nw, top := bl.nw, bl.topMask
	for i := range nw {
		if fill[i]&empt[i] != 0 {
			return false
		}
	}
	if k == 0 {
		for i := range nw {
			if fill[i] != 0 {
				return false
			}
			nf[i], ne[i] = 0, ^uint64(0)
		}
		ne[nw-1] = top
		return true
	}
	nb, nwm := bl.tmp[0], bl.tmp[1] // may be white, may be black
	for i := range nw {
		nb[i], nwm[i] = ^fill[i], ^empt[i]
	}
	nb[nw-1] &= top
	nwm[nw-1] &= top

	// FR_0: the cells before the first black one.
	fr0 := bl.frSet(0)
	first := -1
	for i := range nw {
		if fill[i] != 0 {
			first = i*64 + bits.TrailingZeros64(fill[i])
			break
		}
	}
	for i := range nw {
		fr0[i] = ^uint64(0)
		if first >= 0 {
			switch {
			case i*64 > first:
				fr0[i] = 0
			case i*64+64 > first:
				fr0[i] = LowMask(first - i*64)
			}
		}
	}
	fr0[nw-1] &= top
	fit, t := bl.tmp[2], bl.tmp[3]
	for j, l := range clue {
		if l > n {
			return false
		}
		bl.fitN(fit, nwm, l)
		s := bl.sSet(j)
		shl(s, bl.frSet(j), 1)
		if j == 0 {
			s[0] |= 1
		}
		for i := range nw {
			s[i] &= fit[i]
		}
		if isZero(s) {
			return false
		}
		next := bl.frSet(j + 1)
		shl(next, s, l)
		for i := range nw {
			next[i] &= nb[i]
		}
		fillUpN(next, nb)
	}

	// Backward: BR_k is the cells after the last black one.
	br := bl.tmp[4]
	last := -1
	for i := nw - 1; i >= 0; i-- {
		if fill[i] != 0 {
			last = i*64 + 63 - bits.LeadingZeros64(fill[i])
			break
		}
	}
	for i := range nw {
		br[i] = ^uint64(0)
		if last >= 0 {
			switch {
			case i*64+63 <= last:
				br[i] = 0
			case i*64 <= last:
				br[i] = ^LowMask(last - i*64 + 1)
			}
		}
	}
	br[nw-1] &= top
	canWhite, canBlack := ne, nf // accumulate in the outputs
	for i := range nw {
		canWhite[i] = bl.frSet(k)[i] & br[i]
		canBlack[i] = 0
	}
	for j := k - 1; j >= 0; j-- {
		l := clue[j]
		shr(t, br, l)
		if j == k-1 {
			t[(n-l)/64] |= 1 << uint((n-l)%64) // the block ends the line
		}
		bl.fitN(fit, nwm, l)
		for i := range nw {
			t[i] &= fit[i] // T_j
		}
		s := bl.sSet(j)
		empty := true
		for i := range nw {
			s[i] &= t[i] // S_j ∩ T_j
			if s[i] != 0 {
				empty = false
			}
		}
		if empty {
			return false
		}
		bl.coverN(canBlack, s, l)
		shr(br, t, 1)
		for i := range nw {
			br[i] &= nb[i]
		}
		fillDownN(br, nb)
		fr := bl.frSet(j)
		for i := range nw {
			canWhite[i] |= fr[i] & br[i]
		}
	}
	for i := range nw {
		mask := ^uint64(0)
		if i == nw-1 {
			mask = top
		}
		f2 := mask &^ canWhite[i]
		e2 := mask &^ canBlack[i]
		if f2&e2 != 0 {
			return false
		}
		nf[i], ne[i] = f2, e2
	}
	return true
}
