package games

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
)

// Grundy sequences of octal games, with the sparse-space speed-up.
//
// G(n) is the mex of the values of a heap's options: G(n−k) for a removal
// leaving one heap, G(a) ⊕ G(b) for a split a + b = n − k. The plain
// computation looks at every split, about t·n/2 of them for heap n and
// t·N²/4 for the whole sequence up to N.
//
// Sparse space (Gangolli and Plambeck 1989; Flammenkamp's octal-game
// tables): in many games the values fall in two classes for some bit mask
// M, "common" values with an odd number of bits in M and "rare" values with
// an even number, and only a few heaps have rare values. Since parity under
// M is additive under ⊕, a split value with odd parity needs one rare part,
// so every common-class option of a heap is found by pairing it with the
// few rare heaps. Rare-class candidates below the smallest missing common
// value are confirmed by scanning splits until a witness turns up, which
// for a candidate that is present happens after a few steps; only a heap
// whose value is itself rare pays for a full scan. The algorithm is exact
// for every mask; the mask only decides the speed. It is chosen
// periodically as the one that makes the fewest heaps rare, and the plain
// scan is used when no mask makes the rare heaps scarce (0.137, for
// instance, has no sparse space).

// MaxSequence is the largest n for which Sequence computes G(0..n).
const MaxSequence = 10_000_000

// Sequence returns the Grundy values G(0), …, G(n) of single heaps. It
// returns an error for n outside 0..MaxSequence, or ctx.Err() when ctx is
// cancelled first.
func (g Octal) Sequence(ctx context.Context, n int) ([]int, error) {
	if n < 0 || n > MaxSequence {
		return nil, fmt.Errorf("sequence length %d: want 0..%d", n, MaxSequence)
	}
	s := newSequencer(g, n)
	for i := 0; i <= n; i++ {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		s.maybeChooseMask(i)
		s.next()
	}
	out := make([]int, len(s.g))
	for i, v := range s.g {
		out[i] = int(v)
	}
	return out, nil
}

// sequencer computes G(0), G(1), … in order.
type sequencer struct {
	whole, single, split []int // removal sizes k, by what the rest becomes
	g                    []uint32
	g8, rev8             []byte // g as bytes, and rev8[last−i] = g[i]: used while values are below 32
	last                 int
	count                []int    // count[v]: heaps so far with value v
	seen                 []uint64 // option values of the current heap
	mask                 uint32   // sparse-space mask; 0 = plain scan
	rare                 []int    // heaps r ≥ 1 with a rare value, ascending
	fixedMask            bool     // tests pin the mask
}

func newSequencer(g Octal, n int) *sequencer {
	s := &sequencer{
		g:    make([]uint32, 0, n+1),
		g8:   make([]byte, 0, n+1),
		rev8: make([]byte, n+1),
		last: n,
		seen: make([]uint64, 1),
	}
	for k, d := range g.digits {
		if d&1 != 0 {
			s.whole = append(s.whole, k)
		}
		if d&2 != 0 {
			s.single = append(s.single, k)
		}
		if d&4 != 0 {
			s.split = append(s.split, k)
		}
	}
	return s
}

// useMask switches to sparse space under mask (0 for the plain scan) and
// rebuilds the list of rare heaps.
func (s *sequencer) useMask(mask uint32) {
	s.mask = mask
	s.rare = s.rare[:0]
	if mask == 0 {
		return
	}
	for r := 1; r < len(s.g); r++ {
		if s.isRare(s.g[r]) {
			s.rare = append(s.rare, r)
		}
	}
}

func (s *sequencer) isRare(v uint32) bool { return bits.OnesCount32(v&s.mask)%2 == 0 }

// maybeChooseMask picks the mask with the fewest rare heaps among the
// first n, at n = 64, 128, 256, … and then every 4096 heaps, and turns
// sparse space on when rare heaps are under one in eight.
func (s *sequencer) maybeChooseMask(n int) {
	if s.fixedMask || len(s.split) == 0 || n < 64 || n&(n-1) != 0 && n%4096 != 0 {
		return
	}
	width := bits.Len(uint(len(s.count) - 1))
	if width > 8 {
		s.useMask(0)
		return
	}
	best, bestRare := uint32(0), n
	for m := uint32(1); m < 1<<width; m++ {
		rare := 0
		for v, c := range s.count {
			if bits.OnesCount32(uint32(v)&m)%2 == 0 {
				rare += c
			}
		}
		if rare < bestRare {
			best, bestRare = m, rare
		}
	}
	if bestRare*8 >= n {
		best = 0
	}
	if best != s.mask {
		s.useMask(best)
	}
}

