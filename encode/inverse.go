package encode

// Inverse: two arrays of integers that are inverse functions of each
// other, f(i) = j ⇔ g(j) = i, with f's positions counted from fFirst and
// g's from gFirst.
//
// Channelling through the value literals (the direct encoding's
// "channelling constraint", Walsh 2001): f_i takes a position of g and
// g_j a position of f (bound clauses), and for every pair (i, j)
//
//	f_i = j ↔ g_j = i          (two binary clauses)
//
// n² pairs for arrays of n: 2n² clauses and the value literals. With
// each integer taking exactly one value this makes both permutations
// (f_i = j pins g_j = i, which no other f_k can then take), and unit
// propagation is arc-consistent on the value literals.
//
// T. Walsh, Permutation problems and channelling constraints, LPAR 2001.

import (
	"github.com/satsolve/satsolve/sat"
)

// Inverse adds clauses enforcing f[i−fFirst] = j ⇔ g[j−gFirst] = i for
// every position i of f and j of g, and that each integer takes a
// position of the other array.
func Inverse(s sat.Sink, f []*Int, fFirst int64, g []*Int, gFirst int64) {
	inRange(s, f, gFirst, int64(len(g)))
	inRange(s, g, fFirst, int64(len(f)))
	for i, x := range f {
		for j, y := range g {
			a := x.eqP(s, gFirst+int64(j))
			b := y.eqP(s, fFirst+int64(i))
			emit(s, a.not(), b)
			emit(s, a, b.not())
		}
	}
}

// inRange adds first ≤ x ≤ first+n−1 for every integer.
func inRange(s sat.Sink, xs []*Int, first, n int64) {
	for _, x := range xs {
		emit(s, x.geP(s, first))
		emit(s, x.leP(s, first+n-1))
	}
}
