package heap

import (
	"container/heap"
	"math/rand/v2"
	"testing"
)

// check fails the test unless h's invariant holds: positions agree with
// the items, absent integers are at -1, and no element comes before its
// parent.
func check[K float64 | int64](t *testing.T, h *Max[K], key []K) {
	t.Helper()
	for i, x := range h.items {
		if h.pos[x] != int32(i) {
			t.Fatalf("pos[%d] = %d, want %d", x, h.pos[x], i)
		}
		if p := h.items[(i-1)/2]; i > 0 && h.before(x, p, key) {
			t.Fatalf("item %d (key %v) comes before its parent %d (key %v)", x, key[x], p, key[p])
		}
	}
	n := 0
	for _, p := range h.pos {
		if p >= 0 {
			n++
		}
	}
	if n != len(h.items) {
		t.Fatalf("%d positions set, %d items", n, len(h.items))
	}
}

// TestAgainstReference drives the heap through random pushes, pops and
// raised keys (few distinct keys, so that ties are common) and compares
// every pop with a scan of a plain set: the popped integer has the
// largest key, and with TieBreak the smallest integer among those.
func TestAgainstReference(t *testing.T) {
	for _, tie := range []bool{false, true} {
		for seed := range uint64(20) {
			rng := rand.New(rand.NewPCG(seed, 7))
			n := 1 + rng.IntN(60)
			var h Max[int64]
			h.TieBreak = tie
			h.Grow(n)
			key := make([]int64, n)
			in := make([]bool, n)
			for range 2000 {
				x := rng.IntN(n)
				switch op := rng.IntN(4); {
				case op == 0:
					h.Push(x, key)
					in[x] = true
				case op == 1:
					key[x] += int64(rng.IntN(3))
					h.Raised(x, key)
				case h.Len() > 0:
					best := -1
					for y := range n {
						if in[y] && (best < 0 || key[y] > key[best] || tie && key[y] == key[best] && y < best) {
							best = y
						}
					}
					top := h.Top()
					got := h.Pop(key)
					if got != top || key[got] != key[best] || tie && got != best {
						t.Fatalf("tie %v seed %d: Top %d, Pop %d (key %d), want %d (key %d)", tie, seed, top, got, key[got], best, key[best])
					}
					in[got] = false
				}
				check(t, &h, key)
				for y := range n {
					if h.Contains(y) != in[y] {
						t.Fatalf("tie %v seed %d: Contains(%d) = %v, want %v", tie, seed, y, h.Contains(y), in[y])
					}
				}
			}
		}
	}
}

// TestStrictOrderKeepsEquals pins the order among equal keys without
// TieBreak: an element does not pass an equal one, neither sifting up
// nor down, so pushing 0..4 with equal keys leaves them in push order at
// the root's place, and a pop takes the last one to the root and keeps
// it there. The EVSIDS order of sat/cdcl depends on it.
func TestStrictOrderKeepsEquals(t *testing.T) {
	var h Max[float64]
	h.Grow(5)
	key := make([]float64, 5)
	for x := range 5 {
		h.Push(x, key)
	}
	var got []int
	for h.Len() > 0 {
		got = append(got, h.Pop(key))
	}
	want := []int{0, 4, 3, 2, 1}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("pops %v, want %v", got, want)
		}
	}
}

func TestPushTwiceGrowZero(t *testing.T) {
	var h Max[float64]
	h.Grow(3)
	h.Grow(2) // never shrinks
	key := []float64{1, 3, 2}
	h.Push(0, key)
	h.Push(0, key)
	h.Raised(1, key) // not in the heap: nothing happens
	if h.Len() != 1 || h.Contains(1) {
		t.Fatalf("Len %d, Contains(1) %v after pushing 0 twice", h.Len(), h.Contains(1))
	}
	h.Push(1, key)
	h.Push(2, key)
	if h.Top() != 1 {
		t.Fatalf("Top %d, want 1", h.Top())
	}
}

// The benchmarks compare the heap with container/heap on a decision
// heuristic's workload: bump a few integers (raise their keys), pop the
// best, push it back, as a CDCL search does per conflict.

const benchN = 20000

func BenchmarkMax(b *testing.B) {
	var h Max[float64]
	h.Grow(benchN)
	key := make([]float64, benchN)
	for x := range benchN {
		h.Push(x, key)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	inc := 1.0
	for b.Loop() {
		for range 8 {
			x := rng.IntN(benchN)
			key[x] += inc
			h.Raised(x, key)
		}
		inc *= 1.05
		if inc > 1e100 {
			for x := range key {
				key[x] *= 1e-100
			}
			inc *= 1e-100
		}
		x := h.Pop(key)
		h.Push(x, key)
	}
}

// ifaceHeap is the same heap through container/heap's interface.
type ifaceHeap struct {
	items []int32
	pos   []int32
	key   []float64
}

func (h *ifaceHeap) Len() int           { return len(h.items) }
func (h *ifaceHeap) Less(i, j int) bool { return h.key[h.items[i]] > h.key[h.items[j]] }
func (h *ifaceHeap) Swap(i, j int) {
	h.items[i], h.items[j] = h.items[j], h.items[i]
	h.pos[h.items[i]] = int32(i)
	h.pos[h.items[j]] = int32(j)
}
func (h *ifaceHeap) Push(x any) {
	h.pos[x.(int32)] = int32(len(h.items))
	h.items = append(h.items, x.(int32))
}
func (h *ifaceHeap) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	h.pos[x] = -1
	return x
}

func BenchmarkContainerHeap(b *testing.B) {
	h := &ifaceHeap{pos: make([]int32, benchN), key: make([]float64, benchN)}
	for x := range benchN {
		heap.Push(h, int32(x))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	inc := 1.0
	for b.Loop() {
		for range 8 {
			x := rng.IntN(benchN)
			h.key[x] += inc
			heap.Fix(h, int(h.pos[x]))
		}
		inc *= 1.05
		if inc > 1e100 {
			for x := range h.key {
				h.key[x] *= 1e-100
			}
			inc *= 1e-100
		}
		x := heap.Pop(h).(int32)
		heap.Push(h, x)
	}
}
