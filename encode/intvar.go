package encode

// Bounded integer variables, linear sums over them, absolute values.
//
// Order encoding (Tamura et al. 2009; Crawford and Baker 1994): x in
// [lo, hi] gets hi−lo variables o_j ↔ (x ≥ j) for j = lo+1..hi and the
// hi−lo−1 clauses o_(j+1) → o_j. Comparisons with constants are single
// literals, x = lo + Σ o_j is a sum with unit coefficients, and |x| is
// also linear in the o_j without new variables:
// |x| = Σ_{j≥1} o_j + Σ_{j≤0} ¬o_j. Size grows with the domain.
//
// Log (binary) encoding (Iwama and Miyazaki 1994): x = lo + Σ 2^j·b_j with
// m = bitlen(hi−lo) variables, plus the clauses keeping lo + Σ ≤ hi
// (binary.go: one clause per zero bit of hi−lo below bit m). x ≥ v costs
// a chain of at most m And/Or gates; |x| for a domain that straddles 0
// costs a new log-encoded integer y with b → y = x and ¬b → y = −x for
// b = (x ≥ 0), through Guard. Size grows with the logarithm of the
// domain, but propagation through sums is weak.
//
// A linear constraint Σ cᵢxᵢ op k over integers expands every xᵢ into its
// terms and becomes one pseudo-Boolean constraint over the bits (LinearPB),
// encoded by any PB method. For example the chip-firing condition
// D(v) − deg(v)·f_v + Σ_{u~v} f_u ≥ 0 is LinearPB with terms
// {−deg(v), f_v}, {1, f_u}… and bound −D(v). Propagation is weaker than
// bounds consistency even with an arc-consistent PB method: the PB over
// the bits does not know the order chain, so x ≤ 1 for x in 0..3 becomes
// o1 + o2 + o3 ≤ 1, where no single bit is forced false.
//
// N. Tamura, A. Taga, S. Kitagawa, M. Banbara, Compiling finite linear CSP
// into SAT, Constraints 14, 2009. J. M. Crawford, A. B. Baker,
// Experimental results on the application of satisfiability algorithms to
// scheduling problems, AAAI 1994. K. Iwama, S. Miyazaki, SAT-variable
// complexity of hard combinatorial problems, IFIP 1994.

import (
	"fmt"
	"math/bits"

	"github.com/satsolve/satsolve/sat"
)

// IntEncoding selects how an Int is encoded.
type IntEncoding uint8

// The integer encodings.
const (
	IntOrder IntEncoding = iota // one variable per value above lo: o_j ↔ x ≥ j
	IntLog                      // binary, as an offset from lo
)

var intNames = []string{"order", "log"}

// String returns the encoding's flag name, e.g. "order".
func (e IntEncoding) String() string { return methodName("IntEncoding", e, intNames) }

// IntEncodings returns every integer encoding, in declaration order.
func IntEncodings() []IntEncoding { return []IntEncoding{IntOrder, IntLog} }

// ParseIntEncoding returns the encoding whose String is name.
func ParseIntEncoding(name string) (IntEncoding, error) {
	return parseMethod("integer encoding", name, IntEncodings())
}

// Int is an integer variable with a bounded domain lo..hi, encoded in
// Boolean variables of a sink. Create it with NewInt.
type Int struct {
	lo, hi int64
	enc    IntEncoding
	bits   []sat.Lit // order: bits[j] ↔ x ≥ lo+1+j; log: x = lo + Σ 2^j·bits[j]
	t      constant
}

// maxDomain bounds hi−lo so that every coefficient a linear sum derives
// from the domain stays far inside sat.MaxCoefSum.
const maxDomain = 1 << 40

// NewInt returns a new integer variable with domain lo..hi encoded in s.
// It panics if lo > hi, if hi−lo exceeds 2^40 (the order encoding needs
// one variable per value, so keep its domains small), or on an unknown
// encoding.
func NewInt(s sat.Sink, lo, hi int64, enc IntEncoding) *Int {
	if lo > hi || hi-lo < 0 || hi-lo > maxDomain {
		panic(fmt.Sprintf("encode: invalid integer domain %d..%d", lo, hi))
	}
	x := &Int{lo: lo, hi: hi, enc: enc}
	switch enc {
	case IntOrder:
		x.bits = newRow(s, hi-lo)
		for j := 1; j < len(x.bits); j++ {
			s.AddClause(x.bits[j].Not(), x.bits[j-1])
		}
	case IntLog:
		x.bits = newRow(s, int64(bits.Len64(uint64(hi-lo))))
		binAtMost(s, x.bits, hi-lo)
	default:
		panic("encode: unknown " + enc.String())
	}
	return x
}

// Lo returns the smallest value of x.
func (x *Int) Lo() int64 { return x.lo }

// Hi returns the largest value of x.
func (x *Int) Hi() int64 { return x.hi }

// Encoding returns how x is encoded.
func (x *Int) Encoding() IntEncoding { return x.enc }

// Lits returns a copy of the literals that encode x (order: x ≥ lo+1,
// x ≥ lo+2, …; log: the bits of x−lo, least significant first).
func (x *Int) Lits() []sat.Lit { return append([]sat.Lit(nil), x.bits...) }

// Terms returns x as a constant plus a sum of terms over its literals.
func (x *Int) Terms() ([]sat.Term, int64) {
	ts := make([]sat.Term, len(x.bits))
	for j, b := range x.bits {
		c := int64(1)
		if x.enc == IntLog {
			c <<= j
		}
		ts[j] = sat.Term{Coef: c, Lit: b}
	}
	return ts, x.lo
}

