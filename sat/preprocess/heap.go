package preprocess

// varHeap is the elimination queue: a binary min-heap of variables ordered
// by the number of resolution pairs, nocc[x]·nocc[¬x], which changes while
// a variable is in the heap; update restores the order after such a
// change. Ties are broken by variable index, so the elimination order is
// deterministic.
type varHeap struct {
	nocc []int32 // the simplifier's occurrence counts, per literal
	heap []int32
	pos  []int32 // pos[v] is v's index in heap, or -1
}

func newVarHeap(nvars int, nocc []int32) varHeap {
	h := varHeap{nocc: nocc, pos: make([]int32, nvars+1)}
	for i := range h.pos {
		h.pos[i] = -1
	}
	return h
}

func (h *varHeap) cost(v int32) int64 {
	return int64(h.nocc[2*v]) * int64(h.nocc[2*v+1])
}

func (h *varHeap) less(a, b int32) bool {
	ca, cb := h.cost(a), h.cost(b)
	return ca < cb || ca == cb && a < b
}

func (h *varHeap) empty() bool { return len(h.heap) == 0 }

// update inserts v or, when present, moves it to its place for its
// current cost.
func (h *varHeap) update(v int) {
	i := h.pos[v]
	if i < 0 {
		i = int32(len(h.heap))
		h.heap = append(h.heap, int32(v))
		h.pos[v] = i
	}
	h.up(i)
	h.down(h.pos[v])
}

// pop removes and returns the variable of least cost.
func (h *varHeap) pop() int {
	v := h.heap[0]
	last := h.heap[len(h.heap)-1]
	h.heap = h.heap[:len(h.heap)-1]
	h.pos[v] = -1
	if len(h.heap) > 0 {
		h.heap[0] = last
		h.pos[last] = 0
		h.down(0)
	}
	return int(v)
}

func (h *varHeap) up(i int32) {
	v := h.heap[i]
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(v, h.heap[p]) {
			break
		}
		h.heap[i] = h.heap[p]
		h.pos[h.heap[i]] = i
		i = p
	}
	h.heap[i] = v
	h.pos[v] = i
}

func (h *varHeap) down(i int32) {
	v := h.heap[i]
	n := int32(len(h.heap))
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && h.less(h.heap[c+1], h.heap[c]) {
			c++
		}
		if !h.less(h.heap[c], v) {
			break
		}
		h.heap[i] = h.heap[c]
		h.pos[h.heap[i]] = i
		i = c
	}
	h.heap[i] = v
	h.pos[v] = i
}

// remove takes v out of the heap if it is there.
func (h *varHeap) remove(v int) {
	i := h.pos[v]
	if i < 0 {
		return
	}
	h.pos[v] = -1
	last := h.heap[len(h.heap)-1]
	h.heap = h.heap[:len(h.heap)-1]
	if int(i) == len(h.heap) {
		return
	}
	h.heap[i] = last
	h.pos[last] = i
	h.up(i)
	h.down(h.pos[last])
}
