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
