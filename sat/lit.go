package sat

import "strconv"

// Var is a propositional variable, numbered from 1 as in DIMACS.
type Var int32

// MaxVar is the largest variable a Lit can hold.
const MaxVar Var = 1<<31 - 1

// Pos returns the positive literal of v.
func (v Var) Pos() Lit { return Lit(v) }

// Neg returns the negative literal of v.
func (v Var) Neg() Lit { return Lit(-v) }

// Lit returns the literal of v with the given polarity.
func (v Var) Lit(positive bool) Lit {
	if positive {
		return Lit(v)
	}
	return Lit(-v)
}

// Lit is a literal in DIMACS form: v for variable v, -v for its negation.
// The zero Lit is invalid.
type Lit int32

// Var returns the variable of l.
func (l Lit) Var() Var {
	if l < 0 {
		return Var(-l)
	}
	return Var(l)
}

// Not returns the negation of l.
func (l Lit) Not() Lit { return -l }

// IsPos reports whether l is a positive literal.
func (l Lit) IsPos() bool { return l > 0 }

// String returns l in DIMACS form.
func (l Lit) String() string { return strconv.Itoa(int(l)) }
