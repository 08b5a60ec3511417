package encode

// Pseudo-Boolean constraints Σ aᵢxᵢ ≤ K, ≥ K, = K: the method enum and the
// normalisation every method shares.
//
// Normalisation (for every method except native, which passes the
// constraint through untouched):
//
//  1. Terms over the same variable are merged (a·¬x = a − a·x), zero
//     coefficients dropped, and a negative term a·x becomes |a|·¬x with
//     K grown by |a| (a·x = a + |a|·¬x): one positive term per variable.
//  2. ≤ K: K < 0 gives the empty clause; a term with a > K cannot be true
//     and gives the unit ¬x; if what remains sums to at most K, nothing
//     else is needed.
//  3. ≥ K: K ≤ 0 needs nothing; a total below K gives the empty clause;
//     coefficients above K are lowered to K (saturation, which changes no
//     model); a total equal to K makes every literal a unit; if every
//     coefficient equals K the constraint is the clause (x1 ∨ … ∨ xn).
//  4. = K: K < 0 or K above the total gives the empty clause; terms with
//     a > K give units ¬x; if the rest sums to K (in particular when
//     K = 0) every remaining literal is a unit, and below K the empty
//     clause.
//
// A method therefore sees n ≥ 2 terms over distinct variables with
// 1 ≤ aᵢ ≤ K < Σaᵢ. (Merging is not needed for correctness, since the
// encodings are correct for any literals in their positions, but it makes
// them smaller and lets arc consistency, which is about variables, hold.)
//
// Methods: BDD (pbbdd.go), sequential weight counter (pbswc.go), adder
// network (pbadder.go), generalised totalizer (gte.go), and native.

