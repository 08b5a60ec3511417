package games

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Sums of heaps in normal play: the Sprague–Grundy theorem (Sprague 1935,
// Grundy 1939) gives a sum the exclusive or of its heaps' values, and the
// player to move loses exactly when that nim-sum is 0. A winning move
// turns one heap of value v into heaps of value v ⊕ s, where s is the
// nim-sum; for Nim (Bouton 1901) that is the heap h with h ⊕ s < h, taken
// down to h ⊕ s.

// Move is a move in a sum of heaps: the heap at index Heap of the
// position, which has Size tokens, becomes the heaps of Split.
type Move struct {
	Heap, Size int
	Split
}

// String describes the move, e.g. "7 → 1 (take 6)" or "10 → 3 + 5
// (take 2)".
func (m Move) String() string {
	var to string
	switch {
	case m.A > 0:
		to = fmt.Sprintf("%d + %d", m.A, m.B)
	default:
		to = strconv.Itoa(m.B)
	}
	return fmt.Sprintf("%d → %s (take %d)", m.Size, to, m.Take)
}

// Apply returns the position after m is played in heaps, which is not
// modified: the moved heap is replaced by the non-empty parts of the
// split.
func (m Move) Apply(heaps []int) []int {
	out := append([]int(nil), heaps[:m.Heap]...)
	for _, h := range []int{m.A, m.B} {
		if h > 0 {
			out = append(out, h)
		}
	}
	return append(out, heaps[m.Heap+1:]...)
}

// Analysis is the normal-play evaluation of a sum of heaps.
type Analysis struct {
	// Values holds the Grundy value of each heap, in input order.
	Values []int
	// Nimber is the exclusive or of Values; the player to move wins
	// exactly when it is not 0.
	Nimber int
	// Winning lists every move to a position of nimber 0, by heap index
	// and then as Splits orders them. It is empty when Nimber is 0.
	Winning []Move
}

// checkHeaps returns an error for a negative heap or one beyond limit.
func checkHeaps(heaps []int, limit int) error {
	for i, h := range heaps {
		if h < 0 || h > limit {
			return fmt.Errorf("heap %d has %d tokens: want 0..%d", i+1, h, limit)
		}
	}
	return nil
}

// Analyse evaluates the sum of heaps of the octal game in normal play.
// Heaps must be in 0..MaxSequence.
func (g Octal) Analyse(ctx context.Context, heaps []int) (Analysis, error) {
	if err := checkHeaps(heaps, MaxSequence); err != nil {
		return Analysis{}, err
	}
	seq, err := g.Sequence(ctx, maxOf(heaps))
	if err != nil {
		return Analysis{}, err
	}
	an := Analysis{Values: make([]int, len(heaps))}
	for i, h := range heaps {
		an.Values[i] = seq[h]
		an.Nimber ^= seq[h]
	}
	if an.Nimber == 0 {
		return an, nil
	}
	for i, h := range heaps {
		want := an.Nimber ^ seq[h]
		for sp := range g.Splits(h) {
			if seq[sp.A]^seq[sp.B] == want {
				an.Winning = append(an.Winning, Move{Heap: i, Size: h, Split: sp})
			}
		}
	}
	return an, nil
}

// Nim evaluates a position of Nim, where a move takes any number of tokens
// from one heap: the value of a heap is its size. Heaps must not be
// negative.
func Nim(heaps []int) (Analysis, error) {
	if err := checkHeaps(heaps, int(^uint(0)>>1)); err != nil {
		return Analysis{}, err
	}
	an := Analysis{Values: append([]int(nil), heaps...)}
	for _, h := range heaps {
		an.Nimber ^= h
	}
	for i, h := range heaps {
		if to := h ^ an.Nimber; to < h {
			an.Winning = append(an.Winning, Move{Heap: i, Size: h, Split: Split{Take: h - to, B: to}})
		}
	}
	return an, nil
}

// nimSplits yields the moves of Nim on a heap of n tokens: down to n−1,
// …, 0.
func nimSplits(n int) []Split {
	out := make([]Split, 0, n)
	for to := n - 1; to >= 0; to-- {
		out = append(out, Split{Take: n - to, B: to})
	}
	return out
}

// maxOf returns the largest of xs, 0 for none.
func maxOf(xs []int) int {
	m := 0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

// heapsLabel writes a position as "3+5+5", or "0" for the empty sum.
func heapsLabel(heaps []int) string {
	if len(heaps) == 0 {
		return "0"
	}
	parts := make([]string, len(heaps))
	for i, h := range heaps {
		parts[i] = strconv.Itoa(h)
	}
	return strings.Join(parts, "+")
}
