package sat

import (
	"math"
	"math/big"
	"strings"
)

// BigTerm is a Term whose coefficient may lie beyond int64.
type BigTerm struct {
	Coef *big.Int
	Lit  Lit
}

// BigPB is the linear pseudo-Boolean constraint Σ Terms Op K with
// coefficients of any size: what an OPB file may hold beyond MaxCoefSum
// (the PB Competition has 128- and 256-bit coefficients). Readers give
// such constraints only on request (satfile.Options.BigPB), encode.BigPB
// clausifies them, and Holds checks them exactly. Small returns the same
// constraint as a PB when one fits.
type BigPB struct {
	Terms []BigTerm
	Op    Op
	K     *big.Int
}

// Holds reports whether a satisfies c, with exact arithmetic.
func (c BigPB) Holds(a Assignment) bool {
	s := new(big.Int)
	for _, t := range c.Terms {
		if a.Lit(t.Lit) {
			s.Add(s, t.Coef)
		}
	}
	switch cmp := s.Cmp(c.K); c.Op {
	case AtLeast:
		return cmp >= 0
	case AtMost:
		return cmp <= 0
	default:
		return cmp == 0
	}
}

// Small returns c as a PB over int64 coefficients when one with the same
// models fits Validate: the coefficients and K divided by their greatest
// common divisor (K rounded up for ≥, down for ≤; an = whose K the
// divisor does not divide has no model, and becomes 0 ≥ 1), and K
// clamped to just beyond ±Σ|a|, where it decides the constraint alone.
// ok is false when even the divided constraint is beyond MaxCoefSum.
func (c BigPB) Small() (pb PB, ok bool) {
	g := new(big.Int)
	for _, t := range c.Terms {
		g.GCD(nil, nil, g, new(big.Int).Abs(t.Coef))
	}
	k := new(big.Int).Set(c.K)
	if g.Sign() == 0 {
		g.SetInt64(1) // no terms, or all zero
	}
	if g.Cmp(big.NewInt(1)) != 0 {
		q, m := new(big.Int).DivMod(k, g, new(big.Int)) // floor division for g > 0
		switch {
		case m.Sign() == 0:
		case c.Op == AtLeast:
			q.Add(q, big.NewInt(1))
		case c.Op == Equal:
			return PB{Op: AtLeast, K: 1}, true
		}
		k = q
	}
	// A K beyond ±Σ|a| decides the constraint whatever the literals: clamp
	// it to just beyond, where it decides the same.
	total := new(big.Int)
	for _, t := range c.Terms {
		total.Add(total, new(big.Int).Abs(new(big.Int).Quo(t.Coef, g)))
	}
	if hi := new(big.Int).Add(total, big.NewInt(1)); k.Cmp(hi) > 0 {
		k = hi
	} else if lo := new(big.Int).Neg(hi); k.Cmp(lo) < 0 {
		k = lo
	}
	if !k.IsInt64() {
		return PB{}, false
	}
	pb = PB{Op: c.Op, K: k.Int64(), Terms: make([]Term, len(c.Terms))}
	for i, t := range c.Terms {
		q := new(big.Int).Quo(t.Coef, g)
		if !q.IsInt64() {
			return PB{}, false
		}
		pb.Terms[i] = Term{Coef: q.Int64(), Lit: t.Lit}
	}
	return pb, pb.Validate() == nil
}

// String returns c in OPB syntax, e.g. "+3 x1 -2 ~x2 >= 1 ;".
func (c BigPB) String() string {
	var b strings.Builder
	for _, t := range c.Terms {
		if t.Coef.Sign() >= 0 {
			b.WriteByte('+')
		}
		b.WriteString(t.Coef.String())
		b.WriteString(" ")
		if t.Lit < 0 {
			b.WriteByte('~')
		}
		b.WriteString("x")
		b.WriteString(big.NewInt(int64(t.Lit.Var())).String())
		b.WriteByte(' ')
	}
	b.WriteString(c.Op.String() + " " + c.K.String() + " ;")
	return b.String()
}

// BigSum returns Σ Coef·[Lit true under a] exactly, for terms whose sum
// may lie beyond int64 (each coefficient is an int64).
func BigSum(terms []Term, a Assignment) *big.Int {
	sum, part := new(big.Int), int64(0)
	for _, t := range terms {
		if !a.Lit(t.Lit) {
			continue
		}
		if c := t.Coef; c > 0 && part > math.MaxInt64-c || c < 0 && part < math.MinInt64-c {
			sum.Add(sum, big.NewInt(part))
			part = 0
		}
		part += t.Coef
	}
	return sum.Add(sum, big.NewInt(part))
}
