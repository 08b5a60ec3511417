package encode

// Lexicographic ordering of two literal vectors, for symmetry breaking.
//
// x ≤lex y compares x1..xn with y1..yn, most significant first, false <
// true. Auxiliaries a1..a(n−1), a_i meaning "x and y agree on the first i
// positions" (a0 is true), forced true whenever they do:
//
//	a(i−1) → (xi → yi)            for i = 1..n
//	a(i−1) ∧ xi → ai,  a(i−1) ∧ ¬yi → ai   for i = 1..n−1
//
// n−1 variables and 3n−2 clauses. The strict x <lex y replaces the last
// position's clause with a(n−1) → ¬xn and a(n−1) → yn: n−1 variables and
// 3n−1 clauses. Empty vectors: ≤lex holds, <lex is the empty clause.
// Unit propagation is arc-consistent on the x and y literals (checked
// exhaustively in the tests): a prefix that is forced equal forces the
// next position as far as the order allows.
//
// This is the usual decomposition with equal-prefix auxiliaries; the
// constraint and its propagation are studied in A. M. Frisch, B. Hnich,
// Z. Kiziltan, I. Miguel, T. Walsh, Propagation algorithms for
// lexicographic ordering constraints, Artificial Intelligence 170, 2006.

import "github.com/satsolve/satsolve/sat"

// LexLeq adds clauses enforcing xs ≤lex ys. It panics if the lengths
// differ or on a zero literal.
func LexLeq(s sat.Sink, xs, ys []sat.Lit) { lex(s, xs, ys, false) }

// LexLess adds clauses enforcing xs <lex ys. It panics if the lengths
// differ or on a zero literal.
func LexLess(s sat.Sink, xs, ys []sat.Lit) { lex(s, xs, ys, true) }

func lex(s sat.Sink, xs, ys []sat.Lit, strict bool) {
	if len(xs) != len(ys) {
		panic("encode: lexicographic comparison of vectors of different lengths")
	}
	checkLits(xs)
	checkLits(ys)
	n := len(xs)
	if n == 0 {
		if strict {
			s.AddClause()
		}
		return
	}
	eq := partTrue
	for i := range n {
		x, y := part{l: xs[i]}, part{l: ys[i]}
		if i == n-1 {
			if strict {
				emit(s, eq.not(), x.not())
				emit(s, eq.not(), y)
			} else {
				emit(s, eq.not(), x.not(), y)
			}
			return
		}
		emit(s, eq.not(), x.not(), y)
		a := part{l: s.NewVar().Pos()}
		emit(s, eq.not(), x.not(), a)
		emit(s, eq.not(), y, a)
		eq = a
	}
}
