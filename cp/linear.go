package cp

// Linear constraints Σ aᵢxᵢ + Σ cⱼbⱼ op k (op ≤, = or ≠) over integers xᵢ
// and Booleans bⱼ: int_le/lt/eq/ne, int_lin_le/eq/ne, int_plus,
// bool_lin_le/eq and bool2int are all this one kind.
//
// Encoding, after folding fixed variables into k and merging repeated
// ones:
//
//   - a constraint whose range of sums decides it is nothing or the empty
//     clause;
//   - one integer term is one literal: a·x ≤ k is x ≤ ⌊k/a⌋ (a > 0) or
//     x ≥ ⌈k/a⌉ (a < 0), a·x = k is x = k/a (false unless a divides k);
//     with one Boolean term besides, two clauses choose between the
//     literal for b and the one for ¬b;
//   - two integer terms with neither log-encoded: the order ladder
//     (Tamura et al. 2009), for a > 0 one clause x ≥ u → b·y ≤ k − a·u per
//     value u of the smaller domain (x ≤ u → … for a < 0), skipping those
//     a stronger earlier clause implies: O(|D|) binary clauses and no
//     variable, and unit propagation is bounds-consistent. An equality is
//     two ladders; when both variables are direct-encoded and |a| = |b| = 1
//     it also gets the value clauses x = u → y = (k − a·u)/b both ways
//     (domain consistency on the value literals). A disequality is one
//     clause x ≠ u ∨ y ≠ w per pair with a·u + b·w = k, written with the
//     literals Int.Ne gives (no variable);
//   - everything else is one pseudo-Boolean constraint over the
//     integers' literals (Int.Terms) and the Booleans, encoded by the
//     LinearMethod (Auto: passed through natively when the solver takes
//     pseudo-Boolean constraints, as sat/cdcl does; else the adder
//     network when a log-encoded integer takes part, whose size stays
//     linear in the bits, and the BDD otherwise). A disequality Σ ≠ k is a fresh p with p → Σ ≤ k−1 and
//     ¬p → Σ ≥ k+1 (two guarded constraints).
//
// The negation, for full reification, is Σ ≥ k+1 for ≤, ≠ for = and =
// for ≠. One integer term reifies to its literal directly.

