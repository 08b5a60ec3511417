package encode

// Cardinality constraints Σ xi ≤ k, ≥ k, = k: the method enum, the
// normalisation of trivial cases, and the incremental Counter.
//
// Normalisation happens before any method runs, so the methods only see
// proper constraints; the trivial cases give plain clauses:
//
//	≤ k:  k < 0 → the empty clause;  k ≥ n → nothing;
//	      k = 0 → units ¬xi;  k = n−1 → the clause (¬x1 ∨ … ∨ ¬xn)
//	≥ k:  k ≤ 0 → nothing;  k > n → the empty clause;
//	      k = n → units xi;  k = 1 → the clause (x1 ∨ … ∨ xn)
//	= k:  k < 0 or k > n → the empty clause;  k = 0 or k = n → units
//
// So a method sees 1 ≤ k ≤ n−2 for ≤ and 2 ≤ k ≤ n−1 for ≥ (hence n ≥ 3),
// and 1 ≤ k ≤ n−1 for =. Duplicate literals count with multiplicity and a
// complementary pair contributes exactly one; every method is correct for
// any literals in its input positions, so neither needs special handling.
//
// ≥ k is never encoded as ≤ n−k over the negations: for the sequential
// counter that costs Θ(n·(n−k)) instead of Θ(n·k) (57 literals, exactly 8:
// 3192 auxiliaries and 6439 clauses that way, against 227 and 1344 for the
// capped totalizer). Every method here encodes the lower bound directly.
//
// = k with a method that builds one structure for both directions
// (totalizer, sorting and cardinality networks, modulo totalizer) builds it
// once; the sequential counter adds the ≤ and the ≥ encodings side by side.

