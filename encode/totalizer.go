package encode

// The totalizer (Bailleux and Boufkhad 2003), capped at a limit.
//
// A balanced binary tree over the inputs (a node over m inputs splits them
// into the first ⌊m/2⌋ and the rest); each internal node has unary outputs
// o1..oc with c = min(m, limit), oj meaning "at least j inputs below are
// true" (oc meaning "at least c", which is how the cap works, Büttner and
// Rintanen 2005). A leaf's single output is the input itself. For a node
// with children outputs a1..a(ca) and b1..b(cb) (a0 = b0 = true):
//
//	upward   (needed for upper bounds):  ai ∧ bj → o(i+j)
//	         for 0 ≤ i ≤ ca, 0 ≤ j ≤ cb, 1 ≤ i+j ≤ c
//	downward (needed for lower bounds):  ¬a(i+1) ∧ ¬b(j+1) → ¬o(i+j+1)
//	         for 0 ≤ i ≤ ca, 0 ≤ j ≤ cb, i+j+1 ≤ c, where a(ca+1) and
//	         b(cb+1) are false (a capped child never reaches that case)
//
// Each internal node costs c variables; clause counts are the sizes of
// those index sets, summed over the tree. Σ ≤ k is the unit ¬o(k+1) at the
// root (limit k+1), Σ ≥ k the unit ok (limit k), = k both (limit k+1).
// With the upward clauses every output up to the true count is forced in
// any model, and with the downward ones no output beyond it can be true,
// so a bound is a single literal: this is the incremental form, built by
// NewCounter, whose bounds can be assumed and tightened between solves.
//
// Unit propagation is arc-consistent for ≤ k, ≥ k and = k (Bailleux and
// Boufkhad). Size O(n log limit) variables and O(n·limit) clauses on the
// balanced tree; for 57 inputs and = 8 it is 227 variables and 1344
// clauses.
//
// O. Bailleux, Y. Boufkhad, Efficient CNF encoding of Boolean cardinality
// constraints, CP 2003, LNCS 2833, 108–122. M. Büttner, J. Rintanen,
// Satisfiability planning with constraints on the number of actions,
// ICAPS 2005.

import "github.com/satsolve/satsolve/sat"

// totalizer builds the tree over lits and returns the root's outputs.
func totalizer(s sat.Sink, lits []sat.Lit, limit int, b Bounds) unary {
	out, _ := totNode(s, lits, limit, b)
	return out
}

// totNode returns a node's outputs and its input count.
func totNode(s sat.Sink, lits []sat.Lit, limit int, b Bounds) (unary, int) {
	if len(lits) == 1 {
		return unary{lits[0]}, 1
	}
	mid := len(lits) / 2
	a, ma := totNode(s, lits[:mid], limit, b)
	c, mc := totNode(s, lits[mid:], limit, b)
	m := ma + mc
	o := unary(newRow(s, int64(min(m, limit))))
	if b&UpperBounds != 0 {
		totUp(s, a, c, o)
	}
	if b&LowerBounds != 0 {
		totDown(s, a, c, o)
	}
	return o, m
}

func totUp(s sat.Sink, a, b, o unary) {
	for i := 0; i <= len(a); i++ {
		for j := 0; j <= len(b); j++ {
			if i+j == 0 || i+j > len(o) {
				continue
			}
			cl := make([]sat.Lit, 0, 3)
			if i > 0 {
				cl = append(cl, a[i-1].Not())
			}
			if j > 0 {
				cl = append(cl, b[j-1].Not())
			}
			s.AddClause(append(cl, o[i+j-1])...)
		}
	}
}

// totDown adds the downward clauses. Past a capped child's last output
// the child may count further, but such an i has i+j+1 > len(o), since a
// capped child has limit ≥ len(o) outputs, so it never produces a clause.
func totDown(s sat.Sink, a, b, o unary) {
	for i := 0; i <= len(a); i++ {
		for j := 0; j <= len(b) && i+j+1 <= len(o); j++ {
			cl := make([]sat.Lit, 0, 3)
			if i < len(a) {
				cl = append(cl, a[i])
			}
			if j < len(b) {
				cl = append(cl, b[j])
			}
			s.AddClause(append(cl, o[i+j].Not())...)
		}
	}
}