import (
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// PBMethod selects a pseudo-Boolean encoding.
type PBMethod uint8

// The pseudo-Boolean encodings.
const (
	PBBDD    PBMethod = iota // Abío et al.'s reduced BDD, 2 clauses per node
	PBSWC                    // Hölldobler et al.'s sequential weight counter
	PBAdder                  // Eén and Sörensson's adder network
	PBGTE                    // Joshi et al.'s generalised totalizer
	PBNative                 // a native sat.PB for sinks that take one
)

var pbNames = []string{"bdd", "swc", "adder", "gte", "native"}

// String returns the method's flag name, e.g. "bdd".
func (m PBMethod) String() string { return methodName("PBMethod", m, pbNames) }

// PBMethods returns every pseudo-Boolean method, in declaration order.
func PBMethods() []PBMethod { return []PBMethod{PBBDD, PBSWC, PBAdder, PBGTE, PBNative} }

// ParsePBMethod returns the method whose String is name.
func ParsePBMethod(name string) (PBMethod, error) {
	return parseMethod("pseudo-Boolean method", name, PBMethods())
}

// Applies reports whether m can write into s: every method can, except
// PBNative, which needs a sat.PBAdder.
func (m PBMethod) Applies(s sat.Sink) bool {
	if m != PBNative {
		return true
	}
	_, ok := s.(sat.PBAdder)
	return ok
}

// PB adds clauses enforcing c with method m. The error reports a
// constraint that fails c.Validate (a zero literal, coefficients out of
// range) or ErrNotApplicable. It panics on an unknown method.
func PB(s sat.Sink, c sat.PB, m PBMethod) error {
	if int(m) >= len(pbNames) {
		panic("encode: unknown " + m.String())
	}
	if !m.Applies(s) {
		return ErrNotApplicable
	}
	if err := c.Validate(); err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	encodePB(s, c, m)
	return nil
}

// encodePB encodes a valid constraint.
func encodePB(s sat.Sink, c sat.PB, m PBMethod) {
	if m == PBNative {
		s.(sat.PBAdder).AddPB(c)
		return
	}
	terms, k := positive(c.Terms, c.K)
	switch c.Op {
	case sat.AtMost:
		if ts, k, ok := prepAtMost(s, terms, k); ok {
			pbAtMost(s, ts, k, m)
		}
	case sat.AtLeast:
		if ts, k, ok := prepAtLeast(s, terms, k); ok {
			pbAtLeast(s, ts, k, m)
		}
	default:
		if ts, k, ok := prepEqual(s, terms, k); ok {
			pbEqual(s, ts, k, m)
		}
	}
}

// positive returns the terms with positive coefficients only, one per
// variable, and the bound adjusted to match: terms over the same variable
// are merged (a·¬x is a − a·x), and a negative total a·x becomes
// |a|·¬x + a.
func positive(terms []sat.Term, k int64) ([]sat.Term, int64) {
	coef := map[sat.Var]int64{}
	var order []sat.Var
	for _, t := range terms {
		v := t.Lit.Var()
		if _, ok := coef[v]; !ok {
			order = append(order, v)
		}
		if t.Lit > 0 {
			coef[v] += t.Coef
		} else {
			coef[v] -= t.Coef
			k -= t.Coef
		}
	}
	out := make([]sat.Term, 0, len(order))
	for _, v := range order {
		switch c := coef[v]; {
		case c > 0:
			out = append(out, sat.Term{Coef: c, Lit: v.Pos()})
		case c < 0:
			out = append(out, sat.Term{Coef: -c, Lit: v.Neg()})
			k -= c
		}
	}
	return out, k
}

func total(terms []sat.Term) int64 {
	var sum int64
	for _, t := range terms {
		sum += t.Coef
	}
	return sum
}

// complement returns the terms over the negated literals: Σ a·x ≥ K is
// Σ a·¬x ≤ Σa − K.
func complement(terms []sat.Term) []sat.Term {
	out := make([]sat.Term, len(terms))
	for i, t := range terms {
		out[i] = sat.Term{Coef: t.Coef, Lit: t.Lit.Not()}
	}
	return out
}

// dropAbove adds ¬x for every term with a > k and returns the others.
func dropAbove(s sat.Sink, terms []sat.Term, k int64) []sat.Term {
	var kept []sat.Term
	for _, t := range terms {
		if t.Coef > k {
			s.AddClause(t.Lit.Not())
		} else {
			kept = append(kept, t)
		}
	}
	return kept
}

func prepAtMost(s sat.Sink, terms []sat.Term, k int64) ([]sat.Term, int64, bool) {
	if k < 0 {
		s.AddClause()
		return nil, 0, false
	}
	kept := dropAbove(s, terms, k)
	if total(kept) <= k {
		return nil, 0, false
	}
	return kept, k, true
}

func prepAtLeast(s sat.Sink, terms []sat.Term, k int64) ([]sat.Term, int64, bool) {
	if k <= 0 {
		return nil, 0, false
	}
	if total(terms) < k {
		s.AddClause()
		return nil, 0, false
	}
	sat1 := make([]sat.Term, len(terms))
	all := true
	for i, t := range terms {
		sat1[i] = sat.Term{Coef: min(t.Coef, k), Lit: t.Lit}
		all = all && t.Coef >= k
	}
	switch {
	case total(sat1) == k:
		for _, t := range sat1 {
			s.AddClause(t.Lit)
		}
	case all:
		lits := make([]sat.Lit, len(sat1))
		for i, t := range sat1 {
			lits[i] = t.Lit
		}
		s.AddClause(lits...)
	default:
		return sat1, k, true
	}
	return nil, 0, false
}

func prepEqual(s sat.Sink, terms []sat.Term, k int64) ([]sat.Term, int64, bool) {
	if k < 0 || k > total(terms) {
		s.AddClause()
		return nil, 0, false
	}
	kept := dropAbove(s, terms, k)
	switch sum := total(kept); {
	case sum < k:
		s.AddClause()
	case sum == k:
		for _, t := range kept {
			s.AddClause(t.Lit)
		}
	default:
		return kept, k, true
	}
	return nil, 0, false
}

// pbAtMost encodes a normalised Σ ≤ k.
func pbAtMost(s sat.Sink, ts []sat.Term, k int64, m PBMethod) {
	switch m {
	case PBBDD:
		bddAtMost(s, ts, k)
	case PBSWC:
		seqAtMost(s, ts, k)
	case PBAdder:
		binAtMost(s, adderSum(s, ts), k)
	case PBGTE:
		g := buildGTE(s, ts, k+1, UpperBounds, false)
		s.AddClause(g.atMost(k))
	}
}

// pbAtLeast encodes a normalised (saturated) Σ ≥ k.
func pbAtLeast(s sat.Sink, ts []sat.Term, k int64, m PBMethod) {
	switch m {
	case PBBDD:
		if cs, ck, ok := prepAtMost(s, complement(ts), total(ts)-k); ok {
			bddAtMost(s, cs, ck)
		}
	case PBSWC:
		seqAtLeast(s, ts, k)
	case PBAdder:
		binAtLeast(s, adderSum(s, ts), k)
	case PBGTE:
		g := buildGTE(s, ts, k, LowerBounds, false)
		s.AddClause(g.atLeast(k))
	}
}

// pbEqual encodes a normalised Σ = k; the adder and the generalised
// totalizer share one structure between the two bounds.
func pbEqual(s sat.Sink, ts []sat.Term, k int64, m PBMethod) {
	switch m {
	case PBBDD:
		bddAtMost(s, ts, k)
		if cs, ck, ok := prepAtMost(s, complement(ts), total(ts)-k); ok {
			bddAtMost(s, cs, ck)
		}
	case PBSWC:
		seqAtMost(s, ts, k)
		seqAtLeast(s, ts, k)
	case PBAdder:
		bits := adderSum(s, ts)
		binAtMost(s, bits, k)
		binAtLeast(s, bits, k)
	case PBGTE:
		g := buildGTE(s, ts, k+1, BothBounds, false)
		s.AddClause(g.atMost(k))
		s.AddClause(g.atLeast(k))
	}
}
