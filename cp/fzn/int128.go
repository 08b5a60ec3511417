package fzn

// int128 is a signed 128-bit integer, enough for the checker to evaluate
// Σ aᵢxᵢ exactly: coefficients and values are 64-bit, so each product fits
// and a sum of fewer than 2^62 products does.

import "math/bits"

type int128 struct {
	hi int64
	lo uint64
}

// i128 returns v as an int128.
func i128(v int64) int128 { return int128{v >> 63, uint64(v)} }

// mul128 returns a·b exactly.
func mul128(a, b int64) int128 {
	neg := (a < 0) != (b < 0)
	hi, lo := bits.Mul64(absU64(a), absU64(b))
	r := int128{int64(hi), lo}
	if neg {
		r = r.neg()
	}
	return r
}

func absU64(v int64) uint64 {
	if v < 0 {
		return uint64(-v)
	}
	return uint64(v)
}

func (x int128) neg() int128 {
	lo, borrow := bits.Sub64(0, x.lo, 0)
	return int128{-x.hi - int64(borrow), lo}
}

func (x int128) add(y int128) int128 {
	lo, c := bits.Add64(x.lo, y.lo, 0)
	return int128{x.hi + y.hi + int64(c), lo}
}

// cmp returns -1, 0 or 1 as x is less than, equal to or greater than y.
func (x int128) cmp(y int128) int {
	switch {
	case x.hi < y.hi:
		return -1
	case x.hi > y.hi:
		return 1
	case x.lo < y.lo:
		return -1
	case x.lo > y.lo:
		return 1
	}
	return 0
}
