package nonogram

import "math/bits"

// The packed line cache.
//
// For lines of at most 32 cells (every tournament puzzle, most survey
// puzzles), the board keeps each line's cells packed two bits a cell, in
// the Cell encoding, in one word that setting and undoing a cell update.
// That word is then the whole cache key, in a map per line: a cache hit
// costs one lookup of a uint64 instead of copying the line out and hashing
// it as a string, and the cells a hit fixes are the set bit pairs of
// answer &^ state. Longer lines go through the general cache (board.go).

// maxPacked is the longest line kept packed.
const maxPacked = 32

// packedContradiction is the cached answer for a line with no completion
// (no cell encoding has both bits set).
const packedContradiction = ^uint64(0)

// pack records colour v of cell i (or clears it, for Unknown) in the
// packed states of its row and column.
func (b *board) pack(i int, v Cell) {
	r, c := int(b.rowOf[i]), int(b.colOf[i])
	b.state[r] = b.state[r]&^(3<<(2*c)) | uint64(v)<<(2*c)
	b.state[b.h+c] = b.state[b.h+c]&^(3<<(2*r)) | uint64(v)<<(2*r)
}

// enablePacked turns the packed cache on, for a board whose lines are
// all at most maxPacked cells long.
func (b *board) enablePacked() {
	b.packed = true
	n := len(b.cells)
	b.rowOf, b.colOf = make([]int32, n), make([]int32, n)
	for i := range n {
		b.rowOf[i], b.colOf[i] = int32(i/b.w), int32(i%b.w)
	}
	b.state = make([]uint64, b.w+b.h)
	b.pcache = make([]map[uint64]uint64, b.w+b.h)
	for l := range b.pcache {
		b.pcache[l] = make(map[uint64]uint64)
	}
	for i, v := range b.cells {
		if v != Unknown {
			b.pack(i, v)
		}
	}
}

// cellOf returns the index of cell k of line l.
func (b *board) cellOf(l, k int) int {
	if l < b.h {
		return l*b.w + k
	}
	return k*b.w + l - b.h
}

// solvePacked line-solves line l through the packed cache and sets the
// cells it fixes, queueing their crossing lines. It returns false when the
// line has no completion.
func (b *board) solvePacked(l int) bool {
	st := b.state[l]
	cache := b.pcache[l]
	ans, ok := cache[st]
	if ok {
		b.cacheHits++
	} else {
		b.lineSolves++
		n := b.lineCells(l)
		ans = packedContradiction
		if b.ls.solve(b.p.line(l), b.buf[:n], b.out[:n]) {
			ans = 0
			for k := n - 1; k >= 0; k-- {
				ans = ans<<2 | uint64(b.out[k])
			}
		}
		if len(cache) >= maxCache/len(b.pcache) {
			clear(cache)
		}
		cache[st] = ans
	}
	if ans == packedContradiction {
		return false
	}
	for diff := ans &^ st; diff != 0; {
		k := bits.TrailingZeros64(diff) / 2
		diff &^= 3 << (2 * k)
		i := b.cellOf(l, k)
		v := Cell(ans >> (2 * k) & 3)
		b.cells[i] = v
		b.pack(i, v)
		b.trail = append(b.trail, int32(i))
		if l < b.h {
			b.enqueue(b.h + i%b.w)
		} else {
			b.enqueue(i / b.w)
		}
	}
	return true
}
