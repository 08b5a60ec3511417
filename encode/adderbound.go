package encode

// An incremental bound over the adder network.
//
// The generalised totalizer hands out a literal per bound cheaply, but its
// size grows with the number of distinct subset sums (GTESize tells it
// beforehand). The adder network's size is O(n log Σa) whatever the
// weights. AdderBound builds the network once and, per bound k, adds a
// fresh activation literal a and the comparison "sum ≤ k" guarded by a
// (binary.go: one clause per zero bit of k, each with ¬a): O(log Σa)
// clauses and one variable per bound. Unit propagation is weak (the sum is
// only known once every input is), as for PBAdder.

import (
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// AdderBound is the binary sum of weighted literals, encoded once, that
// hands out literals enforcing upper bounds on Σ terms, to be assumed or
// asserted. Build it with NewAdderBound.
type AdderBound struct {
	s      sat.Sink
	bits   []sat.Lit // the normalised sum, least significant bit first
	offset int64     // Σ terms = offset + the normalised sum
	total  int64     // largest normalised sum
	t      constant
}

// NewAdderBound encodes the sum of terms into s. Terms may have negative
// or zero coefficients and repeated literals. The error reports terms that
// fail sat.ValidateTerms.
func NewAdderBound(s sat.Sink, terms []sat.Term) (*AdderBound, error) {
	if err := sat.ValidateTerms(terms); err != nil {
		return nil, fmt.Errorf("encode: %w", err)
	}
	ts, off := positive(terms, 0)
	return &AdderBound{s: s, bits: adderSum(s, ts), offset: -off, total: total(ts)}, nil
}

// AtMost returns a literal that enforces Σ terms ≤ k: a fresh variable
// guarding the comparison, or a constant when the bound is trivial.
func (a *AdderBound) AtMost(k int64) sat.Lit {
	k -= a.offset
	switch {
	case k < 0:
		return a.t.True(a.s).Not()
	case k >= a.total:
		return a.t.True(a.s)
	}
	g := a.s.NewVar().Pos()
	binAtMost(Guard(a.s, g), a.bits, k)
	return g
}
