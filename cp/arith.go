package cp

// Arithmetic: int_abs, int_min/max and array_int_minimum/maximum,
// int_times, int_div, int_mod, int_pow, and set_in.
//
//   - |x|: two guarded linear equalities, x ≥ 0 → z = x and x < 0 →
//     z = −x.
//   - min and max over order- or direct-encoded integers: for every value
//     v of the variables, z ≥ v ↔ x₁ ≥ v ∧ … (min) or x₁ ≥ v ∨ … (max):
//     n+1 clauses per value, no variable, and unit propagation is
//     bounds-consistent. With a log-encoded integer: z ≤ xᵢ (≥ for max)
//     for each i, and one selector per argument, p₁ ∨ … ∨ pₙ with
//     pᵢ → z ≥ xᵢ.
//   - x·y = z: when one factor is fixed, a linear equality. When the
//     smaller factor f is order- or direct-encoded with at most
//     TimesEnumMax values, one guarded linear equality per value u,
//     f = u → z = u·g (a ladder when g and z are not log-encoded: the
//     product table of the order encoding in O(|D_f|·(|D_g|+|D_z|))
//     clauses). Otherwise shift-and-add over the factor with fewer
//     literals (PicatSAT's multiplier for log encodings): with
//     f = c + Σ wⱼlⱼ (Int.Terms), z = c·g + Σ wⱼ·pⱼ where pⱼ is a new
//     integer with lⱼ → pⱼ = g and ¬lⱼ → pⱼ = 0; one linear equality.
//   - x div y = q and x mod y = r (truncating, the remainder taking the
//     sign of x, y ≠ 0): x = y·q + r with x ≥ 0 → r ≥ 0, x ≤ 0 → r ≤ 0
//     and |r| < |y| (guarded by the sign of y), the product through
//     int_times; div gets a new r, mod a new q.
//   - x^y = z (y < 0: 1 div x^−y, false for x = 0, as MiniZinc defines
//     it): over at most PowTableMax pairs of values one clause per pair,
//     x ≠ u ∨ y ≠ e ∨ z = u^e (or without its last literal when u^e is
//     undefined or beyond ±MaxValue); a fixed exponent e ≥ 0 otherwise is
//     a chain of e−1 products, a fixed negative one three cases on x.
//   - x ∈ S: one clause x < a ∨ x > b per range a..b of x's domain
//     outside S; its negation is x ∈ D(x) \ S.
//
// The functional constraints (all but set_in) have no negation: MiniZinc
// never reifies them (it reifies an equality with a variable they
// define). They can be half-reified.

