package encode

// Lexicographic order of two integer vectors: x ≤lex y and x <lex y,
// compared from the first position, a proper prefix being smaller.
//
// Prefix literals b_0 … b_m over the common length m, b_0 true (Frisch et
// al.'s decomposition): b_(i−1) means "x and y agree so far", and
//
//	b_(i−1) → x_i ≤ y_i                     (Leq2 under the guard b_(i−1))
//	b_(i−1) → x_i < y_i ∨ b_i               (a fresh l_i with l_i → x_i < y_i)
//
// At the end, b_m forbids equality when the order is strict and the
// lengths are equal, or when x is longer. Exact: the chain of true b's
// stops at a position where x_i < y_i after positions with x_j ≤ y_j (the
// first difference then has x smaller), or runs through the common
// length with x ≤ y everywhere. Size: 2m−1 variables (b_1..b_(m−1) and
// the l_i) and two guarded comparisons per position (ladders of at most
// min(|D_x|, |D_y|) clauses, or pseudo-Boolean constraints for log
// integers, with the method m).
//
// A. M. Frisch, B. Hnich, Z. Kiziltan, I. Miguel, T. Walsh, Propagation
// algorithms for lexicographic ordering constraints, Artificial
// Intelligence 170, 2006.

import (
	"github.com/satsolve/satsolve/sat"
)

// LexLeqInts adds clauses enforcing xs ≤lex ys (xs <lex ys when strict).
// Linear constraints over log-encoded integers use the method m; the
// error is ErrNotApplicable when m does not apply.
func LexLeqInts(s sat.Sink, xs, ys []*Int, strict bool, m PBMethod) error {
	n := min(len(xs), len(ys))
	eq := partTrue // b_(i−1)
	for i := range n {
		g := guardPart(s, eq)
		if err := Leq2(g, 1, xs[i], -1, ys[i], 0, m); err != nil {
			return err
		}
		lt := s.NewVar().Pos()
		if err := Leq2(Guard(s, lt), 1, xs[i], -1, ys[i], -1, m); err != nil {
			return err
		}
		next := part{l: s.NewVar().Pos()}
		if i == n-1 {
			end := len(xs) > len(ys) || strict && len(xs) == len(ys)
			if end {
				next = partFalse
			} else {
				next = partTrue
			}
		}
		emit(s, eq.not(), part{l: lt}, next)
		eq = next
	}
	if n == 0 && (len(xs) > len(ys) || strict && len(xs) == len(ys)) {
		s.AddClause()
	}
	return nil
}

// guardPart returns s guarded by p, s itself when p is true, and nil
// when p is false (nothing is enforced).
func guardPart(s sat.Sink, p part) sat.Sink {
	switch p {
	case partTrue:
		return s
	case partFalse:
		return nil
	}
	return Guard(s, p.l)
}
