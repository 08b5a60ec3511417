package games

import "slices"

// Heap games tabulated for the searches over whole positions (misère play,
// explicit game graphs): a position is the string of its live heaps in
// increasing order, one byte per heap, which is its own map key.

// MaxGraphHeap is the largest heap of such searches and of explicit game
// graphs (the SAT cross-check): a position stores each heap in one byte.
const MaxGraphHeap = 255

// heapRules are the moves of a heap game, tabulated for heaps up to a
// bound: what a heap can become, which heaps have no move, and normal-play
// heap values to order the search.
type heapRules struct {
	splits [][]Split
	live   []bool
	value  []int
}

// octalRules tabulates g for heaps up to len(seq)−1, with values seq.
func octalRules(g Octal, seq []int) heapRules {
	r := heapRules{splits: make([][]Split, len(seq)), live: make([]bool, len(seq)), value: seq}
	for n := range seq {
		for sp := range g.Splits(n) {
			r.splits[n] = append(r.splits[n], sp)
		}
		r.live[n] = !g.Dead(n)
	}
	return r
}

// nimRules tabulates Nim for heaps up to max.
func nimRules(max int) heapRules {
	r := heapRules{splits: make([][]Split, max+1), live: make([]bool, max+1), value: make([]int, max+1)}
	for n := range r.splits {
		r.splits[n] = nimSplits(n)
		r.live[n] = n > 0
		r.value[n] = n
	}
	return r
}

// canonical returns the live heaps of a position in increasing order, one
// byte each. The heaps must be tabulated.
func (r heapRules) canonical(heaps []int) string {
	b := make([]byte, 0, len(heaps))
	for _, h := range heaps {
		if r.live[h] {
			b = append(b, byte(h))
		}
	}
	slices.Sort(b)
	return string(b)
}

// option returns the canonical position after the heap p[i] is split as sp.
func (r heapRules) option(p string, i int, sp Split) string {
	b := make([]byte, 0, len(p)+1)
	b = append(b, p[:i]...)
	b = append(b, p[i+1:]...)
	for _, h := range []int{sp.A, sp.B} {
		if r.live[h] {
			j, _ := slices.BinarySearch(b, byte(h))
			b = slices.Insert(b, j, byte(h))
		}
	}
	return string(b)
}