import (
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// CardMethod selects a cardinality encoding.
type CardMethod uint8

// The cardinality encodings.
const (
	CardSeqCounter   CardMethod = iota // Sinz's sequential counter
	CardTotalizer                      // Bailleux and Boufkhad's totalizer, capped
	CardSortNet                        // Batcher's odd-even merge sorting network
	CardCardNet                        // Asín et al.'s cardinality network
	CardModTotalizer                   // Ogawa et al.'s modulo totalizer
	CardNative                         // a native sat.PB for sinks that take one
)

var cardNames = []string{"seqcounter", "totalizer", "sortnet", "cardnet", "modtotalizer", "native"}

// String returns the method's flag name, e.g. "totalizer".
func (m CardMethod) String() string { return methodName("CardMethod", m, cardNames) }

// CardMethods returns every cardinality method, in declaration order.
func CardMethods() []CardMethod {
	return []CardMethod{CardSeqCounter, CardTotalizer, CardSortNet, CardCardNet, CardModTotalizer, CardNative}
}

// ParseCardMethod returns the method whose String is name.
func ParseCardMethod(name string) (CardMethod, error) {
	return parseMethod("cardinality method", name, CardMethods())
}

// Applies reports whether m can write into s: every method can, except
// CardNative, which needs a sat.PBAdder.
func (m CardMethod) Applies(s sat.Sink) bool {
	if m != CardNative {
		return true
	}
	_, ok := s.(sat.PBAdder)
	return ok
}

// Incremental reports whether NewCounter accepts m.
func (m CardMethod) Incremental() bool {
	switch m {
	case CardTotalizer, CardSortNet, CardCardNet, CardModTotalizer:
		return true
	}
	return false
}

// AtMost adds clauses enforcing that at most k of lits are true. The error
// is ErrNotApplicable when m does not apply to s. It panics on a zero
// literal or an unknown method.
func AtMost(s sat.Sink, lits []sat.Lit, k int, m CardMethod) error {
	return Card(s, lits, sat.AtMost, k, m)
}

// AtLeast adds clauses enforcing that at least k of lits are true; see
// AtMost.
func AtLeast(s sat.Sink, lits []sat.Lit, k int, m CardMethod) error {
	return Card(s, lits, sat.AtLeast, k, m)
}

// Exactly adds clauses enforcing that exactly k of lits are true; see
// AtMost.
func Exactly(s sat.Sink, lits []sat.Lit, k int, m CardMethod) error {
	return Card(s, lits, sat.Equal, k, m)
}

// Card adds clauses enforcing Σ lits op k with method m. Trivial cases are
// normalised first (see the file comment). The error is ErrNotApplicable
// when m does not apply to s. It panics on a zero literal, an unknown
// method or an invalid op.
func Card(s sat.Sink, lits []sat.Lit, op sat.Op, k int, m CardMethod) error {
	checkLits(lits)
	if int(m) >= len(cardNames) {
		panic("encode: unknown " + m.String())
	}
	if !m.Applies(s) {
		return ErrNotApplicable
	}
	switch op {
	case sat.AtMost:
		cardAtMost(s, lits, k, m)
	case sat.AtLeast:
		cardAtLeast(s, lits, k, m)
	case sat.Equal:
		cardExactly(s, lits, k, m)
	default:
		panic("encode: invalid comparison " + op.String())
	}
	return nil
}

func units(s sat.Sink, lits []sat.Lit, positive bool) {
	for _, x := range lits {
		if positive {
			s.AddClause(x)
		} else {
			s.AddClause(x.Not())
		}
	}
}

func negations(lits []sat.Lit) []sat.Lit {
	out := make([]sat.Lit, len(lits))
	for i, x := range lits {
		out[i] = x.Not()
	}
	return out
}

func unitTerms(lits []sat.Lit) []sat.Term {
	ts := make([]sat.Term, len(lits))
	for i, x := range lits {
		ts[i] = sat.Term{Coef: 1, Lit: x}
	}
	return ts
}

func cardAtMost(s sat.Sink, lits []sat.Lit, k int, m CardMethod) {
	n := len(lits)
	switch {
	case k < 0:
		s.AddClause()
	case k >= n:
	case k == 0:
		units(s, lits, false)
	case k == n-1:
		s.AddClause(negations(lits)...)
	case m == CardSeqCounter:
		seqAtMost(s, unitTerms(lits), int64(k))
	case m == CardNative:
		s.(sat.PBAdder).AddPB(sat.PB{Terms: unitTerms(lits), Op: sat.AtMost, K: int64(k)})
	default:
		c := buildCounter(s, lits, k+1, UpperBounds, m)
		addAll(s, c.atMostClauses(k))
	}
}

func cardAtLeast(s sat.Sink, lits []sat.Lit, k int, m CardMethod) {
	n := len(lits)
	switch {
	case k <= 0:
	case k > n:
		s.AddClause()
	case k == n:
		units(s, lits, true)
	case k == 1:
		s.AddClause(lits...)
	case m == CardSeqCounter:
		seqAtLeast(s, unitTerms(lits), int64(k))
	case m == CardNative:
		s.(sat.PBAdder).AddPB(sat.PB{Terms: unitTerms(lits), Op: sat.AtLeast, K: int64(k)})
	default:
		c := buildCounter(s, lits, k, LowerBounds, m)
		addAll(s, c.atLeastClauses(k))
	}
}

func cardExactly(s sat.Sink, lits []sat.Lit, k int, m CardMethod) {
	n := len(lits)
	switch {
	case k < 0 || k > n:
		s.AddClause()
	case k == 0:
		units(s, lits, false)
	case k == n:
		units(s, lits, true)
	case m == CardSeqCounter:
		cardAtMost(s, lits, k, m)
		cardAtLeast(s, lits, k, m)
	case m == CardNative:
		s.(sat.PBAdder).AddPB(sat.PB{Terms: unitTerms(lits), Op: sat.Equal, K: int64(k)})
	default:
		c := buildCounter(s, lits, k+1, BothBounds, m)
		addAll(s, c.atMostClauses(k))
		addAll(s, c.atLeastClauses(k))
	}
}

func addAll(s sat.Sink, clauses [][]sat.Lit) {
	for _, c := range clauses {
		s.AddClause(c...)
	}
}

// Bounds says which bounds a Counter must support: upper bounds (Σ ≤ k)
// need the clauses that push counts up to the outputs, lower bounds (Σ ≥ k)
// the clauses that pull them down. Each direction costs about half.
type Bounds uint8

// The directions a Counter can encode.
const (
	UpperBounds Bounds                      = 1 << iota // AtMost works
	LowerBounds                                         // AtLeast works
	BothBounds  = UpperBounds | LowerBounds             // both work
)

// A Counter is a cardinality encoding whose bounds are not fixed when it is
// built: it hands out literals that enforce a bound when asserted
// (AddClause(l)) or assumed (Solve(ctx, l)), so a bound can be tightened
// between solves without re-encoding. Only a literal's truth is
// meaningful: its negation need not enforce the opposite bound. Bounds
// outside 0..n are answered with a constant literal, created once per
// counter.
type Counter interface {
	// AtMost returns a literal that enforces Σ ≤ k. The counter must have
	// been built with UpperBounds and, unless k ≥ n or k < 0, with a
	// limit above k. It panics otherwise.
	AtMost(k int) sat.Lit
	// AtLeast returns a literal that enforces Σ ≥ k. The counter must
	// have been built with LowerBounds and, unless k > n or k ≤ 0, with a
	// limit of at least k. It panics otherwise.
	AtLeast(k int) sat.Lit
}

// NewCounter encodes a counter of lits into s that can bound the count
// from 0 up to limit: AtMost(k) works for k < limit, AtLeast(k) for
// k ≤ limit (and both for trivial k). Encodings are capped at limit, so a
// smaller limit gives a smaller encoding. The method must be incremental
// (see CardMethod.Incremental); otherwise the error is ErrNotIncremental.
// It panics on a zero literal or an unknown method.
func NewCounter(s sat.Sink, lits []sat.Lit, limit int, b Bounds, m CardMethod) (Counter, error) {
	checkLits(lits)
	if int(m) >= len(cardNames) {
		panic("encode: unknown " + m.String())
	}
	if !m.Incremental() {
		return nil, ErrNotIncremental
	}
	limit = max(0, min(limit, len(lits)))
	c := &counter{s: s, n: len(lits), limit: limit, bounds: b}
	if limit > 0 {
		c.enc = buildCounter(s, lits, limit, b, m)
	}
	return c, nil
}

// countEncoding is what the incremental methods build: clause sets that
// enforce a bound, for bounds inside the limit.
type countEncoding interface {
	atMostClauses(k int) [][]sat.Lit  // 0 ≤ k < min(limit, n)
	atLeastClauses(k int) [][]sat.Lit // 1 ≤ k ≤ min(limit, n)
}

func buildCounter(s sat.Sink, lits []sat.Lit, limit int, b Bounds, m CardMethod) countEncoding {
	switch m {
	case CardTotalizer:
		return totalizer(s, lits, limit, b)
	case CardSortNet:
		return unary(network{s, b}.sort(lits)[:limit])
	case CardCardNet:
		return unary(network{s, b}.card(lits, limit))
	case CardModTotalizer:
		return modTotalizer(s, lits, limit, b)
	}
	panic("encode: no counter for " + m.String())
}

// unary outputs: u[j] is true when at least j+1 inputs are true.
type unary []sat.Lit

func (u unary) atMostClauses(k int) [][]sat.Lit  { return [][]sat.Lit{{u[k].Not()}} }
func (u unary) atLeastClauses(k int) [][]sat.Lit { return [][]sat.Lit{{u[k-1]}} }

type counter struct {
	s        sat.Sink
	n, limit int
	bounds   Bounds
	enc      countEncoding
	t        constant
}

func (c *counter) AtMost(k int) sat.Lit {
	if c.bounds&UpperBounds == 0 {
		panic("encode: AtMost on a counter built without UpperBounds")
	}
	switch {
	case k < 0:
		return c.t.True(c.s).Not()
	case k >= c.n:
		return c.t.True(c.s)
	case k >= c.limit:
		panic(fmt.Sprintf("encode: AtMost(%d) beyond the counter's limit %d", k, c.limit))
	}
	return c.lit(c.enc.atMostClauses(k))
}

func (c *counter) AtLeast(k int) sat.Lit {
	if c.bounds&LowerBounds == 0 {
		panic("encode: AtLeast on a counter built without LowerBounds")
	}
	switch {
	case k <= 0:
		return c.t.True(c.s)
	case k > c.n:
		return c.t.True(c.s).Not()
	case k > c.limit:
		panic(fmt.Sprintf("encode: AtLeast(%d) beyond the counter's limit %d", k, c.limit))
	}
	return c.lit(c.enc.atLeastClauses(k))
}

// lit returns a literal that implies every clause: the literal itself for a
// single unit, the constant for no clauses, otherwise a fresh y with the
// clauses (¬y ∨ clause).
func (c *counter) lit(clauses [][]sat.Lit) sat.Lit {
	switch {
	case len(clauses) == 0:
		return c.t.True(c.s)
	case len(clauses) == 1 && len(clauses[0]) == 1:
		return clauses[0][0]
	}
	y := c.s.NewVar().Pos()
	for _, cl := range clauses {
		c.s.AddClause(append(append([]sat.Lit(nil), cl...), y.Not())...)
	}
	return y
}