// next computes G(n) for n = len(s.g) and appends it.
func (s *sequencer) next() {
	n := len(s.g)
	clear(s.seen)
	for _, k := range s.whole {
		if n == k {
			s.add(0)
		}
	}
	for _, k := range s.single {
		if n > k {
			s.add(s.g[n-k])
		}
	}
	var v uint32
	if s.mask == 0 {
		s.scanAll(n)
		v = s.mex()
	} else {
		v = s.sparseMex(n)
	}
	s.g = append(s.g, v)
	s.g8 = append(s.g8, byte(v))
	s.rev8[s.last-n] = byte(v)
	for int(v) >= len(s.count) {
		s.count = append(s.count, 0)
	}
	s.count[v]++
	if s.mask != 0 && n >= 1 && s.isRare(v) {
		s.rare = append(s.rare, n)
	}
	// Every option value is below 2^b for b = bitlen(largest value), so
	// the mex is at most 2^b: seen must hold that bit too.
	if words := 1<<bits.Len(uint(len(s.count)-1))/64 + 1; words > len(s.seen) {
		s.seen = make([]uint64, words)
	}
}

func (s *sequencer) add(v uint32) { s.seen[v/64] |= 1 << (v % 64) }

func (s *sequencer) has(v uint32) bool { return s.seen[v/64]&(1<<(v%64)) != 0 }

// mex returns the least value not in seen.
func (s *sequencer) mex() uint32 {
	for i, w := range s.seen {
		if w != ^uint64(0) {
			return uint32(i*64 + bits.TrailingZeros64(^w))
		}
	}
	return uint32(len(s.seen) * 64)
}

// scanAll adds the value of every split of heap n.
func (s *sequencer) scanAll(n int) {
	if len(s.seen) == 1 {
		// All values are below 32: pair g[a] with g[m−a] as x[i] with
		// y[i] in the byte copies, both read forwards.
		for _, k := range s.split {
			if m := n - k; m >= 2 {
				h := m / 2
				s.seen[0] |= orPairs(s.g8[1:h+1], s.rev8[s.last-m+1:])
			}
		}
		return
	}
	g := s.g
	for _, k := range s.split {
		m := n - k
		for a := 1; a <= m/2; a++ {
			s.add(g[a] ^ g[m-a])
		}
	}
}

// orPairs returns the bit set of the values x[i] ⊕ y[i], i < len(x), all
// below 64. It reads eight pairs per step as two 64-bit words, whose
// exclusive or holds eight shift counts.
func orPairs(x, y []byte) uint64 {
	y = y[:len(x)]
	var seen uint64
	i := 0
	for ; i+8 <= len(x); i += 8 {
		z := binary.LittleEndian.Uint64(x[i:]) ^ binary.LittleEndian.Uint64(y[i:])
		seen |= 1<<(z&63) | 1<<(z>>8&63) | 1<<(z>>16&63) | 1<<(z>>24&63) |
			1<<(z>>32&63) | 1<<(z>>40&63) | 1<<(z>>48&63) | 1<<(z>>56&63)
	}
	for ; i < len(x); i++ {
		seen |= 1 << ((x[i] ^ y[i]) & 63)
	}
	return seen
}

// sparseMex computes the mex of heap n's options under sparse space.
func (s *sequencer) sparseMex(n int) uint32 {
	g := s.g
	for _, k := range s.split {
		m := n - k
		for _, r := range s.rare {
			if r >= m {
				break
			}
			s.add(g[r] ^ g[m-r])
		}
	}
	// seen now holds every option of the common class.
	for v := uint32(0); ; v++ {
		if s.has(v) {
			continue
		}
		if !s.isRare(v) || !s.splitWitness(n, v) {
			return v
		}
		s.add(v)
	}
}

// splitWitness reports whether some split of heap n has value v. It tries
// small parts first across every removal size, where a present value
// usually shows up within a period or two.
func (s *sequencer) splitWitness(n int, v uint32) bool {
	g := s.g
	for a := 1; 2*a <= n-s.split[0]; a++ {
		for _, k := range s.split {
			if b := n - k - a; b >= a && g[a]^g[b] == v {
				return true
			}
		}
	}
	return false
}
