package encode

// Integer variables over finite domains: the order, log and direct
// encodings.
//
// x ranges over a Domain of n values v_0 < v_1 < … < v_(n−1), a range
// lo..hi or a set with holes. Three encodings:
//
// Order (Tamura et al. 2009; Crawford and Baker 1994): n−1 variables
// o_p ↔ (x ≥ v_p) for p = 1..n−1 and the n−2 clauses o_(p+1) → o_p.
// Comparisons with constants are single literals, x = v_0 + Σ (v_p −
// v_(p−1))·o_p is a sum with small coefficients, holes cost nothing (the
// literals only name values of the domain), and |x| is linear in the o_p
// too. Size grows with the domain.
//
// Log (binary) encoding (Iwama and Miyazaki 1994): x = lo + Σ 2^j·b_j with
// m = bitlen(hi−lo) variables, plus the clauses keeping lo + Σ ≤ hi
// (binary.go: one clause per zero bit of hi−lo below bit m) and, for each
// hole, at most 2m clauses forbidding it: the hole's offsets split into at
// most 2m aligned blocks k·2^t..(k+1)·2^t−1, and each block is one clause
// over the bits from t up. Size grows with the logarithm of the span, but
// propagation through sums is weak; x ≥ v costs a chain of at most m
// gates and x = v one gate of m inputs.
//
// Direct (de Kleer 1989; Walsh 2000): value literals d_p ↔ (x = v_p) with
// exactly one true. Up to six values the at-most-one is pairwise: n
// variables, 1 + n(n−1)/2 clauses. From seven on it is the ladder, whose
// auxiliaries are exactly the order literals: the regular encoding of
// Ansótegui and Manyà 2004, d_p ↔ o_p ∧ ¬o_(p+1) (three clauses per
// inner value; d_0 is ¬o_1 and d_(n−1) is o_(n−1), no variables), so a
// direct integer of n ≥ 7 values costs 2n−3 variables and 4n−8 clauses
// and has both kinds of literals. Linear terms are Σ (v_p − v_0)·d_p.
//
// Each encoding hands out the others' literals on request, defined once
// and cached (intlits.go): value literals of an order integer (three
// clauses each, channelled as in the regular encoding), order literals
// of a small direct integer (three clauses each: o_p ↔ d_p ∨ o_(p+1)),
// comparison and value gates of a log integer. Unit propagation on the
// order and regular encodings is arc-consistent between the two kinds of
// literals; on the log encoding it is not.
//
// A domain of one value has no literals in any encoding; every
// comparison with a constant is then a constant.
//
// N. Tamura, A. Taga, S. Kitagawa, M. Banbara, Compiling finite linear CSP
// into SAT, Constraints 14, 2009. J. M. Crawford, A. B. Baker,
// Experimental results on the application of satisfiability algorithms to
// scheduling problems, AAAI 1994. K. Iwama, S. Miyazaki, SAT-variable
// complexity of hard combinatorial problems, IFIP 1994. T. Walsh, SAT v
// CSP, CP 2000. C. Ansótegui, F. Manyà, Mapping problems with finite-domain
// variables into problems with Boolean variables, SAT 2004.

import (
	"fmt"
	"math/bits"

	"github.com/satsolve/satsolve/sat"
)

// IntEncoding selects how an Int is encoded.
type IntEncoding uint8

// The integer encodings.
const (
	IntOrder  IntEncoding = iota // one variable per value above the smallest: o_p ↔ x ≥ v_p
	IntLog                       // binary, as an offset from the smallest value
	IntDirect                    // one variable per value, x = v_p, exactly one true
)

var intNames = []string{"order", "log", "direct"}

// String returns the encoding's flag name, e.g. "order".
func (e IntEncoding) String() string { return methodName("IntEncoding", e, intNames) }

// IntEncodings returns every integer encoding, in declaration order.
func IntEncodings() []IntEncoding { return []IntEncoding{IntOrder, IntLog, IntDirect} }

// ParseIntEncoding returns the encoding whose String is name.
func ParseIntEncoding(name string) (IntEncoding, error) {
	return parseMethod("integer encoding", name, IntEncodings())
}

// directPairwise is the largest direct domain whose at-most-one is
// pairwise; larger ones use the regular encoding.
const directPairwise = 6

// Int is an integer variable with a finite domain, encoded in Boolean
// variables of a sink. Create it with NewInt or NewIntIn.
type Int struct {
	dom    Domain
	lo, hi int64
	enc    IntEncoding
	// bits are the primary literals. Order: bits[p−1] ↔ x ≥ v_p; log:
	// x = lo + Σ 2^j·bits[j]; direct: bits[p] ↔ x = v_p.
	bits []sat.Lit
	ord  []sat.Lit // order literals by position (ord[p−1] ↔ x ≥ v_p), made on demand unless primary
	eqs  []sat.Lit // value literals by position, made on demand unless primary
	ge   map[int64]sat.Lit
	eq   map[int64]sat.Lit // log: gates by position
	t    constant
}

