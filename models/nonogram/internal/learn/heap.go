package learn

import "github.com/satsolve/satsolve/internal/heap"

// varHeap orders the open cells of the learning search by activity
// (VSIDS: every cell met in a conflict analysis is bumped, and the bump
// grows by 1/0.95 per conflict, so recent conflicts weigh most): the
// module's indexed max-heap (internal/heap) over the cells, the most
// active first and, among equal activities, the lowest cell.
type varHeap struct {
	act []float64
	inc float64
	dec float64 // the decay factor
	h   heap.Max[float64]
}

// init makes the order of n cells, every one in it, none active yet.
func (o *varHeap) init(n int) {
	o.act = make([]float64, n)
	o.inc, o.dec = 1, 0.95
	o.h = heap.Max[float64]{TieBreak: true}
	o.h.Grow(n)
	for i := range n {
		o.h.Push(i, o.act)
	}
}

// push adds cell v unless it is in the heap.
func (o *varHeap) push(v int) { o.h.Push(v, o.act) }

// pop removes and returns the most active cell, or −1 when empty.
func (o *varHeap) pop() int {
	if o.h.Len() == 0 {
		return -1
	}
	return o.h.Pop(o.act)
}

// bump raises cell v's activity.
func (o *varHeap) bump(v int) {
	o.act[v] += o.inc
	if o.act[v] > 1e100 {
		for i := range o.act {
			o.act[i] *= 1e-100
		}
		o.inc *= 1e-100
	}
	o.h.Raised(v, o.act)
}

// decay makes later bumps weigh more.
func (o *varHeap) decay() { o.inc /= o.dec }
