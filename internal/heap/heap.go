package heap

import "cmp"

// Max is a binary max-heap of the integers 0..n-1 (n set by Grow), ordered
// by a key per integer that the caller owns and passes to every call that
// moves an element: the caller may grow its key slice between calls (it
// must have an entry for each integer in the heap), but must call Raised
// after raising the key of an integer in the heap, and must not lower one
// there. The zero value is an empty heap over no integers.
//
// Invariant: pos[items[i]] == i for every i, pos[x] == -1 for every x
// not in the heap, and no element comes before its parent.
type Max[K cmp.Ordered] struct {
	items []int32 // the heap, as an implicit binary tree
	pos   []int32 // per integer: its index in items, or -1
	// TieBreak, when set before the first Push, puts the smaller integer
	// first among equal keys, so that the order is a total one; without
	// it equal keys come out in an order that depends on the history.
	TieBreak bool
}

// Grow makes the heap able to hold the integers 0..n-1 (it never shrinks).
func (h *Max[K]) Grow(n int) {
	for len(h.pos) < n {
		h.pos = append(h.pos, -1)
	}
}

// Len returns the number of integers in the heap.
func (h *Max[K]) Len() int { return len(h.items) }

// Contains reports whether x is in the heap.
func (h *Max[K]) Contains(x int) bool { return h.pos[x] >= 0 }

// Top returns the integer of largest key without removing it; the heap
// must not be empty.
func (h *Max[K]) Top() int { return int(h.items[0]) }

// Push inserts x unless it is in the heap.
func (h *Max[K]) Push(x int, key []K) {
	if h.pos[x] >= 0 {
		return
	}
	h.items = append(h.items, int32(x))
	h.up(len(h.items)-1, key) // which sets pos[x]
}

// Pop removes and returns the integer of largest key; the heap must not
// be empty.
func (h *Max[K]) Pop(key []K) int {
	x := h.items[0]
	last := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	h.pos[x] = -1
	if len(h.items) > 0 {
		h.items[0] = last
		h.pos[last] = 0
		h.down(0, key)
	}
	return int(x)
}

// Raised restores the order after x's key grew; x need not be in the
// heap.
func (h *Max[K]) Raised(x int, key []K) {
	if i := h.pos[x]; i >= 0 {
		h.up(int(i), key)
	}
}

// before reports whether a comes strictly before b.
func (h *Max[K]) before(a, b int32, key []K) bool {
	ka, kb := key[a], key[b]
	return ka > kb || h.TieBreak && ka == kb && a < b
}

func (h *Max[K]) up(i int, key []K) {
	x := h.items[i]
	for i > 0 {
		p := (i - 1) >> 1
		y := h.items[p]
		if !h.before(x, y, key) {
			break
		}
		h.items[i] = y
		h.pos[y] = int32(i)
		i = p
	}
	h.items[i] = x
	h.pos[x] = int32(i)
}

func (h *Max[K]) down(i int, key []K) {
	x := h.items[i]
	n := len(h.items)
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && h.before(h.items[r], h.items[c], key) {
			c = r
		}
		y := h.items[c]
		if !h.before(y, x, key) {
			break
		}
		h.items[i] = y
		h.pos[y] = int32(i)
		i = c
	}
	h.items[i] = x
	h.pos[x] = int32(i)
}
