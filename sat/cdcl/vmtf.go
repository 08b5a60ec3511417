package cdcl

// The VMTF queue of focused mode.
//
// Variable move-to-front (L. Ryan, Efficient algorithms for clause-learning
// SAT solvers, MSc thesis, SFU 2004; A. Biere, A. Fröhlich, Evaluating CDCL
// variable scoring schemes, SAT 2015): the variables form a doubly linked
// queue ordered by the time they were last bumped (stamp); analysis moves
// the variables it meets to the end, in the order of their old stamps, and
// decide takes the unassigned variable nearest the end. A search pointer
// (unassigned) remembers where the last decision was found, so deciding is
// amortised O(1): every variable after the pointer is assigned.
//
// Invariant: every variable after queue.search (towards last) is assigned;
// backtrack moves the pointer forward when it unassigns a variable with a
// later stamp.

import (
	"math/bits"
	"slices"
)

// vmtf is the move-to-front queue.
type vmtf struct {
	prev, next  []int32  // per variable: neighbours, -1 at the ends
	stamp       []uint64 // per variable: time of the last bump
	first, last int32
	search      int32    // the last decision's variable (or later)
	clock       uint64   // the last stamp handed out
	keys        []uint64 // scratch of sortByStamp
	order       []int32  // scratch of sortByStamp
}

func (q *vmtf) grow(n int) {
	for len(q.prev) < n {
		q.prev = append(q.prev, -1)
		q.next = append(q.next, -1)
		q.stamp = append(q.stamp, 0)
	}
}

// enqueue appends x at the end of the queue with a fresh stamp.
func (q *vmtf) enqueue(x int) {
	q.clock++
	q.stamp[x] = q.clock
	q.prev[x] = q.last
	q.next[x] = -1
	if q.last >= 0 {
		q.next[q.last] = int32(x)
	} else {
		q.first = int32(x)
	}
	q.last = int32(x)
}

// dequeue unlinks x.
func (q *vmtf) dequeue(x int) {
	p, n := q.prev[x], q.next[x]
	if p >= 0 {
		q.next[p] = n
	} else {
		q.first = n
	}
	if n >= 0 {
		q.prev[n] = p
	} else {
		q.last = p
	}
}

// moveAllToEnd bumps the variables of xs in their order: each goes to
// the end of the queue with a fresh stamp (one already last keeps its
// place and stamp), and the search pointer moves to it if it is
// unassigned. It works on the queue's fields in locals, since it runs for
// every analysed variable of every focused-mode conflict.
func (s *Solver) moveAllToEnd(xs []int32) {
	q := &s.queue
	prev, next, stamp, vals := q.prev, q.next, q.stamp, s.vals
	first, last, search, clock := q.first, q.last, q.search, q.clock
	for _, x := range xs {
		if x == last {
			continue
		}
		p, n := prev[x], next[x]
		if search == x {
			// Keep the pointer on a neighbour that satisfies the invariant.
			if n >= 0 {
				search = n
			} else {
				search = p
			}
		}
		if p >= 0 {
			next[p] = n
		} else {
			first = n
		}
		if n >= 0 {
			prev[n] = p
		} else {
			last = p
		}
		clock++
		stamp[x] = clock
		prev[x] = last
		next[x] = -1
		if last >= 0 {
			next[last] = x
		} else {
			first = x
		}
		last = x
		if vals[2*x] == 0 {
			search = x
		}
	}
	q.first, q.last, q.search, q.clock = first, last, search, clock
}

// unassignedQueue restores the search invariant when x is unassigned.
func (s *Solver) unassignedQueue(x int) {
	q := &s.queue
	if q.search < 0 || q.stamp[x] > q.stamp[q.search] {
		q.search = int32(x)
	}
}

// nextQueue returns the unassigned variable with the latest stamp, or -1.
func (s *Solver) nextQueue() int {
	q := &s.queue
	x := q.search
	if x < 0 {
		x = q.last
	}
	for x >= 0 && s.vals[2*x] != 0 {
		x = q.prev[x]
	}
	if x >= 0 {
		q.search = x
	}
	return int(x)
}

// bumpQueue moves the analysed variables to the end of the queue in the
// order of their old stamps, so their relative order is kept. Every
// variable of xs carries markSeen (analysis marks what it appends), so
// they can be found in stamp order by walking the queue back from its end
// (collectFromEnd), which is cheaper than sorting them when they sit near
// the end, as they mostly do; sorting is the fallback.
func (s *Solver) bumpQueue(xs []int32) {
	q := &s.queue
	st := q.stamp
	if len(xs) >= walkMin && s.collectFromEnd(xs) {
		// xs is in stamp order.
	} else if len(xs) < 24 {
		for i := 1; i < len(xs); i++ {
			x := xs[i]
			j := i
			for j > 0 && st[xs[j-1]] > st[x] {
				xs[j] = xs[j-1]
				j--
			}
			xs[j] = x
		}
	} else {
		q.sortByStamp(xs)
	}
	s.moveAllToEnd(xs)
}

// walkMin is the fewest variables bumpQueue tries to collect by walking
// the queue rather than sorting, and walkFactor scales the longest walk
// it takes instead of a sort (collectFromEnd).
const (
	walkMin    = 8
	walkFactor = 4
)

// collectFromEnd writes the variables of xs into xs in stamp order by
// walking the queue back from its last variable and taking those that
// carry markSeen. Stamps are distinct and at most q.clock, so the walk
// meets all of xs within q.clock − (their least stamp) + 1 steps; it is
// taken only when that bound is at most walkFactor·len(xs)·bits.Len(len(xs)),
// about what sorting xs costs, and reports false (xs unchanged) otherwise,
// or if a marked variable is not in the queue.
func (s *Solver) collectFromEnd(xs []int32) bool {
	q := &s.queue
	k := len(xs)
	least := q.clock
	for _, x := range xs {
		least = min(least, q.stamp[x])
	}
	if q.clock-least >= uint64(walkFactor*k*bits.Len(uint(k))) {
		return false
	}
	order := q.order[:0]
	for x := q.last; x >= 0; x = q.prev[x] {
		if s.mark[x]&markSeen != 0 {
			order = append(order, x)
			if len(order) == k {
				for i, y := range order {
					xs[k-1-i] = y
				}
				q.order = order
				return true
			}
		}
	}
	q.order = order
	return false
}

// keyBits is the width of the index part of sortByStamp's keys.
const keyBits = 24

// sortByStamp sorts variables by their stamp. It sorts integer keys,
// stamp·2^24 + position, since a comparison function that loads two
// stamps made this sort a quarter of the run on small instances that
// spend most of their time in focused mode (pret150_25); stamps too large
// for the key, or too many variables, fall back to the comparison sort.
func (q *vmtf) sortByStamp(xs []int32) {
	st := q.stamp
	if len(xs) >= 1<<keyBits || q.clock >= 1<<(64-keyBits) {
		slices.SortFunc(xs, func(a, b int32) int {
			switch {
			case st[a] < st[b]:
				return -1
			case st[a] > st[b]:
				return 1
			}
			return 0
		})
		return
	}
	keys := q.keys[:0]
	for i, x := range xs {
		keys = append(keys, st[x]<<keyBits|uint64(i))
	}
	slices.Sort(keys)
	order := append(q.order[:0], xs...)
	for i, k := range keys {
		xs[i] = order[k&(1<<keyBits-1)]
	}
	q.keys, q.order = keys, order
}
