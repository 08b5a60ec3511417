package encode

// All different: no two integers take the same value.
//
// The value encoding (Gent and Nightingale 2004's "direct + AMO"): for
// every value v of the union of the domains, at most one of the literals
// x_i = v is true, with the at-most-one method m (the literals are the
// direct encoding's own, or defined on demand from the order literals,
// Int.Eq). When the integers have exactly as many values as there are
// integers (a permutation), every value is also taken at least once: one
// clause x_1 = v ∨ … ∨ x_n = v per value, which unit propagation uses for
// Hall sets of size one from the other side. With d values in all and
// n_v integers that can take v: the value literals (none for direct
// integers) and Σ_v AMO(n_v) clauses, plus d clauses for a permutation.
// Unit propagation is arc-consistent for each value's at-most-one, not
// for the whole constraint (Hall intervals are not detected).
//
// I. P. Gent, P. Nightingale, A new encoding of AllDifferent into SAT,
// CP 2004 workshop on modelling and reformulating constraint satisfaction
// problems.

import (
	"slices"

	"github.com/satsolve/satsolve/sat"
)

// AllDifferent adds clauses enforcing that the integers take pairwise
// different values, with the at-most-one method m for each value. It
// panics on an unknown method.
func AllDifferent(s sat.Sink, xs []*Int, m AMOMethod) {
	byValue, values := valueLits(s, xs)
	perm := len(values) == len(xs)
	for _, v := range values {
		lits := byValue[v]
		AtMostOne(s, lits, m)
		if perm {
			s.AddClause(lits...)
		}
	}
}

// valueLits returns, for every value some integer can take, the
// literals x_i = v of the integers that can, and the values in
// increasing order. A fixed integer contributes its constant.
func valueLits(s sat.Sink, xs []*Int) (map[int64][]sat.Lit, []int64) {
	byValue := map[int64][]sat.Lit{}
	var values []int64
	for _, x := range xs {
		for v := range x.dom.Values {
			if _, ok := byValue[v]; !ok {
				values = append(values, v)
			}
			byValue[v] = append(byValue[v], x.Eq(s, v))
		}
	}
	slices.Sort(values)
	return byValue, values
}
