package encode

// Gates: Tseitin definitions with a fresh output literal.
//
// Each gate returns a new literal y and adds clauses making y equivalent to
// the gate's function of its inputs (Tseitin 1968), so y is the reified
// form: assert it, assume it, negate it or feed it to another gate.
//
//	And(x1..xn)   1 variable, n+1 clauses: (¬y ∨ xi) for each i, (y ∨ ¬x1 ∨ … ∨ ¬xn)
//	Or(x1..xn)    1 variable, n+1 clauses (the dual)
//	Xor(x1..xn)   a chain of 2-input XORs: n−1 variables and 4(n−1) clauses
//	              for n ≥ 2; y ↔ x1 (1 variable, 2 clauses) for n = 1;
//	              y false (1 variable, 1 clause) for n = 0
//	Equiv(a, b)   y ↔ (a ↔ b): 1 variable, 4 clauses
//	ITE(c, t, e)  y ↔ (c ? t : e): 1 variable, 6 clauses, the 4 defining
//	              ones plus (t ∧ e → y) and (¬t ∧ ¬e → ¬y)
//
// Unit propagation is arc-consistent on each single gate (for the ITE
// thanks to its two redundant clauses) and on the XOR chain as a whole:
// with all but one of its n+1 literals fixed, the last is propagated.
// The empty And is true and the empty Or false. "Only if b" for an
// arbitrary clause set is Guard, in sink.go.

import "github.com/satsolve/satsolve/sat"

// And returns a fresh literal equivalent to the conjunction of lits.
func And(s sat.Sink, lits ...sat.Lit) sat.Lit {
	checkLits(lits)
	y := s.NewVar().Pos()
	long := make([]sat.Lit, 0, len(lits)+1)
	long = append(long, y)
	for _, x := range lits {
		s.AddClause(y.Not(), x)
		long = append(long, x.Not())
	}
	s.AddClause(long...)
	return y
}

// Or returns a fresh literal equivalent to the disjunction of lits.
func Or(s sat.Sink, lits ...sat.Lit) sat.Lit {
	neg := make([]sat.Lit, len(lits))
	for i, x := range lits {
		neg[i] = x.Not()
	}
	return And(s, neg...).Not()
}

// Xor returns a fresh literal equivalent to the parity of lits (true when
// an odd number of them is true).
func Xor(s sat.Sink, lits ...sat.Lit) sat.Lit {
	checkLits(lits)
	switch len(lits) {
	case 0:
		y := s.NewVar().Pos()
		s.AddClause(y.Not())
		return y
	case 1:
		y := s.NewVar().Pos()
		s.AddClause(y.Not(), lits[0])
		s.AddClause(y, lits[0].Not())
		return y
	}
	acc := lits[0]
	for _, x := range lits[1:] {
		acc = xor2(s, acc, x)
	}
	return acc
}

func xor2(s sat.Sink, a, b sat.Lit) sat.Lit {
	y := s.NewVar().Pos()
	s.AddClause(y.Not(), a, b)
	s.AddClause(y.Not(), a.Not(), b.Not())
	s.AddClause(y, a.Not(), b)
	s.AddClause(y, a, b.Not())
	return y
}

// Equiv returns a fresh literal equivalent to (a ↔ b).
func Equiv(s sat.Sink, a, b sat.Lit) sat.Lit {
	checkLits([]sat.Lit{a, b})
	return xor2(s, a, b).Not()
}

// ITE returns a fresh literal equivalent to "if c then t else e".
func ITE(s sat.Sink, c, t, e sat.Lit) sat.Lit {
	checkLits([]sat.Lit{c, t, e})
	y := s.NewVar().Pos()
	s.AddClause(c.Not(), t.Not(), y)
	s.AddClause(c.Not(), t, y.Not())
	s.AddClause(c, e.Not(), y)
	s.AddClause(c, e, y.Not())
	s.AddClause(t.Not(), e.Not(), y)
	s.AddClause(t, e, y.Not())
	return y
}
