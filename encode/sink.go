package encode

// Sinks, guards and constants.
//
// Every encoder writes into a sat.Sink and never solves. Guard wraps a sink
// so that everything written through it holds only if a literal b is true:
// each clause gets ¬b appended, which is the "half reification" b → C for
// any clause set C. Guarding costs one literal per clause and no variables.
// When the underlying sink takes native pseudo-Boolean constraints, so does
// the guard: Σ aᵢxᵢ ≤ K becomes Σ aᵢxᵢ + (hi−K)·b ≤ hi, where hi is the
// largest value the sum can take (and symmetrically for ≥, with ¬b), the
// usual big-M reification; if that would push the coefficients beyond
// sat.MaxCoefSum the guard encodes the constraint with the adder network
// instead (through itself, so guarded).
//
// Some encoders need a literal that is always true (a bound beyond the
// reachable range, an empty conjunction). They create it at most once per
// object, as a fresh variable with a unit clause. Written through a guard,
// that unit clause is guarded too: the "constant" is then true only when
// the guard holds, which is all an encoding under that guard can observe.

import (
	"github.com/satsolve/satsolve/sat"
)

// Guard returns a sink that writes into s and adds ¬b to every clause, so
// whatever is encoded through it is enforced only when b is true (b → C).
// NewVar is passed through. If s implements sat.PBAdder, so does the
// returned sink. Guards nest: Guard(Guard(s, a), b) enforces only when
// both a and b hold. Guard panics if b is the zero literal.
func Guard(s sat.Sink, b sat.Lit) sat.Sink {
	if b == 0 {
		panic("encode: zero literal")
	}
	g := &guarded{s: s, not: b.Not()}
	if p, ok := s.(sat.PBAdder); ok {
		return &guardedPB{guarded: g, pb: p}
	}
	return g
}

type guarded struct {
	s   sat.Sink
	not sat.Lit
}

func (g *guarded) NewVar() sat.Var { return g.s.NewVar() }

func (g *guarded) AddClause(lits ...sat.Lit) {
	c := make([]sat.Lit, len(lits)+1)
	copy(c, lits)
	c[len(lits)] = g.not
	g.s.AddClause(c...)
}

type guardedPB struct {
	*guarded
	pb sat.PBAdder
}

// AddPB adds b → c. c must satisfy Validate.
func (g *guardedPB) AddPB(c sat.PB) {
	if c.Op == sat.Equal {
		g.AddPB(sat.PB{Terms: c.Terms, Op: sat.AtMost, K: c.K})
		g.AddPB(sat.PB{Terms: c.Terms, Op: sat.AtLeast, K: c.K})
		return
	}
	var lo, hi, abs int64
	for _, t := range c.Terms {
		if t.Coef > 0 {
			hi += t.Coef
			abs += t.Coef
		} else {
			lo += t.Coef
			abs -= t.Coef
		}
	}
	b := g.not.Not()
	var m int64
	var extra sat.Term
	k := c.K
	if c.Op == sat.AtMost {
		if hi <= k {
			return
		}
		if k < lo {
			g.AddClause()
			return
		}
		m = hi - k
		extra = sat.Term{Coef: m, Lit: b}
		k = hi
	} else {
		if k <= lo {
			return
		}
		if k > hi {
			g.AddClause()
			return
		}
		m = k - lo
		extra = sat.Term{Coef: m, Lit: b.Not()}
	}
	if abs > sat.MaxCoefSum-m || k > sat.MaxCoefSum {
		// Out of range for a native constraint: encode it instead.
		encodePB(g.guarded, c, PBAdder)
		return
	}
	terms := append(append([]sat.Term(nil), c.Terms...), extra)
	g.pb.AddPB(sat.PB{Terms: terms, Op: c.Op, K: k})
}

// constant is a literal fixed true, created on first use.
type constant struct{ lit sat.Lit }

// True returns the constant, creating it in s when first needed.
func (c *constant) True(s sat.Sink) sat.Lit {
	if c.lit == 0 {
		v := s.NewVar()
		s.AddClause(v.Pos())
		c.lit = v.Pos()
	}
	return c.lit
}

// checkLits panics on a zero literal, the one programming error encoders
// reject.
func checkLits(lits []sat.Lit) {
	for _, l := range lits {
		if l == 0 {
			panic("encode: zero literal")
		}
	}
}
