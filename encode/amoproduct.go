package encode

// The product encoding of at-most-one (Chen 2010).
//
// Lay the n literals out row by row in a grid with q = ⌈√n⌉ columns and
// r = ⌈n/q⌉ rows; literal i sits at row ⌊i/q⌋, column i mod q. Add a
// variable per row (u) and per column (v), the clauses xi → u(row) and
// xi → v(column), and at-most-one over the u's and over the v's,
// recursively, until six or fewer literals remain, which take the pairwise
// encoding:
//
//	n ≤ 6:  V(n) = 0,               C(n) = n(n−1)/2
//	n > 6:  V(n) = r + q + V(r) + V(q),   C(n) = 2n + C(r) + C(q)
//
// about 2n + 4√n + O(n^¼) clauses, the fewest of the classical encodings.
// Two true literals differ in their row or their column, which the
// recursive at-most-one forbids. Unit propagation is arc-consistent: a true
// xi sets its row and column, which (recursively) falsify every other row
// and column and with them every other literal.
//
// J. Chen, A new SAT encoding of the at-most-one constraint, ModRef 2010.

import "github.com/satsolve/satsolve/sat"

func amoProduct(s sat.Sink, lits []sat.Lit) {
	n := len(lits)
	if n <= 6 {
		amoPairwise(s, lits)
		return
	}
	q := isqrtCeil(n)
	r := (n + q - 1) / q
	rows := make([]sat.Lit, r)
	for i := range rows {
		rows[i] = s.NewVar().Pos()
	}
	cols := make([]sat.Lit, q)
	for i := range cols {
		cols[i] = s.NewVar().Pos()
	}
	for i, x := range lits {
		s.AddClause(x.Not(), rows[i/q])
		s.AddClause(x.Not(), cols[i%q])
	}
	amoProduct(s, rows)
	amoProduct(s, cols)
}

// isqrtCeil returns ⌈√n⌉ for n ≥ 0.
func isqrtCeil(n int) int {
	r := 0
	for r*r < n {
		r++
	}
	return r
}
