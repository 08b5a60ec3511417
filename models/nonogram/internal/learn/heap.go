package learn

// varHeap orders the open cells of the learning search by activity
// (VSIDS: every cell met in a conflict analysis is bumped, and the bump
// grows by 1/0.95 per conflict, so recent conflicts weigh most). It is a
// binary max-heap of cells with each cell's position, −1 when absent.
type varHeap struct {
	act  []float64
	inc  float64
	dec  float64 // the decay factor
	heap []int32
	at   []int32
}

func (o *varHeap) init(n int) {
	o.act = make([]float64, n)
	o.inc, o.dec = 1, 0.95
	o.heap = make([]int32, 0, n)
	o.at = make([]int32, n)
	for i := range n {
		o.at[i] = int32(i)
		o.heap = append(o.heap, int32(i))
	}
}

func (o *varHeap) less(a, b int32) bool {
	if o.act[a] != o.act[b] {
		return o.act[a] > o.act[b]
	}
	return a < b
}

func (o *varHeap) up(i int) {
	x := o.heap[i]
	for i > 0 {
		p := (i - 1) / 2
		if !o.less(x, o.heap[p]) {
			break
		}
		o.heap[i] = o.heap[p]
		o.at[o.heap[i]] = int32(i)
		i = p
	}
	o.heap[i] = x
	o.at[x] = int32(i)
}

func (o *varHeap) down(i int) {
	x := o.heap[i]
	n := len(o.heap)
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && o.less(o.heap[c+1], o.heap[c]) {
			c++
		}
		if !o.less(o.heap[c], x) {
			break
		}
		o.heap[i] = o.heap[c]
		o.at[o.heap[i]] = int32(i)
		i = c
	}
	o.heap[i] = x
	o.at[x] = int32(i)
}

// push adds cell v unless it is in the heap.
func (o *varHeap) push(v int) {
	if o.at[v] >= 0 {
		return
	}
	o.heap = append(o.heap, int32(v))
	o.up(len(o.heap) - 1)
}

// pop removes and returns the most active cell, or −1 when empty.
func (o *varHeap) pop() int {
	if len(o.heap) == 0 {
		return -1
	}
	x := o.heap[0]
	last := o.heap[len(o.heap)-1]
	o.heap = o.heap[:len(o.heap)-1]
	o.at[x] = -1
	if len(o.heap) > 0 {
		o.heap[0] = last
		o.at[last] = 0
		o.down(0)
	}
	return int(x)
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
	if o.at[v] >= 0 {
		o.up(int(o.at[v]))
	}
}

// decay makes later bumps weigh more.
func (o *varHeap) decay() { o.inc /= o.dec }
