package encode

// The binary and bimander encodings of at-most-one.
//
// Binary (Frisch et al. 2005; Prestwich calls it bitwise): give literal i
// the code i in m = ⌈log2 n⌉ bits b1..bm and add xi → (bj or ¬bj as the
// j-th bit of i says): m variables, n·m clauses. Two true literals would
// need two different codes at once. Unit propagation is arc-consistent: a
// true xi fixes every bit, and any other xj has a bit that then
// contradicts its code.
//
// Bimander (Nguyen and Mai 2015): split the literals into g = ⌈n/2⌉ groups
// of two (the last may hold one), forbid the pair inside each group, and
// give each group a binary code in m = ⌈log2 g⌉ bits that both its members
// imply: m variables, ⌊n/2⌋ + n·m clauses. It halves the bit count of the
// binary encoding for the price of one pairwise clause per group; unit
// propagation stays arc-consistent for the same reason (the partner inside
// a group is caught by the pairwise clause).
//
// A. M. Frisch, T. J. Peugniez, A. J. Doggett, P. W. Nightingale, Solving
// non-Boolean satisfiability problems with stochastic local search, J.
// Autom. Reasoning 35, 2005. V.-H. Nguyen, S. T. Mai, A new method to
// encode the at-most-one constraint into SAT, SoICT 2015.

import (
	"math/bits"

	"github.com/satsolve/satsolve/sat"
)

// codeBits returns ⌈log2 n⌉ fresh variables, enough to number n items.
func codeBits(s sat.Sink, n int) []sat.Var {
	m := bits.Len(uint(n - 1))
	vs := make([]sat.Var, m)
	for j := range vs {
		vs[j] = s.NewVar()
	}
	return vs
}

// implyCode adds x → (the bits spell code).
func implyCode(s sat.Sink, x sat.Lit, vs []sat.Var, code int) {
	for j, v := range vs {
		s.AddClause(x.Not(), v.Lit(code>>j&1 == 1))
	}
}

func amoBinary(s sat.Sink, lits []sat.Lit) {
	vs := codeBits(s, len(lits))
	for i, x := range lits {
		implyCode(s, x, vs, i)
	}
}

func amoBimander(s sat.Sink, lits []sat.Lit) {
	groups := (len(lits) + 1) / 2
	vs := codeBits(s, groups)
	for i, x := range lits {
		if i%2 == 1 {
			s.AddClause(lits[i-1].Not(), x.Not())
		}
		implyCode(s, x, vs, i/2)
	}
}
