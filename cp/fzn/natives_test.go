package fzn

import "testing"

// TestCircuitHolds checks the circuit definition on every successor array
// of up to four nodes against a count of the cycles it forms.
func TestCircuitHolds(t *testing.T) {
	for n := 0; n <= 4; n++ {
		x := make([]int64, n)
		var rec func(i int)
		circuits, subcircuits := 0, 0
		rec = func(i int) {
			if i < n {
				for v := range int64(n) {
					x[i] = v + 3 // nodes 3..n+2
					rec(i + 1)
				}
				return
			}
			// Count the cycles of the functional graph through a
			// permutation check: a circuit is a permutation with one
			// cycle of length n ≥ 2; a subcircuit one of length ≥ 2 and
			// fixed points elsewhere, or the identity.
			perm := make([]bool, n)
			for _, v := range x {
				if perm[v-3] {
					return
				}
				perm[v-3] = true
			}
			cycles, long := 0, 0
			seen := make([]bool, n)
			for s := range n {
				if seen[s] {
					continue
				}
				l := 0
				for j := s; !seen[j]; j = int(x[j] - 3) {
					seen[j] = true
					l++
				}
				cycles++
				if l >= 2 {
					long++
				}
			}
			wantC := n == 0 || cycles == 1 && n >= 2
			wantS := long <= 1
			if got := circuitHolds(x, 3, false); got != wantC {
				t.Errorf("circuit %v: %v, want %v", x, got, wantC)
			}
			if got := circuitHolds(x, 3, true); got != wantS {
				t.Errorf("subcircuit %v: %v, want %v", x, got, wantS)
			}
			if wantC {
				circuits++
			}
			if wantS {
				subcircuits++
			}
		}
		rec(0)
		// (n−1)! circuits; subcircuits: Σ over cycle supports.
		want := map[int][2]int{0: {1, 1}, 1: {0, 1}, 2: {1, 2}, 3: {2, 6}, 4: {6, 21}}[n]
		if circuits != want[0] || subcircuits != want[1] {
			t.Errorf("n=%d: %d circuits and %d subcircuits, want %v", n, circuits, subcircuits, want)
		}
	}
}

func TestLexHolds(t *testing.T) {
	for _, c := range []struct {
		x, y        []int64
		leq, strict bool
	}{
		{nil, nil, true, false}, {[]int64{1}, nil, false, false}, {nil, []int64{1}, true, true},
		{[]int64{1, 2}, []int64{1, 2}, true, false}, {[]int64{1, 2}, []int64{1, 3}, true, true},
		{[]int64{1, 3}, []int64{1, 2}, false, false}, {[]int64{1, 2}, []int64{1, 2, 0}, true, true},
		{[]int64{2}, []int64{1, 5}, false, false}, {[]int64{0, 9}, []int64{1}, true, true},
	} {
		if lexHolds(c.x, c.y, false) != c.leq || lexHolds(c.x, c.y, true) != c.strict {
			t.Errorf("lex %v %v: %v %v, want %v %v", c.x, c.y, lexHolds(c.x, c.y, false), lexHolds(c.x, c.y, true), c.leq, c.strict)
		}
	}
}