import (
	"fmt"
	"math/bits"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// LinearMethod selects how linear constraints that are not a literal or
// a ladder are encoded.
type LinearMethod uint8

// The linear methods: Auto, or one of encode's pseudo-Boolean methods.
const (
	LinearAuto   LinearMethod = iota // native if the solver takes PB, else adder over log-encoded integers, else BDD
	LinearBDD                        // encode.PBBDD
	LinearSWC                        // encode.PBSWC
	LinearAdder                      // encode.PBAdder
	LinearGTE                        // encode.PBGTE
	LinearNative                     // encode.PBNative (the solver must take PB constraints)
)

var linearNames = []string{"auto", "bdd", "swc", "adder", "gte", "native"}

// String returns the method's flag name, e.g. "auto".
func (l LinearMethod) String() string {
	if int(l) < len(linearNames) {
		return linearNames[l]
	}
	return fmt.Sprintf("LinearMethod(%d)", uint8(l))
}

// LinearMethods returns every linear method, in declaration order.
func LinearMethods() []LinearMethod {
	return []LinearMethod{LinearAuto, LinearBDD, LinearSWC, LinearAdder, LinearGTE, LinearNative}
}

// ParseLinearMethod returns the method whose String is name.
func ParseLinearMethod(name string) (LinearMethod, error) {
	for _, l := range LinearMethods() {
		if l.String() == name {
			return l, nil
		}
	}
	return 0, fmt.Errorf("cp: unknown linear method %q (want one of %v)", name, linearNames)
}

type linOp uint8

const (
	opLe linOp = iota
	opEq
	opNe
)

type iterm struct {
	c int64
	x IntVar
}

type bterm struct {
	c int64
	b BoolVar
}

type linCon struct {
	fzn string
	is  []iterm
	bs  []bterm
	op  linOp
	k   int64
}

func (c *linCon) name() string { return c.fzn }

func (c *linCon) args() []Var {
	var vs []Var
	for _, t := range c.is {
		vs = append(vs, t.x)
	}
	for _, t := range c.bs {
		vs = append(vs, t.b)
	}
	return vs
}

func (c *linCon) holds(v *Solution) bool {
	var sum int64
	for _, t := range c.is {
		sum += t.c * v.Int(t.x)
	}
	for _, t := range c.bs {
		if v.Bool(t.b) {
			sum += t.c
		}
	}
	switch c.op {
	case opLe:
		return sum <= c.k
	case opEq:
		return sum == c.k
	}
	return sum != c.k
}

func (c *linCon) negate() con {
	n := &linCon{fzn: c.fzn, is: c.is, bs: c.bs, k: c.k}
	switch c.op {
	case opLe:
		n.is = make([]iterm, len(c.is))
		for i, t := range c.is {
			n.is[i] = iterm{-t.c, t.x}
		}
		n.bs = make([]bterm, len(c.bs))
		for i, t := range c.bs {
			n.bs[i] = bterm{-t.c, t.b}
		}
		n.op, n.k = opLe, -c.k-1
	case opEq:
		n.op = opNe
	default:
		n.op = opEq
	}
	return n
}

func (c *linCon) uses(*usage) {}

// linear posts a linear constraint after checking its variables and
// that its sums fit in the coefficient range.
func (m *Model) linear(fzn string, is []iterm, bs []bterm, op linOp, k int64) Constraint {
	if m.err != nil {
		return Constraint{}
	}
	total := absU(k)
	for _, t := range is {
		if !m.own(t.x) {
			return Constraint{}
		}
		d := m.ints[t.x.i].dom
		if d.Empty() {
			continue
		}
		hi, lo := bits.Mul64(absU(t.c), absU(d.Min())+absU(d.Max()))
		total += lo
		if hi != 0 || total > sat.MaxCoefSum {
			m.fail("%s: coefficients times domains exceed 2^61", fzn)
			return Constraint{}
		}
	}
	for _, t := range bs {
		if !m.own(t.b) {
			return Constraint{}
		}
		total += absU(t.c)
		if absU(t.c) > sat.MaxCoefSum || total > sat.MaxCoefSum {
			m.fail("%s: coefficients exceed 2^61", fzn)
			return Constraint{}
		}
	}
	return m.post(&linCon{fzn: fzn, is: is, bs: bs, op: op, k: k})
}

func absU(v int64) uint64 {
	if v < 0 {
		return uint64(-v)
	}
	return uint64(v)
}

// terms builds integer terms from coefficients and variables.
func (m *Model) terms(fzn string, coefs []int64, xs []IntVar) ([]iterm, bool) {
	if len(coefs) != len(xs) {
		m.fail("%s: %d coefficients for %d variables", fzn, len(coefs), len(xs))
		return nil, false
	}
	is := make([]iterm, len(xs))
	for i, x := range xs {
		is[i] = iterm{coefs[i], x}
	}
	return is, true
}

// IntLe constrains x ≤ y (FlatZinc int_le).
func (m *Model) IntLe(x, y IntVar) Constraint {
	return m.linear("int_le", []iterm{{1, x}, {-1, y}}, nil, opLe, 0)
}

// IntLt constrains x < y (FlatZinc int_lt).
func (m *Model) IntLt(x, y IntVar) Constraint {
	return m.linear("int_lt", []iterm{{1, x}, {-1, y}}, nil, opLe, -1)
}

// IntEq constrains x = y (FlatZinc int_eq).
func (m *Model) IntEq(x, y IntVar) Constraint {
	return m.linear("int_eq", []iterm{{1, x}, {-1, y}}, nil, opEq, 0)
}

// IntNe constrains x ≠ y (FlatZinc int_ne).
func (m *Model) IntNe(x, y IntVar) Constraint {
	return m.linear("int_ne", []iterm{{1, x}, {-1, y}}, nil, opNe, 0)
}

// IntPlus constrains x + y = z (FlatZinc int_plus).
func (m *Model) IntPlus(x, y, z IntVar) Constraint {
	return m.linear("int_plus", []iterm{{1, x}, {1, y}, {-1, z}}, nil, opEq, 0)
}

// IntLinLe constrains Σ coefs[i]·xs[i] ≤ k (FlatZinc int_lin_le).
func (m *Model) IntLinLe(coefs []int64, xs []IntVar, k int64) Constraint {
	return m.intLin("int_lin_le", coefs, xs, opLe, k)
}

// IntLinEq constrains Σ coefs[i]·xs[i] = k (FlatZinc int_lin_eq).
func (m *Model) IntLinEq(coefs []int64, xs []IntVar, k int64) Constraint {
	return m.intLin("int_lin_eq", coefs, xs, opEq, k)
}

// IntLinNe constrains Σ coefs[i]·xs[i] ≠ k (FlatZinc int_lin_ne).
func (m *Model) IntLinNe(coefs []int64, xs []IntVar, k int64) Constraint {
	return m.intLin("int_lin_ne", coefs, xs, opNe, k)
}

func (m *Model) intLin(fzn string, coefs []int64, xs []IntVar, op linOp, k int64) Constraint {
	if !m.checkValues(fzn, append([]int64{k}, coefs...)...) {
		return Constraint{}
	}
	is, ok := m.terms(fzn, coefs, xs)
	if !ok {
		return Constraint{}
	}
	return m.linear(fzn, is, nil, op, k)
}

// BoolLinLe constrains Σ coefs[i]·bs[i] ≤ k, a true Boolean counting 1
// (FlatZinc bool_lin_le).
func (m *Model) BoolLinLe(coefs []int64, bs []BoolVar, k int64) Constraint {
	t, ok := m.boolTerms("bool_lin_le", coefs, bs, k)
	if !ok {
		return Constraint{}
	}
	return m.linear("bool_lin_le", nil, t, opLe, k)
}

// BoolLinEq constrains Σ coefs[i]·bs[i] = c (FlatZinc bool_lin_eq).
func (m *Model) BoolLinEq(coefs []int64, bs []BoolVar, c IntVar) Constraint {
	t, ok := m.boolTerms("bool_lin_eq", coefs, bs, 0)
	if !ok {
		return Constraint{}
	}
	return m.linear("bool_lin_eq", []iterm{{-1, c}}, t, opEq, 0)
}

// Bool2Int constrains x = 1 if b, else 0 (FlatZinc bool2int).
func (m *Model) Bool2Int(b BoolVar, x IntVar) Constraint {
	return m.linear("bool2int", []iterm{{1, x}}, []bterm{{-1, b}}, opEq, 0)
}

func (m *Model) boolTerms(fzn string, coefs []int64, bs []BoolVar, k int64) ([]bterm, bool) {
	if len(coefs) != len(bs) {
		m.fail("%s: %d coefficients for %d variables", fzn, len(coefs), len(bs))
		return nil, false
	}
	if !m.checkValues(fzn, append([]int64{k}, coefs...)...) {
		return nil, false
	}
	t := make([]bterm, len(bs))
	for i, b := range bs {
		t[i] = bterm{coefs[i], b}
	}
	return t, true
}

// normal returns the terms with fixed variables folded into k, repeated
// variables merged and zero coefficients dropped, and the range of the
// remaining sum.
func (c *linCon) normal(e *encoder) (is []iterm, bs []bterm, k, lo, hi int64) {
	k = c.k
	ic := map[int32]int64{}
	var iorder []IntVar
	for _, t := range c.is {
		d := e.dom(t.x)
		if d.Size() == 1 {
			k -= t.c * d.Min()
			continue
		}
		if _, ok := ic[t.x.i]; !ok {
			iorder = append(iorder, t.x)
		}
		ic[t.x.i] += t.c
	}
	for _, x := range iorder {
		if a := ic[x.i]; a != 0 {
			is = append(is, iterm{a, x})
			d := e.dom(x)
			lo += min(a*d.Min(), a*d.Max())
			hi += max(a*d.Min(), a*d.Max())
		}
	}
	bc := map[int32]int64{}
	var border []BoolVar
	for _, t := range c.bs {
		switch e.m.bools[t.b.i].fixed {
		case 1:
			k -= t.c
			continue
		case -1:
			continue
		}
		if _, ok := bc[t.b.i]; !ok {
			border = append(border, t.b)
		}
		bc[t.b.i] += t.c
	}
	for _, b := range border {
		if a := bc[b.i]; a != 0 {
			bs = append(bs, bterm{a, b})
			lo += min(a, 0)
			hi += max(a, 0)
		}
	}
	return is, bs, k, lo, hi
}

func (c *linCon) reify(e *encoder) (sat.Lit, bool, error) {
	is, bs, k, lo, hi := c.normal(e)
	switch {
	case decided(c.op, k, lo, hi) != 0:
		return e.litOf(part{k: decided(c.op, k, lo, hi)}), true, nil
	case len(is) == 1 && len(bs) == 0:
		return e.litOf(e.unary(is[0], c.op, k)), true, nil
	}
	return 0, false, nil
}

// decided returns 1 or −1 when the range lo..hi of the sum decides
// Σ op k, else 0.
func decided(op linOp, k, lo, hi int64) int8 {
	switch op {
	case opLe:
		if hi <= k {
			return 1
		}
		if lo > k {
			return -1
		}
	case opEq:
		if k < lo || k > hi {
			return -1
		}
		if lo == hi {
			return 1
		}
	case opNe:
		if k < lo || k > hi {
			return 1
		}
		if lo == hi {
			return -1
		}
	}
	return 0
}

// unary returns a·x op k as a part.
func (e *encoder) unary(t iterm, op linOp, k int64) part {
	a, x := t.c, t.x
	switch op {
	case opLe:
		if a > 0 {
			return e.leP(x, floorDiv(k, a))
		}
		return e.geP(x, ceilDiv(k, a))
	case opEq:
		if k%a != 0 {
			return no
		}
		return e.eqP(x, k/a)
	}
	if k%a != 0 {
		return yes
	}
	return e.eqP(x, k/a).not()
}

func (c *linCon) post(e *encoder, s sat.Sink) error {
	is, bs, k, lo, hi := c.normal(e)
	if d := decided(c.op, k, lo, hi); d != 0 {
		if d < 0 {
			s.AddClause()
		}
		return nil
	}
	switch {
	case len(is) == 1 && len(bs) == 0:
		clause(s, e.unary(is[0], c.op, k))
		return nil
	case len(is) == 1 && len(bs) == 1:
		b := e.boolP(bs[0].b)
		clause(s, b.not(), e.unary(is[0], c.op, k-bs[0].c))
		clause(s, b, e.unary(is[0], c.op, k))
		return nil
	case len(is) == 2 && len(bs) == 0 && !e.isLog(is[0].x) && !e.isLog(is[1].x):
		switch c.op {
		case opLe:
			return e.ladder(s, is[0], is[1], k)
		case opEq:
			if err := e.ladder(s, is[0], is[1], k); err != nil {
				return err
			}
			if err := e.ladder(s, iterm{-is[0].c, is[0].x}, iterm{-is[1].c, is[1].x}, -k); err != nil {
				return err
			}
			e.valueSupport(s, is[0], is[1], k)
		default:
			e.nePairs(s, is[0], is[1], k)
		}
		return nil
	}
	if c.op == opNe {
		if len(is) == 2 && len(bs) == 0 && min(e.dom(is[0].x).Size(), e.dom(is[1].x).Size()) <= e.o.orderMax() {
			e.nePairs(s, is[0], is[1], k)
			return nil
		}
		p := s.NewVar().Pos()
		if err := e.pb(encode.Guard(s, p), is, bs, sat.AtMost, k-1); err != nil {
			return err
		}
		return e.pb(encode.Guard(s, p.Not()), is, bs, sat.AtLeast, k+1)
	}
	op := sat.AtMost
	if c.op == opEq {
		op = sat.Equal
	}
	return e.pb(s, is, bs, op, k)
}

// ladder adds a·x + b·y ≤ k for order- or direct-encoded x and y (the
// order ladder, encode.Leq2).
func (e *encoder) ladder(s sat.Sink, tx, ty iterm, k int64) error {
	return encode.Leq2(s, tx.c, e.int(tx.x), ty.c, e.int(ty.x), k, encode.PBBDD)
}

// valueSupport adds x = u → y = (k − a·u)/b both ways when x and y are
// direct-encoded with unit coefficients (domain consistency).
func (e *encoder) valueSupport(s sat.Sink, tx, ty iterm, k int64) {
	if e.enc[tx.x.i] != encode.IntDirect || e.enc[ty.x.i] != encode.IntDirect ||
		absU(tx.c) != 1 || absU(ty.c) != 1 {
		return
	}
	for _, p := range [][2]iterm{{tx, ty}, {ty, tx}} {
		a, x, b, y := p[0].c, p[0].x, p[1].c, p[1].x
		for u := range e.dom(x).Values {
			if (k-a*u)%b != 0 {
				clause(s, e.eqP(x, u).not())
				continue
			}
			clause(s, e.eqP(x, u).not(), e.eqP(y, (k-a*u)/b))
		}
	}
}

// nePairs adds a·x + b·y ≠ k as one clause x ≠ u ∨ y ≠ w per pair of
// values with a·u + b·w = k.
func (e *encoder) nePairs(s sat.Sink, tx, ty iterm, k int64) {
	if e.dom(tx.x).Size() > e.dom(ty.x).Size() {
		tx, ty = ty, tx
	}
	a, x, b, y := tx.c, tx.x, ty.c, ty.x
	for u := range e.dom(x).Values {
		r := k - a*u
		if r%b != 0 || !e.dom(y).Contains(r/b) {
			continue
		}
		clause(s, append(e.neParts(x, u), e.neParts(y, r/b)...)...)
	}
}

// pb adds Σ op k as one pseudo-Boolean constraint over the literals.
func (e *encoder) pb(s sat.Sink, is []iterm, bs []bterm, op sat.Op, k int64) error {
	var terms []sat.Term
	log := false
	for _, t := range is {
		ts, off := e.int(t.x).Terms()
		k -= t.c * off
		for _, u := range ts {
			terms = append(terms, sat.Term{Coef: t.c * u.Coef, Lit: u.Lit})
		}
		log = log || e.isLog(t.x)
	}
	for _, t := range bs {
		terms = append(terms, sat.Term{Coef: t.c, Lit: e.lit(t.b)})
	}
	return encode.PB(s, sat.PB{Terms: terms, Op: op, K: k}, e.pbMethod(log))
}

// pbMethod returns the pseudo-Boolean method of Options.Linear; for
// Auto, a native constraint when the solver takes them, else the adder
// network when a log-encoded integer takes part, else the BDD.
func (e *encoder) pbMethod(log bool) encode.PBMethod {
	switch {
	case e.o.Linear != LinearAuto:
		return [...]encode.PBMethod{LinearBDD: encode.PBBDD, LinearSWC: encode.PBSWC, LinearAdder: encode.PBAdder,
			LinearGTE: encode.PBGTE, LinearNative: encode.PBNative}[e.o.Linear]
	case encode.PBNative.Applies(e.s):
		return encode.PBNative
	case log:
		return encode.PBAdder
	}
	return encode.PBBDD
}