// maxDomain bounds hi−lo so that every coefficient a linear sum derives
// from the domain stays far inside sat.MaxCoefSum.
const maxDomain = 1 << 40

// NewInt returns a new integer variable with domain lo..hi encoded in s.
// It panics if lo > hi, if hi−lo exceeds 2^40 (the order and direct
// encodings need one variable per value, so keep their domains small), or
// on an unknown encoding.
func NewInt(s sat.Sink, lo, hi int64, enc IntEncoding) *Int {
	if lo > hi || hi-lo < 0 || hi-lo > maxDomain {
		panic(fmt.Sprintf("encode: invalid integer domain %d..%d", lo, hi))
	}
	return NewIntIn(s, RangeDomain(lo, hi), enc)
}

// NewIntIn returns a new integer variable with domain d encoded in s. It
// panics if d is empty, if its span Max−Min exceeds 2^40, or on an
// unknown encoding.
func NewIntIn(s sat.Sink, d Domain, enc IntEncoding) *Int {
	if d.Empty() || d.Max()-d.Min() < 0 || d.Max()-d.Min() > maxDomain {
		panic(fmt.Sprintf("encode: invalid integer domain %v", d))
	}
	x := &Int{dom: d, lo: d.Min(), hi: d.Max(), enc: enc}
	n := d.Size()
	switch enc {
	case IntOrder:
		x.bits = newRow(s, n-1)
		orderChain(s, x.bits)
		x.ord = x.bits
	case IntLog:
		x.bits = newRow(s, int64(bits.Len64(uint64(x.hi-x.lo))))
		binAtMost(s, x.bits, x.hi-x.lo)
		rs := d.rs
		for i := 1; i < len(rs); i++ {
			forbidBlocks(s, x.bits, rs[i-1].Hi+1-x.lo, rs[i].Lo-1-x.lo)
		}
	case IntDirect:
		switch {
		case n == 1:
		case n <= directPairwise:
			x.bits = newRow(s, n)
			s.AddClause(x.bits...)
			amoPairwise(s, x.bits)
		default:
			x.ord = newRow(s, n-1)
			orderChain(s, x.ord)
			x.eqs = make([]sat.Lit, n)
			for p := range n {
				x.eqs[p] = x.channelEq(s, p)
			}
			x.bits = x.eqs
		}
		x.eqs = x.bits
	default:
		panic("encode: unknown " + enc.String())
	}
	return x
}

// orderChain adds o_(p+1) → o_p along an order row.
func orderChain(s sat.Sink, o []sat.Lit) {
	for j := 1; j < len(o); j++ {
		s.AddClause(o[j].Not(), o[j-1])
	}
}

// forbidBlocks adds clauses over the bits (least significant first)
// excluding every number from a to b: the range splits into aligned
// blocks k·2^t..(k+1)·2^t−1, each excluded by one clause over bits t up.
func forbidBlocks(s sat.Sink, bs []sat.Lit, a, b int64) {
	for a <= b {
		t := 0
		for t < 62 && a%(1<<(t+1)) == 0 && a+(1<<(t+1))-1 <= b {
			t++
		}
		c := make([]sat.Lit, 0, len(bs)-t)
		for j := t; j < len(bs); j++ {
			c = append(c, pick(bs[j], a>>j&1 == 0))
		}
		s.AddClause(c...)
		a += 1 << t
	}
}

// Lo returns the smallest value of x.
func (x *Int) Lo() int64 { return x.lo }

// Hi returns the largest value of x.
func (x *Int) Hi() int64 { return x.hi }

// Domain returns the values x can take.
func (x *Int) Domain() Domain { return x.dom }

// Encoding returns how x is encoded.
func (x *Int) Encoding() IntEncoding { return x.enc }

// Lits returns a copy of the primary literals that encode x (order:
// x ≥ v_1, x ≥ v_2, …; log: the bits of x−lo, least significant first;
// direct: x = v_0, x = v_1, …). A domain of one value has none.
func (x *Int) Lits() []sat.Lit { return append([]sat.Lit(nil), x.bits...) }

// Terms returns x as a constant plus a sum of terms over its primary
// literals.
func (x *Int) Terms() ([]sat.Term, int64) {
	ts := make([]sat.Term, 0, len(x.bits))
	for j, b := range x.bits {
		var c int64
		switch x.enc {
		case IntOrder:
			c = x.dom.Value(int64(j)+1) - x.dom.Value(int64(j))
		case IntLog:
			c = 1 << j
		default:
			if c = x.dom.Value(int64(j)) - x.lo; c == 0 {
				continue
			}
		}
		ts = append(ts, sat.Term{Coef: c, Lit: b})
	}
	return ts, x.lo
}

// Value returns the value of x in a model of the sink's clauses.
func (x *Int) Value(a sat.Assignment) int64 {
	ts, c := x.Terms()
	return c + sat.Sum(ts, a)
}
