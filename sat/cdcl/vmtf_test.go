package cdcl

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortByStamp checks both ways sortByStamp sorts (integer keys, and
// the comparison sort when stamps no longer fit the keys) against a plain
// sort by stamp, on distinct random stamps as the queue hands them out.
func TestSortByStamp(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, big := range []bool{false, true} {
		for trial := range 200 {
			n := 1 + rng.IntN(300)
			var q vmtf
			q.grow(2 * n)
			q.clock = uint64(4 * n)
			if big {
				q.clock = 1 << 62
			}
			used := map[uint64]bool{}
			for x := range q.stamp {
				for {
					v := rng.Uint64N(q.clock) + 1
					if !used[v] {
						used[v] = true
						q.stamp[x] = v
						break
					}
				}
			}
			xs := make([]int32, 0, n)
			for _, x := range rng.Perm(2 * n)[:n] {
				xs = append(xs, int32(x))
			}
			want := slices.Clone(xs)
			slices.SortFunc(want, func(a, b int32) int {
				if q.stamp[a] < q.stamp[b] {
					return -1
				}
				return 1
			})
			q.sortByStamp(xs)
			if !slices.Equal(xs, want) {
				t.Fatalf("big=%v trial %d: got %v, want %v", big, trial, xs, want)
			}
		}
	}
}

// TestCollectFromEnd checks that bumpQueue's walk finds the marked
// variables in stamp order, as the sort does, after random bumps; that it
// declines (leaving xs alone) when the marked variables reach too far back
// for a walk to pay, or when one of them is not in the queue; and that
// bumpQueue moves them to the end in their old order either way.
func TestCollectFromEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	walked, declined := 0, 0
	for trial := range 500 {
		n := 8 + rng.IntN(400)
		s := New()
		s.grow(n)
		for range rng.IntN(4 * n) {
			s.moveAllToEnd([]int32{int32(rng.IntN(n))})
		}
		// Mark k variables, most of them recently bumped.
		k := walkMin + rng.IntN(min(n-walkMin, 60)+1)
		var xs []int32
		for len(xs) < k {
			x := n - 1 - rng.IntN(n)
			if rng.IntN(4) > 0 {
				// near the end of the queue
				y := s.queue.last
				for range rng.IntN(3 * k) {
					if p := s.queue.prev[y]; p >= 0 {
						y = p
					}
				}
				x = int(y)
			}
			if s.mark[x]&markSeen == 0 {
				s.mark[x] |= markSeen
				xs = append(xs, int32(x))
			}
		}
		unqueued := trial%10 == 9
		if unqueued {
			s.queue.dequeue(int(xs[0]))
		}
		want := slices.Clone(xs)
		slices.SortFunc(want, func(a, b int32) int {
			if s.queue.stamp[a] < s.queue.stamp[b] {
				return -1
			}
			return 1
		})
		got := slices.Clone(xs)
		if s.collectFromEnd(got) {
			walked++
			if unqueued {
				t.Fatalf("trial %d: walk claimed to find a variable not in the queue", trial)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d: walk gave %v, want %v", trial, got, want)
			}
		} else {
			declined++
			if !slices.Equal(got, xs) {
				t.Fatalf("trial %d: declined walk changed xs: %v to %v", trial, xs, got)
			}
		}
		if unqueued {
			continue
		}
		s.bumpQueue(slices.Clone(xs))
		y := s.queue.last
		for i := len(want) - 1; i >= 0; i-- {
			if y != want[i] {
				t.Fatalf("trial %d: queue end has %d at %d, want %d (order %v)", trial, y, i, want[i], want)
			}
			y = s.queue.prev[y]
		}
	}
	if walked < 100 || declined < 50 {
		t.Fatalf("walked %d, declined %d of 500: both paths must be exercised", walked, declined)
	}
}

// moveToEndRef is the plain move-to-end of one variable, through the
// queue's own methods, that moveAllToEnd must repeat for each variable.
func moveToEndRef(s *Solver, x int) {
	q := &s.queue
	if q.last == int32(x) {
		return
	}
	if q.search == int32(x) {
		if n := q.next[x]; n >= 0 {
			q.search = n
		} else {
			q.search = q.prev[x]
		}
	}
	q.dequeue(x)
	q.enqueue(x)
	if s.vals[2*x] == 0 {
		q.search = int32(x)
	}
}

// TestMoveAllToEnd checks moveAllToEnd against one moveToEndRef per
// variable: the same links, stamps, ends, clock and search pointer, on
// random batches that include the last variable, the search pointer's
// variable, assigned and unassigned ones.
func TestMoveAllToEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 300 {
		n := 1 + rng.IntN(60)
		a, b := New(), New()
		a.grow(n)
		b.grow(n)
		for round := range 20 {
			for x := range n {
				v := int8(rng.IntN(3) - 1)
				a.vals[2*x], a.vals[2*x+1] = v, -v
				b.vals[2*x], b.vals[2*x+1] = v, -v
			}
			var xs []int32
			seen := map[int32]bool{}
			for range rng.IntN(n + 1) {
				x := int32(rng.IntN(n))
				switch rng.IntN(4) {
				case 0:
					x = a.queue.last
				case 1:
					x = a.queue.search
				}
				if x >= 0 && !seen[x] {
					seen[x] = true
					xs = append(xs, x)
				}
			}
			a.moveAllToEnd(xs)
			for _, x := range xs {
				moveToEndRef(b, int(x))
			}
			qa, qb := &a.queue, &b.queue
			if !slices.Equal(qa.prev, qb.prev) || !slices.Equal(qa.next, qb.next) ||
				!slices.Equal(qa.stamp, qb.stamp) || qa.first != qb.first || qa.last != qb.last ||
				qa.search != qb.search || qa.clock != qb.clock {
				t.Fatalf("trial %d round %d: moving %v: queues differ:\n%+v\n%+v", trial, round, xs, *qa, *qb)
			}
		}
	}
}
