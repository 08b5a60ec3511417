package encode

// The incremental totalizer (Martins, Joshi, Manquinho, Lynce 2014): a
// totalizer whose cap grows after it is built, as core-guided MaxSAT
// needs it.
//
// The tree is the capped totalizer of totalizer.go with upward clauses
// only: a node over m inputs has outputs o1..oc, c = min(m, limit), and
// the clauses ai ∧ bj → o(i+j) for its children's outputs (a0 = b0 =
// true) with 1 ≤ i+j ≤ c. In every model the outputs up to the number of
// true inputs (capped) are forced true; ¬o(k+1) therefore enforces Σ ≤ k,
// which is the only direction an upper-bounding search needs, and no
// assignment of the inputs is excluded by the clauses alone (set every
// output to its true count).
//
// Extend(limit) raises the cap: each node first extends its children,
// then adds the outputs c+1..c' and the clauses for the pairs with
// c < i+j ≤ c'. Those are exactly the pairs not already there: a child is
// always extended to min(cap, its inputs), so a pair whose i is beyond
// the left child's old outputs has i > c, and likewise for j. The result
// is the same clause set, up to the order of the variables, as a tree
// built with the larger cap at once, so a core-guided search that raises
// a bound one step at a time pays for each output once.
//
// Size at cap k over n inputs: at most n·⌈log₂ n⌉ variables and, per node
// with children of ma and mb inputs, Σ over pairs with 1 ≤ i+j ≤ c of one
// clause: O(n·k) for the tree. Unit propagation of ¬o(k+1) with the
// inputs is arc-consistent for Σ ≤ k (Bailleux and Boufkhad 2003).
//
// R. Martins, S. Joshi, V. Manquinho, I. Lynce, Incremental cardinality
// constraints for MaxSAT, CP 2014, LNCS 8656, 531–548. O. Bailleux, Y.
// Boufkhad, Efficient CNF encoding of Boolean cardinality constraints, CP
// 2003, LNCS 2833, 108–122.

import (
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// IncTotalizer counts how many of its inputs are true, for upper bounds
// only, up to a cap that Extend can raise. Build it with NewIncTotalizer.
type IncTotalizer struct {
	s    sat.Sink
	root *incNode
	t    constant
}

// incNode is a node of the tree: a leaf holds its input as its only
// output; an internal node's outputs out[j-1] mean "at least j inputs
// below are true", for j up to the cap it was last extended to.
type incNode struct {
	left, right *incNode
	n           int       // inputs below
	out         []sat.Lit // outputs 1..len(out)
}

// NewIncTotalizer builds the totalizer over lits into s with outputs up to
// limit (at least 1, at most len(lits)). It panics on an empty or zero
// literal list.
func NewIncTotalizer(s sat.Sink, lits []sat.Lit, limit int) *IncTotalizer {
	checkLits(lits)
	if len(lits) == 0 {
		panic("encode: NewIncTotalizer over no literals")
	}
	t := &IncTotalizer{s: s, root: incTree(lits)}
	t.Extend(limit)
	return t
}

func incTree(lits []sat.Lit) *incNode {
	if len(lits) == 1 {
		return &incNode{n: 1, out: []sat.Lit{lits[0]}}
	}
	mid := len(lits) / 2
	return &incNode{left: incTree(lits[:mid]), right: incTree(lits[mid:]), n: len(lits)}
}

// Inputs returns the number of inputs.
func (t *IncTotalizer) Inputs() int { return t.root.n }

// Limit returns the current cap: Output and AtMost work up to it.
func (t *IncTotalizer) Limit() int { return len(t.root.out) }

// Extend raises the cap to limit (capped at the number of inputs); a
// lower limit changes nothing. It returns the number of clauses added.
func (t *IncTotalizer) Extend(limit int) int {
	limit = min(limit, t.root.n)
	if limit <= len(t.root.out) {
		return 0
	}
	return t.root.extend(t.s, limit)
}

func (n *incNode) extend(s sat.Sink, limit int) int {
	if n.left == nil {
		return 0
	}
	c := min(limit, n.n)
	if c <= len(n.out) {
		return 0
	}
	added := n.left.extend(s, c) + n.right.extend(s, c)
	old := len(n.out)
	for range c - old {
		n.out = append(n.out, s.NewVar().Pos())
	}
	a, b := n.left.out, n.right.out
	for i := 0; i <= len(a); i++ {
		for j := 0; j <= len(b) && i+j <= c; j++ {
			if i+j <= old {
				continue
			}
			cl := make([]sat.Lit, 0, 3)
			if i > 0 {
				cl = append(cl, a[i-1].Not())
			}
			if j > 0 {
				cl = append(cl, b[j-1].Not())
			}
			s.AddClause(append(cl, n.out[i+j-1])...)
			added++
		}
	}
	return added
}

// Output returns the literal "at least j inputs are true", for 1 ≤ j ≤
// Limit(). In every model it is true when j inputs are; it may be true
// otherwise, unless assumed or asserted false.
func (t *IncTotalizer) Output(j int) sat.Lit {
	if j < 1 || j > len(t.root.out) {
		panic(fmt.Sprintf("encode: IncTotalizer output %d beyond the limit %d", j, len(t.root.out)))
	}
	return t.root.out[j-1]
}

// AtMost returns a literal that enforces Σ ≤ k when true: ¬Output(k+1),
// a constant true for k ≥ Inputs(), a constant false for k < 0. It panics
// when k+1 is beyond the cap (Extend first).
func (t *IncTotalizer) AtMost(k int) sat.Lit {
	switch {
	case k < 0:
		return t.t.True(t.s).Not()
	case k >= t.root.n:
		return t.t.True(t.s)
	}
	return t.Output(k + 1).Not()
}
