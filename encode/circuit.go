package encode

// Circuit and subcircuit: successor integers that form one Hamiltonian
// cycle (circuit), or one cycle over the nodes that do not point to
// themselves (subcircuit).
//
// Node i (counted from first) has successor x_i. Successor literals
// s_ij ↔ x_i = j are the value literals; every node has exactly one
// successor (the integer's own encoding) and, through an at-most-one per
// value with the method m (and an at-least-one clause, the successors
// being a permutation), exactly one predecessor. Cycles other than the
// one wanted are cut by positions (Miller, Tucker and Zemlin 1960): each
// node gets an order-encoded position p_i in 0..n−1 and, on every arc
// i → j into a node j that is not the root,
//
//	s_ij → p_j ≥ p_i + 1       (n−2 clauses s_ij ∧ p_i ≥ v → p_j ≥ v+1)
//
// so positions increase strictly along any path that avoids the root, and
// every cycle must pass through it. Circuit: the root is node first, no
// node is its own successor, and the root's position is 0. Subcircuit: a
// node is in when x_i ≠ i; root literals r_i (at most one, by the method
// m, each only on a node that is in, and one when some node is in) choose
// the root among the nodes in, and the arcs into it are free. So the
// nodes in form exactly one cycle. (That the root is in is implied: a
// root outside would leave the cycle without one. The clause is kept for
// propagation.)
//
// Size for n nodes: the n² successor literals, n(n−1) order literals of
// positions, about n³ ternary clauses for the position ladder, and the
// at-most-ones. Unit propagation detects a closed subtour (the ladder's
// positions run out) but is not arc-consistent.
//
// C. E. Miller, A. W. Tucker, R. A. Zemlin, Integer programming
// formulation of traveling salesman problems, JACM 7, 1960.

import (
	"github.com/satsolve/satsolve/sat"
)

// Circuit adds clauses enforcing that the successors xs (node i's
// successor is xs[i−first], a node number from first) form one cycle
// through every node. It panics on an unknown method.
func Circuit(s sat.Sink, xs []*Int, first int64, m AMOMethod) { circuit(s, xs, first, m, false) }

// Subcircuit adds clauses enforcing that the nodes whose successor is not
// themselves form one cycle (or none: every node its own successor).
func Subcircuit(s sat.Sink, xs []*Int, first int64, m AMOMethod) { circuit(s, xs, first, m, true) }

func circuit(s sat.Sink, xs []*Int, first int64, m AMOMethod, sub bool) {
	n := len(xs)
	if n == 0 {
		return
	}
	inRange(s, xs, first, int64(n))
	// succ[i][j] is x_i = first+j.
	succ := make([][]part, n)
	for i, x := range xs {
		succ[i] = make([]part, n)
		for j := range n {
			succ[i][j] = x.eqP(s, first+int64(j))
		}
	}
	for j := range n { // one predecessor each
		var col []sat.Lit
		var all []part
		for i := range n {
			if p := succ[i][j]; p.k == 0 {
				col = append(col, p.l)
			}
			all = append(all, succ[i][j])
		}
		AtMostOne(s, col, m)
		emit(s, all...)
	}
	// root[i]: node i is the root of the cycle.
	root := make([]part, n)
	if !sub {
		emit(s, succ[0][0].not())
		for i := 1; i < n; i++ {
			emit(s, succ[i][i].not())
			root[i] = partFalse
		}
		root[0] = partTrue
	} else {
		var rs []sat.Lit
		for i := range n {
			r := s.NewVar().Pos()
			rs = append(rs, r)
			root[i] = part{l: r}
			emit(s, part{l: r.Not()}, succ[i][i].not()) // the root is in
		}
		AtMostOne(s, rs, m)
		// some node in → some root
		for i := range n {
			emit(s, append([]part{succ[i][i]}, parts(rs)...)...)
		}
	}
	// Positions 0..n−1; the circuit's root is at 0.
	pos := make([]*Int, n)
	for i := range n {
		pos[i] = NewInt(s, 0, int64(n-1), IntOrder)
	}
	if !sub {
		emit(s, pos[0].geP(s, 1).not())
	}
	for i := range n {
		for j := range n {
			a := succ[i][j]
			if i == j || a == partFalse {
				continue
			}
			// a ∧ ¬root_j → p_j ≥ p_i + 1
			for v := int64(0); v < int64(n); v++ {
				emit(s, a.not(), root[j], pos[i].geP(s, v).not(), pos[j].geP(s, v+1))
			}
		}
	}
}
