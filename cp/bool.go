package cp

// Boolean constraints: clauses, conjunctions and parities.
//
// bool_clause, bool_le and array_bool_or are one clause; array_bool_and,
// bool_lt and the negation of a clause are conjunctions (unit clauses);
// array_bool_xor, bool_xor, bool_eq and bool_not are parities, encoded by
// encode.Xor's chain of 2-input XOR gates (n−1 variables, 4(n−1) clauses,
// arc-consistent) and one unit clause. Reified, a clause is an Or gate, a
// conjunction an And gate and a parity the chain's output literal: b ↔ C
// costs the gate and two clauses. FlatZinc's functional forms
// (bool_and(a, b, r): r ↔ a ∧ b) are these constraints with Iff(r).

import (
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// boolKind is the kind of a Boolean constraint.
type boolKind uint8

const (
	kClause boolKind = iota // ∨ pos ∨ ∨ ¬neg
	kConj                   // ∧ pos ∧ ∧ ¬neg
	kParity                 // ⊕ pos = odd (neg unused)
)

type boolCon struct {
	fzn      string
	kind     boolKind
	pos, neg []BoolVar
	odd      bool
}

func (c *boolCon) name() string { return c.fzn }

func (c *boolCon) args() []Var {
	var vs []Var
	for _, b := range c.pos {
		vs = append(vs, b)
	}
	for _, b := range c.neg {
		vs = append(vs, b)
	}
	return vs
}

func (c *boolCon) holds(v *Solution) bool {
	switch c.kind {
	case kClause:
		for _, b := range c.pos {
			if v.Bool(b) {
				return true
			}
		}
		for _, b := range c.neg {
			if !v.Bool(b) {
				return true
			}
		}
		return false
	case kConj:
		for _, b := range c.pos {
			if !v.Bool(b) {
				return false
			}
		}
		for _, b := range c.neg {
			if v.Bool(b) {
				return false
			}
		}
		return true
	}
	odd := false
	for _, b := range c.pos {
		odd = odd != v.Bool(b)
	}
	return odd == c.odd
}

func (c *boolCon) negate() con {
	n := *c
	switch c.kind {
	case kClause:
		n.kind, n.pos, n.neg = kConj, c.neg, c.pos
	case kConj:
		n.kind, n.pos, n.neg = kClause, c.neg, c.pos
	default:
		n.odd = !c.odd
	}
	return &n
}

func (c *boolCon) uses(*usage) {}

// parts returns the literals of the constraint, negated ones flipped.
func (c *boolCon) parts(e *encoder) []part {
	ps := make([]part, 0, len(c.pos)+len(c.neg))
	for _, b := range c.pos {
		ps = append(ps, e.boolP(b))
	}
	for _, b := range c.neg {
		ps = append(ps, e.boolP(b).not())
	}
	return ps
}

func (c *boolCon) post(e *encoder, s sat.Sink) error {
	ps := c.parts(e)
	switch c.kind {
	case kClause:
		clause(s, ps...)
	case kConj:
		for _, p := range ps {
			clause(s, p)
		}
	default:
		l, _, _ := c.reify(e)
		s.AddClause(l)
	}
	return nil
}

func (c *boolCon) reify(e *encoder) (sat.Lit, bool, error) {
	ps := c.parts(e)
	var lits []sat.Lit
	switch c.kind {
	case kClause:
		for _, p := range ps {
			switch p.k {
			case 1:
				return e.t, true, nil
			case 0:
				lits = append(lits, p.l)
			}
		}
		if len(lits) == 1 {
			return lits[0], true, nil
		}
		return encode.Or(e.s, lits...), true, nil
	case kConj:
		for _, p := range ps {
			switch p.k {
			case -1:
				return e.t.Not(), true, nil
			case 0:
				lits = append(lits, p.l)
			}
		}
		if len(lits) == 1 {
			return lits[0], true, nil
		}
		return encode.And(e.s, lits...), true, nil
	}
	odd := c.odd
	for _, p := range ps {
		switch p.k {
		case 1:
			odd = !odd
		case 0:
			lits = append(lits, p.l)
		}
	}
	var y sat.Lit
	switch len(lits) {
	case 0:
		y = e.t.Not()
	case 1:
		y = lits[0]
	default:
		y = encode.Xor(e.s, lits...)
	}
	if !odd {
		y = y.Not()
	}
	return y, true, nil
}

func (m *Model) boolCon(c *boolCon) Constraint {
	if !m.ownBools(c.pos) || !m.ownBools(c.neg) {
		return Constraint{}
	}
	return m.post(c)
}

// BoolClause constrains at least one of pos to be true or one of neg to
// be false (FlatZinc bool_clause; Iff gives bool_clause_reif).
func (m *Model) BoolClause(pos, neg []BoolVar) Constraint {
	return m.boolCon(&boolCon{fzn: "bool_clause", kind: kClause, pos: pos, neg: neg})
}

// BoolOr constrains at least one of bs to be true (FlatZinc
// array_bool_or, bool_or with Iff).
func (m *Model) BoolOr(bs ...BoolVar) Constraint {
	return m.boolCon(&boolCon{fzn: "array_bool_or", kind: kClause, pos: bs})
}

// BoolAnd constrains every one of bs to be true (FlatZinc
// array_bool_and, bool_and with Iff).
func (m *Model) BoolAnd(bs ...BoolVar) Constraint {
	return m.boolCon(&boolCon{fzn: "array_bool_and", kind: kConj, pos: bs})
}

// BoolXor constrains an odd number of bs to be true (FlatZinc
// array_bool_xor, bool_xor with two arguments, bool_xor with Iff).
func (m *Model) BoolXor(bs ...BoolVar) Constraint {
	return m.boolCon(&boolCon{fzn: "array_bool_xor", kind: kParity, pos: bs, odd: true})
}

// BoolEq constrains a = b (FlatZinc bool_eq).
func (m *Model) BoolEq(a, b BoolVar) Constraint {
	return m.boolCon(&boolCon{fzn: "bool_eq", kind: kParity, pos: []BoolVar{a, b}})
}

// BoolNe constrains a ≠ b (FlatZinc bool_not).
func (m *Model) BoolNe(a, b BoolVar) Constraint {
	return m.boolCon(&boolCon{fzn: "bool_not", kind: kParity, pos: []BoolVar{a, b}, odd: true})
}

// BoolLe constrains a ≤ b, i.e. a → b (FlatZinc bool_le).
func (m *Model) BoolLe(a, b BoolVar) Constraint {
	return m.boolCon(&boolCon{fzn: "bool_le", kind: kClause, pos: []BoolVar{b}, neg: []BoolVar{a}})
}

// BoolLt constrains a < b, i.e. ¬a ∧ b (FlatZinc bool_lt).
func (m *Model) BoolLt(a, b BoolVar) Constraint {
	return m.boolCon(&boolCon{fzn: "bool_lt", kind: kConj, pos: []BoolVar{b}, neg: []BoolVar{a}})
}
