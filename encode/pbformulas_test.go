package encode_test

// Documented sizes of the pseudo-Boolean encodings for normalised
// constraints (positive coefficients, 1 ≤ aᵢ ≤ K < Σaᵢ), computed from
// the essays' formulas: truth tables for the BDD, subset sums for the
// generalised totalizer, column counts for the adder.

import (
	"sort"

	"github.com/satsolve/satsolve/sat"
)

func swcAtMostSize(a []int64, k int64) sz {
	n := len(a)
	return sz{(n - 1) * int(k), int(a[0]) + (n-2)*(2*int(k)+1) + 1}
}

func swcAtLeastSize(a []int64, k int64) sz {
	n := len(a)
	c := int(k) + 1
	for _, ai := range a[1 : n-1] {
		c += 2*int(k) - int(ai)
	}
	if k > a[n-1] {
		c++
	}
	return sz{(n - 1) * int(k), c}
}

// bddSize counts the nodes of the reduced ordered BDD of Σ a·x ≤ k, with
// terms ordered by decreasing coefficient, from the truth tables of the
// subfunctions, and the two-clauses-per-node encoding with a root unit.
func bddSize(a []int64, k int64) sz {
	a = append([]int64(nil), a...)
	sort.SliceStable(a, func(i, j int) bool { return a[i] > a[j] })
	n := len(a)
	s := sz{0, 1}
	for i := 0; i < n; i++ {
		type table string
		seen := map[table]bool{}
		fn := func(kk int64, from int) table {
			m := n - from
			b := make([]byte, 1<<m)
			for x := 0; x < 1<<m; x++ {
				var sum int64
				for j := 0; j < m; j++ {
					if x>>j&1 == 1 {
						sum += a[from+j]
					}
				}
				b[x] = '0'
				if sum <= kk {
					b[x] = '1'
				}
			}
			return table(b)
		}
		isTrue := func(t table) bool {
			for _, c := range t {
				if c != '1' {
					return false
				}
			}
			return true
		}
		for p := 0; p < 1<<i; p++ {
			kk := k
			for j := 0; j < i; j++ {
				if p>>j&1 == 1 {
					kk -= a[j]
				}
			}
			f := fn(kk, i)
			hi, lo := fn(kk-a[i], i+1), fn(kk, i+1)
			if hi == lo || seen[f] {
				continue
			}
			seen[f] = true
			s.vars++
			if !isTrue(hi) {
				s.clauses++
			}
			if !isTrue(lo) {
				s.clauses++
			}
		}
	}
	return s
}

// gteSize follows gte.go: distinct capped subset sums per node.
func gteSize(a []int64, limit int64, up, down bool) (sz, []int64) {
	if len(a) == 1 {
		return sz{}, []int64{min(a[0], limit)}
	}
	sa, av := gteSize(a[:len(a)/2], limit, up, down)
	sb, bv := gteSize(a[len(a)/2:], limit, up, down)
	av, bv = append([]int64{0}, av...), append([]int64{0}, bv...)
	set := map[int64]bool{}
	for _, x := range av {
		for _, y := range bv {
			if v := min(x+y, limit); v > 0 {
				set[v] = true
			}
		}
	}
	var vals []int64
	for v := range set {
		vals = append(vals, v)
	}
	sort.Slice(vals, func(i, j int) bool { return vals[i] < vals[j] })
	s := sa.plus(sb).plus(sz{len(vals), 0})
	if up {
		s.clauses += len(av)*len(bv) - 1
	}
	if down {
		for _, x := range av {
			for _, y := range bv {
				if vals[len(vals)-1] > x+y {
					s.clauses++
				}
			}
		}
		s.clauses += len(vals) - 1
	}
	return s, vals
}

// adderSize follows pbadder.go: full and half adders per column, and the
// sum's bits (present or constant false).
func adderSize(a []int64) (sz, []bool) {
	var cols []int
	for _, c := range a {
		for b := 0; c>>b != 0; b++ {
			for len(cols) <= b {
				cols = append(cols, 0)
			}
			if c>>b&1 == 1 {
				cols[b]++
			}
		}
	}
	var s sz
	var present []bool
	for b := 0; b < len(cols); b++ {
		c := cols[b]
		full, half := 0, 0
		if c >= 3 {
			full = (c - 1) / 2
		}
		if c >= 2 && c-2*full == 2 {
			half = 1
		}
		s = s.plus(sz{2*full + 2*half, 14*full + 7*half})
		if full+half > 0 {
			if b+1 == len(cols) {
				cols = append(cols, 0)
			}
			cols[b+1] += full + half
		}
		present = append(present, c >= 1)
	}
	return s, present
}

// adderCompareSize counts the comparison clauses of binary.go.
func adderCompareSize(present []bool, k int64, op sat.Op) int {
	n := 0
	for b := range present {
		bit := k>>b&1 == 1
		if op == sat.AtMost && !bit && present[b] {
			ok := true
			for h := b + 1; h < len(present); h++ {
				if k>>h&1 == 1 && !present[h] {
					ok = false
				}
			}
			if ok {
				n++
			}
		}
		if op == sat.AtLeast && bit {
			n++
		}
	}
	return n
}
