package cdcl

// The EVSIDS variable heap of stable mode.
//
// Exponential VSIDS (MiniSat; M. Moskewicz et al., Chaff, DAC 2001; N. Eén,
// N. Sörensson 2003): every variable met in conflict analysis has its score
// raised by inc, and inc grows by 1/decay after each conflict, so recent
// conflicts weigh exponentially more. Scores are rescaled when inc passes
// 1e150. The heap is a binary max-heap on score over variables, with each
// variable's heap index kept so that a bump can sift it up in O(log n).
//
// Invariant: in stable mode every unassigned variable is in the heap
// (backtrack re-inserts what it unassigns; decide pops assigned variables
// lazily).

// varHeap is a binary max-heap of variables keyed by an external score.
type varHeap struct {
	heap []int32 // the heap, as an implicit binary tree
	pos  []int32 // per variable: index in heap, or -1
}

func (h *varHeap) grow(n int) {
	for len(h.pos) < n {
		h.pos = append(h.pos, -1)
	}
}

func (h *varHeap) empty() bool { return len(h.heap) == 0 }

func (h *varHeap) contains(x int) bool { return h.pos[x] >= 0 }

// push inserts x if it is not in the heap.
func (h *varHeap) push(x int, score []float64) {
	if h.pos[x] >= 0 {
		return
	}
	h.pos[x] = int32(len(h.heap))
	h.heap = append(h.heap, int32(x))
	h.up(int(h.pos[x]), score)
}

// pop removes and returns the variable of highest score.
func (h *varHeap) pop(score []float64) int {
	x := h.heap[0]
	last := h.heap[len(h.heap)-1]
	h.heap = h.heap[:len(h.heap)-1]
	h.pos[x] = -1
	if len(h.heap) > 0 {
		h.heap[0] = last
		h.pos[last] = 0
		h.down(0, score)
	}
	return int(x)
}

// top returns the variable of highest score without removing it.
func (h *varHeap) top() int { return int(h.heap[0]) }

// bumped restores the heap after x's score grew.
func (h *varHeap) bumped(x int, score []float64) {
	if i := h.pos[x]; i >= 0 {
		h.up(int(i), score)
	}
}

func (h *varHeap) up(i int, score []float64) {
	x := h.heap[i]
	sx := score[x]
	for i > 0 {
		p := (i - 1) >> 1
		y := h.heap[p]
		if score[y] >= sx {
			break
		}
		h.heap[i] = y
		h.pos[y] = int32(i)
		i = p
	}
	h.heap[i] = x
	h.pos[x] = int32(i)
}

func (h *varHeap) down(i int, score []float64) {
	x := h.heap[i]
	sx := score[x]
	n := len(h.heap)
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && score[h.heap[r]] > score[h.heap[c]] {
			c = r
		}
		y := h.heap[c]
		if score[y] <= sx {
			break
		}
		h.heap[i] = y
		h.pos[y] = int32(i)
		i = c
	}
	h.heap[i] = x
	h.pos[x] = int32(i)
}

// rebuild makes a heap of exactly the variables in xs.
func (h *varHeap) rebuild(xs []int, score []float64) {
	for _, x := range h.heap {
		h.pos[x] = -1
	}
	h.heap = h.heap[:0]
	for _, x := range xs {
		h.push(x, score)
	}
}

// bumpScore raises x's EVSIDS score and rescales all scores when needed.
func (s *Solver) bumpScore(x int) {
	s.score[x] += s.scoreInc
	if s.score[x] > 1e150 {
		for y := range s.score {
			s.score[y] *= 1e-150
		}
		s.scoreInc *= 1e-150
	}
	s.heap.bumped(x, s.score)
}

// decayScores makes later bumps weigh more (after each conflict).
func (s *Solver) decayScores() {
	s.scoreInc *= 1000 / float64(s.opts.ScoreDecay)
}