// Value returns the value of x in a model of the sink's clauses.
func (x *Int) Value(a sat.Assignment) int64 {
	ts, c := x.Terms()
	return c + sat.Sum(ts, a)
}

// Ge returns a literal equivalent to x ≥ v: an encoding literal or a
// constant for the order encoding, a chain of gates written into s for
// the log encoding.
func (x *Int) Ge(s sat.Sink, v int64) sat.Lit {
	switch {
	case v <= x.lo:
		return x.t.True(s)
	case v > x.hi:
		return x.t.True(s).Not()
	case x.enc == IntOrder:
		return x.bits[v-x.lo-1]
	}
	c := v - x.lo
	g := partTrue
	for b, y := range x.bits {
		switch {
		case c>>b&1 == 1 && g == partTrue:
			g = part{l: y}
		case c>>b&1 == 1:
			g = part{l: And(s, y, g.l)}
		case g != partTrue:
			g = part{l: Or(s, y, g.l)}
		}
	}
	return g.l
}

// Le returns a literal equivalent to x ≤ v (see Ge).
func (x *Int) Le(s sat.Sink, v int64) sat.Lit {
	if v >= x.hi {
		return x.t.True(s)
	}
	return x.Ge(s, v+1).Not()
}

// Eq returns a literal equivalent to x = v, written into s as one And gate
// (or a constant when v is outside the domain).
func (x *Int) Eq(s sat.Sink, v int64) sat.Lit {
	if v < x.lo || v > x.hi {
		return x.t.True(s).Not()
	}
	if x.enc == IntOrder {
		var lits []sat.Lit
		if v > x.lo {
			lits = append(lits, x.bits[v-x.lo-1])
		}
		if v < x.hi {
			lits = append(lits, x.bits[v-x.lo].Not())
		}
		return And(s, lits...)
	}
	lits := make([]sat.Lit, len(x.bits))
	for b, y := range x.bits {
		lits[b] = pick(y, (v-x.lo)>>b&1 == 1)
	}
	return And(s, lits...)
}

// IntTerm is one weighted integer of a linear expression.
type IntTerm struct {
	Coef int64
	X    *Int
}

// LinearPB returns Σ Coef·X op k as a pseudo-Boolean constraint over the
// integers' literals. The error reports coefficients out of range
// (sat.ErrCoefRange).
func LinearPB(ts []IntTerm, op sat.Op, k int64) (sat.PB, error) {
	var out []sat.Term
	for _, t := range ts {
		xs, c := t.X.Terms()
		cc, ok := mulChecked(t.Coef, c)
		if !ok {
			return sat.PB{}, fmt.Errorf("encode: %w", sat.ErrCoefRange)
		}
		if k, ok = subChecked(k, cc); !ok {
			return sat.PB{}, fmt.Errorf("encode: %w", sat.ErrCoefRange)
		}
		for _, x := range xs {
			a, ok := mulChecked(t.Coef, x.Coef)
			if !ok {
				return sat.PB{}, fmt.Errorf("encode: %w", sat.ErrCoefRange)
			}
			out = append(out, sat.Term{Coef: a, Lit: x.Lit})
		}
	}
	c := sat.PB{Terms: out, Op: op, K: k}
	if err := c.Validate(); err != nil {
		return sat.PB{}, fmt.Errorf("encode: %w", err)
	}
	return c, nil
}

// Linear adds Σ Coef·X op k with the pseudo-Boolean method m. The error
// reports coefficients out of range or ErrNotApplicable.
func Linear(s sat.Sink, ts []IntTerm, op sat.Op, k int64, m PBMethod) error {
	c, err := LinearPB(ts, op, k)
	if err != nil {
		return err
	}
	return PB(s, c, m)
}

// Abs returns |x| as a constant plus a sum of terms, for objectives such
// as Σ|f_v|. For the order encoding, or a domain on one side of 0, it
// needs no new clauses; a log-encoded x whose domain straddles 0 gets a
// new log-encoded y = |x|, linked with the PB method m. The error is
// ErrNotApplicable when that link is needed and m does not apply to s.
func Abs(s sat.Sink, x *Int, m PBMethod) ([]sat.Term, int64, error) {
	ts, c := x.Terms()
	switch {
	case x.lo >= 0:
		return ts, c, nil
	case x.hi <= 0:
		for i := range ts {
			ts[i].Coef = -ts[i].Coef
		}
		return ts, -c, nil
	case x.enc == IntOrder:
		for j := range ts {
			if x.lo+1+int64(j) <= 0 {
				ts[j].Lit = ts[j].Lit.Not()
			}
		}
		return ts, 0, nil
	}
	if !m.Applies(s) {
		return nil, 0, ErrNotApplicable
	}
	y := NewInt(s, 0, max(-x.lo, x.hi), IntLog)
	pos := x.Ge(s, 0)
	if err := Linear(Guard(s, pos), []IntTerm{{1, y}, {-1, x}}, sat.Equal, 0, m); err != nil {
		return nil, 0, err
	}
	if err := Linear(Guard(s, pos.Not()), []IntTerm{{1, y}, {1, x}}, sat.Equal, 0, m); err != nil {
		return nil, 0, err
	}
	yt, yc := y.Terms()
	return yt, yc, nil
}

func mulChecked(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	p := a * b
	if p/b != a || p > sat.MaxCoefSum || p < -sat.MaxCoefSum {
		return 0, false
	}
	return p, true
}

func subChecked(a, b int64) (int64, bool) {
	d := a - b
	if (b > 0 && d > a) || (b < 0 && d < a) {
		return 0, false
	}
	return d, true
}