import (
	"fmt"
	"math/bits"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// The limits of the enumerating encodings.
const (
	// TimesEnumMax is the most values a factor of int_times may have to
	// be enumerated; beyond it the product is shift-and-add.
	TimesEnumMax = 4096
	// PowTableMax is the most pairs of values int_pow enumerates.
	PowTableMax = 1 << 16
	// maxProduct bounds |x|·|y| over the factors' domains, so that every
	// partial sum of the shift-and-add stays in range.
	maxProduct = 1 << 60
)

// lin posts Σ is op k into s.
func (e *encoder) lin(s sat.Sink, is []iterm, op linOp, k int64) error {
	return (&linCon{fzn: "linear", is: is, op: op, k: k}).post(e, s)
}

// under returns s guarded by p, s itself when p is true, and nil when p
// is false (nothing needs to be enforced).
func under(s sat.Sink, p part) sat.Sink {
	switch p.k {
	case 1:
		return s
	case -1:
		return nil
	}
	return encode.Guard(s, p.l)
}

// linUnder posts Σ is op k under the part p.
func (e *encoder) linUnder(s sat.Sink, p part, is []iterm, op linOp, k int64) error {
	if g := under(s, p); g != nil {
		return e.lin(g, is, op, k)
	}
	return nil
}

func maxAbs(d Domain) int64 { return max(-d.Min(), d.Max()) }

// mulExact returns a·b and whether it is within ±MaxValue.
func mulExact(a, b int64) (int64, bool) {
	hi, lo := bits.Mul64(absU(a), absU(b))
	if hi != 0 || lo > MaxValue {
		return 0, false
	}
	if (a < 0) != (b < 0) {
		return -int64(lo), true
	}
	return int64(lo), true
}

// --- |x| -------------------------------------------------------------

type absCon struct{ x, z IntVar }

func (c *absCon) name() string { return "int_abs" }
func (c *absCon) args() []Var  { return []Var{c.x, c.z} }
func (c *absCon) negate() con  { return nil }
func (c *absCon) uses(*usage)  {}
func (c *absCon) holds(v *Solution) bool {
	x := v.Int(c.x)
	return v.Int(c.z) == max(x, -x)
}

func (c *absCon) post(e *encoder, s sat.Sink) error {
	pos := e.geP(c.x, 0)
	if err := e.linUnder(s, pos, []iterm{{1, c.z}, {-1, c.x}}, opEq, 0); err != nil {
		return err
	}
	return e.linUnder(s, pos.not(), []iterm{{1, c.z}, {1, c.x}}, opEq, 0)
}

// IntAbs constrains z = |x| (FlatZinc int_abs(x, z)).
func (m *Model) IntAbs(x, z IntVar) Constraint {
	if !m.own(x, z) {
		return Constraint{}
	}
	return m.post(&absCon{x, z})
}

// --- min and max -----------------------------------------------------

type extremeCon struct {
	fzn string
	z   IntVar
	xs  []IntVar
	max bool
}

func (c *extremeCon) name() string { return c.fzn }
func (c *extremeCon) negate() con  { return nil }
func (c *extremeCon) uses(*usage)  {}

func (c *extremeCon) args() []Var {
	vs := []Var{c.z}
	for _, x := range c.xs {
		vs = append(vs, x)
	}
	return vs
}

func (c *extremeCon) holds(v *Solution) bool {
	best := v.Int(c.xs[0])
	for _, x := range c.xs[1:] {
		if c.max {
			best = max(best, v.Int(x))
		} else {
			best = min(best, v.Int(x))
		}
	}
	return v.Int(c.z) == best
}

func (c *extremeCon) post(e *encoder, s sat.Sink) error {
	all := append([]IntVar{c.z}, c.xs...)
	log := false
	for _, x := range all {
		log = log || e.isLog(x)
	}
	if !log {
		var vals []Domain
		for _, x := range all {
			vals = append(vals, e.dom(x))
		}
		for v := range unionDomains(vals).Values {
			z := e.geP(c.z, v)
			var long []part
			if c.max { // z ≥ v ↔ x₁ ≥ v ∨ … ∨ xₙ ≥ v
				long = append(long, z.not())
			} else { // z ≥ v ↔ x₁ ≥ v ∧ … ∧ xₙ ≥ v
				long = append(long, z)
			}
			for _, x := range c.xs {
				xv := e.geP(x, v)
				if c.max {
					clause(s, xv.not(), z)
					long = append(long, xv)
				} else {
					clause(s, z.not(), xv)
					long = append(long, xv.not())
				}
			}
			clause(s, long...)
		}
		return nil
	}
	sign := int64(1) // max: xᵢ − z ≤ 0; min: z − xᵢ ≤ 0
	if !c.max {
		sign = -1
	}
	var sel []part
	for _, x := range c.xs {
		if err := e.lin(s, []iterm{{sign, x}, {-sign, c.z}}, opLe, 0); err != nil {
			return err
		}
		p := lit(s.NewVar().Pos())
		sel = append(sel, p)
		if err := e.linUnder(s, p, []iterm{{sign, c.z}, {-sign, x}}, opLe, 0); err != nil {
			return err
		}
	}
	clause(s, sel...)
	return nil
}

// unionDomains returns the union of the domains.
func unionDomains(ds []Domain) Domain {
	var rs []encode.Range
	for _, d := range ds {
		rs = append(rs, d.Ranges()...)
	}
	return encode.NewDomain(rs...)
}

func (m *Model) extreme(fzn string, z IntVar, xs []IntVar, isMax bool) Constraint {
	if !m.own(z) || !m.ownInts(xs) {
		return Constraint{}
	}
	if len(xs) == 0 {
		m.fail("%s of no variables", fzn)
		return Constraint{}
	}
	return m.post(&extremeCon{fzn: fzn, z: z, xs: xs, max: isMax})
}

// IntMax constrains z = max(xs) (FlatZinc int_max(a, b, z) and
// array_int_maximum(z, xs)); xs must not be empty.
func (m *Model) IntMax(z IntVar, xs ...IntVar) Constraint {
	return m.extreme("array_int_maximum", z, xs, true)
}

// IntMin constrains z = min(xs) (FlatZinc int_min(a, b, z) and
// array_int_minimum(z, xs)); xs must not be empty.
func (m *Model) IntMin(z IntVar, xs ...IntVar) Constraint {
	return m.extreme("array_int_minimum", z, xs, false)
}

// --- x·y = z ---------------------------------------------------------

type timesCon struct{ x, y, z IntVar }

func (c *timesCon) name() string { return "int_times" }
func (c *timesCon) args() []Var  { return []Var{c.x, c.y, c.z} }
func (c *timesCon) negate() con  { return nil }
func (c *timesCon) uses(*usage)  {}
func (c *timesCon) holds(v *Solution) bool {
	p, ok := mulExact(v.Int(c.x), v.Int(c.y))
	return ok && p == v.Int(c.z)
}

func (c *timesCon) post(e *encoder, s sat.Sink) error { return e.times(s, c.x, c.y, c.z) }

// IntTimes constrains x·y = z (FlatZinc int_times).
func (m *Model) IntTimes(x, y, z IntVar) Constraint {
	if !m.own(x, y, z) {
		return Constraint{}
	}
	return m.post(&timesCon{x, y, z})
}

// times encodes x·y = z into s.
func (e *encoder) times(s sat.Sink, x, y, z IntVar) error {
	dx, dy := e.dom(x), e.dom(y)
	switch {
	case dx.Size() == 1:
		return e.lin(s, []iterm{{1, z}, {-dx.Min(), y}}, opEq, 0)
	case dy.Size() == 1:
		return e.lin(s, []iterm{{1, z}, {-dy.Min(), x}}, opEq, 0)
	}
	if hi, lo := bits.Mul64(uint64(maxAbs(dx)), uint64(maxAbs(dy))); hi != 0 || lo > maxProduct {
		return fmt.Errorf("int_times over %v and %v: products beyond 2^60", dx, dy)
	}
	f, g := x, y
	if dy.Size() < dx.Size() {
		f, g = y, x
	}
	if !e.isLog(f) && e.dom(f).Size() <= TimesEnumMax {
		for u := range e.dom(f).Values {
			if err := e.linUnder(s, e.eqP(f, u), []iterm{{1, z}, {-u, g}}, opEq, 0); err != nil {
				return err
			}
		}
		return nil
	}
	tx, _ := e.int(x).Terms()
	ty, _ := e.int(y).Terms()
	if len(ty) < len(tx) {
		f, g = y, x
	} else {
		f, g = x, y
	}
	ts, off := e.int(f).Terms()
	dg := e.dom(g)
	is := []iterm{{1, z}, {-off, g}}
	for _, t := range ts {
		p := e.newInt(encode.RangeDomain(min(0, dg.Min()), max(0, dg.Max())))
		if err := e.lin(encode.Guard(s, t.Lit), []iterm{{1, p}, {-1, g}}, opEq, 0); err != nil {
			return err
		}
		if err := e.lin(encode.Guard(s, t.Lit.Not()), []iterm{{1, p}}, opEq, 0); err != nil {
			return err
		}
		is = append(is, iterm{-t.Coef, p})
	}
	return e.lin(s, is, opEq, 0)
}

// --- div and mod -----------------------------------------------------

type divModCon struct {
	x, y, z IntVar
	mod     bool
}

func (c *divModCon) name() string {
	if c.mod {
		return "int_mod"
	}
	return "int_div"
}
func (c *divModCon) args() []Var { return []Var{c.x, c.y, c.z} }
func (c *divModCon) negate() con { return nil }
func (c *divModCon) uses(*usage) {}
func (c *divModCon) holds(v *Solution) bool {
	x, y := v.Int(c.x), v.Int(c.y)
	if y == 0 {
		return false
	}
	if c.mod {
		return v.Int(c.z) == x%y // Go's % truncates: the sign of x
	}
	return v.Int(c.z) == x/y // Go's / truncates toward zero
}

func (c *divModCon) post(e *encoder, s sat.Sink) error {
	dx, dy := e.dom(c.x), e.dom(c.y)
	clause(s, e.eqP(c.y, 0).not())
	b := maxAbs(dy)
	if b == 0 {
		return nil // y = 0: the clause above is empty
	}
	q, r := c.z, c.z
	if c.mod {
		a := maxAbs(dx)
		q = e.newInt(encode.RangeDomain(-a, a))
	} else {
		r = e.newInt(encode.RangeDomain(max(-(b-1), min(0, dx.Min())), min(b-1, max(0, dx.Max()))))
	}
	dr := e.dom(r)
	t := e.newInt(encode.RangeDomain(dx.Min()-dr.Max(), dx.Max()-dr.Min()))
	if err := e.times(s, c.y, q, t); err != nil {
		return err
	}
	if err := e.lin(s, []iterm{{1, c.x}, {-1, t}, {-1, r}}, opEq, 0); err != nil {
		return err
	}
	clause(s, e.geP(c.x, 0).not(), e.geP(r, 0))
	clause(s, e.leP(c.x, 0).not(), e.leP(r, 0))
	pos := e.geP(c.y, 1)
	for _, sgn := range []int64{1, -1} { // y > 0: ±r − y ≤ −1; y < 0: ±r + y ≤ −1
		if err := e.linUnder(s, pos, []iterm{{sgn, r}, {-1, c.y}}, opLe, -1); err != nil {
			return err
		}
		if err := e.linUnder(s, pos.not(), []iterm{{sgn, r}, {1, c.y}}, opLe, -1); err != nil {
			return err
		}
	}
	return nil
}

// IntDiv constrains x div y = z, truncating toward zero; y = 0 makes it
// false (FlatZinc int_div).
func (m *Model) IntDiv(x, y, z IntVar) Constraint {
	if !m.own(x, y, z) {
		return Constraint{}
	}
	return m.post(&divModCon{x: x, y: y, z: z})
}

// IntMod constrains x mod y = z, the remainder of the truncating
// division, with the sign of x; y = 0 makes it false (FlatZinc int_mod).
func (m *Model) IntMod(x, y, z IntVar) Constraint {
	if !m.own(x, y, z) {
		return Constraint{}
	}
	return m.post(&divModCon{x: x, y: y, z: z, mod: true})
}

// --- x^y = z ---------------------------------------------------------

// ipow returns x^y as MiniZinc defines it (y < 0: 1 div x^−y) and
// whether it is defined and within ±MaxValue.
func ipow(x, y int64) (int64, bool) {
	switch {
	case y < 0 && x == 0:
		return 0, false
	case x == 1 || y == 0:
		return 1, true
	case x == -1:
		return 1 - 2*(y&1), true
	case y < 0:
		return 0, true
	case x == 0:
		return 0, true
	}
	p := int64(1)
	for range y { // |x| ≥ 2: beyond ±MaxValue within 41 steps
		var ok bool
		if p, ok = mulExact(p, x); !ok {
			return 0, false
		}
	}
	return p, true
}

type powCon struct{ x, y, z IntVar }

func (c *powCon) name() string { return "int_pow" }
func (c *powCon) args() []Var  { return []Var{c.x, c.y, c.z} }
func (c *powCon) negate() con  { return nil }
func (c *powCon) uses(*usage)  {}
func (c *powCon) holds(v *Solution) bool {
	p, ok := ipow(v.Int(c.x), v.Int(c.y))
	return ok && p == v.Int(c.z)
}

func (c *powCon) post(e *encoder, s sat.Sink) error {
	dx, dy := e.dom(c.x), e.dom(c.y)
	if dx.Size() <= PowTableMax/dy.Size() {
		for y := range dy.Values {
			for x := range dx.Values {
				ps := append(e.neParts(c.x, x), e.neParts(c.y, y)...)
				if p, ok := ipow(x, y); ok {
					ps = append(ps, e.eqP(c.z, p))
				}
				clause(s, ps...)
			}
		}
		return nil
	}
	if dy.Size() != 1 {
		return fmt.Errorf("int_pow over %d values of the base and %d of the exponent (at most %d pairs)", dx.Size(), dy.Size(), PowTableMax)
	}
	y := dy.Min()
	if y < 0 {
		clause(s, e.eqP(c.x, 0).not())
		clause(s, append(e.neParts(c.x, 1), e.eqP(c.z, 1))...)
		clause(s, append(e.neParts(c.x, -1), e.eqP(c.z, 1-2*(-y&1)))...)
		clause(s, e.geP(c.x, 2).not(), e.eqP(c.z, 0))
		clause(s, e.leP(c.x, -2).not(), e.eqP(c.z, 0))
		return nil
	}
	if y == 0 {
		clause(s, e.eqP(c.z, 1))
		return nil
	}
	acc := c.x
	for k := int64(2); k <= y; k++ {
		bound := int64(MaxValue)
		if p, ok := ipow(maxAbs(dx), k); ok {
			bound = p
		}
		t := e.newInt(encode.RangeDomain(-bound, bound))
		if err := e.times(s, acc, c.x, t); err != nil {
			return err
		}
		acc = t
	}
	return e.lin(s, []iterm{{1, c.z}, {-1, acc}}, opEq, 0)
}

// IntPow constrains x^y = z; for y < 0, z = 1 div x^−y and x = 0 makes
// it false (FlatZinc int_pow, as MiniZinc defines it).
func (m *Model) IntPow(x, y, z IntVar) Constraint {
	if !m.own(x, y, z) {
		return Constraint{}
	}
	return m.post(&powCon{x, y, z})
}

// --- x ∈ S -----------------------------------------------------------

type inCon struct {
	x   IntVar
	set Domain
	dom Domain // x's domain, for the negation
}

func (c *inCon) name() string { return "set_in" }
func (c *inCon) args() []Var  { return []Var{c.x} }
func (c *inCon) uses(*usage)  {}
func (c *inCon) holds(v *Solution) bool {
	return c.set.Contains(v.Int(c.x))
}

func (c *inCon) negate() con {
	return &inCon{x: c.x, set: c.dom.Minus(c.set), dom: c.dom}
}

func (c *inCon) post(e *encoder, s sat.Sink) error {
	for _, r := range e.dom(c.x).Minus(c.set).Ranges() {
		clause(s, e.geP(c.x, r.Lo).not(), e.geP(c.x, r.Hi+1))
	}
	return nil
}

// IntIn constrains x ∈ set (FlatZinc set_in with a constant set).
func (m *Model) IntIn(x IntVar, set Domain) Constraint {
	if !m.own(x) {
		return Constraint{}
	}
	return m.post(&inCon{x: x, set: set, dom: m.ints[x.i].dom})
}
