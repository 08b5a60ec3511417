package dobble

import (
	"math/bits"
	"slices"
)

// bitset is a fixed-size set of small integers.
type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (b bitset) set(i int)      { b[i/64] |= 1 << (i % 64) }
func (b bitset) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }
func (b bitset) clone() bitset  { return slices.Clone(b) }
func (b bitset) and(c bitset) {
	for i := range b {
		b[i] &= c[i]
	}
}
func (b bitset) andNot(c bitset) {
	for i := range b {
		b[i] &^= c[i]
	}
}
func (b bitset) empty() bool { return !slices.ContainsFunc(b, func(w uint64) bool { return w != 0 }) }
func (b bitset) clear(i int) { b[i/64] &^= 1 << (i % 64) }

// first returns the smallest member, or −1.
func (b bitset) first() int { return b.next(0) }

// next returns the smallest member at least i, or −1.
func (b bitset) next(i int) int {
	for w := i / 64; w < len(b); w++ {
		word := b[w]
		if w == i/64 {
			word &^= 1<<(i%64) - 1
		}
		if word != 0 {
			return w*64 + bits.TrailingZeros64(word)
		}
	}
	return -1
}

func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}
