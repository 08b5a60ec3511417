package encode

// Global cardinality: how many integers take each value of a cover.
//
// For every cover value v, the literals x_i = v of the integers that can
// take it are counted by a totalizer (Bailleux and Boufkhad 2003) with
// both directions, whose unary outputs u_k ↔ "at least k of them" are
// channelled to the count c_v's comparison literals: c_v ≥ k ↔ u_k for
// k = 1..min(n_v, hi(c_v)+1), with c_v ≥ 0 asserted and c_v ≥ n_v+1
// refused. With bounds instead of count variables (the low_up form), the
// count is constrained by the cardinality method m directly. Closed: every
// x_i takes a cover value (the clauses of x_i ∉ cover's ranges, as
// x < a ∨ x > b per range a..b of the domain outside the cover).
//
// A value counted by n_v integers costs the totalizer (O(n_v log n_v)
// variables and O(n_v²) clauses, capped at the count's upper bound + 1)
// and two clauses per output. Unit propagation on the totalizer is
// arc-consistent for each count separately, not for the whole
// constraint.
//
// O. Bailleux, Y. Boufkhad, Efficient CNF encoding of Boolean cardinality
// constraints, CP 2003. C. Bessière et al., Decomposition of the NValue
// constraint and of global cardinality, CP 2010 (for the decomposition
// view).

import (
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// GlobalCardinality adds clauses enforcing that counts[j] is the number
// of integers of xs equal to cover[j], and, when closed, that every
// integer takes a value of the cover. Cover values must be distinct; the
// error reports repeated values or lengths that differ, writing nothing.
func GlobalCardinality(s sat.Sink, xs []*Int, cover []int64, counts []*Int, closed bool) error {
	if len(cover) != len(counts) {
		return fmt.Errorf("encode: %d cover values for %d counts", len(cover), len(counts))
	}
	if err := distinct(cover); err != nil {
		return err
	}
	for j, v := range cover {
		lits := countLits(s, xs, v)
		c := counts[j]
		emit(s, c.geP(s, 0))
		emit(s, c.geP(s, int64(len(lits))+1).not())
		limit := int(min(int64(len(lits)), max(0, c.hi+1)))
		if limit == 0 {
			continue
		}
		u := totalizer(s, lits, limit, BothBounds)
		for k := 1; k <= limit; k++ {
			g := c.geP(s, int64(k))
			emit(s, g.not(), part{l: u[k-1]})
			emit(s, g, part{l: u[k-1].Not()})
		}
	}
	if closed {
		closeCover(s, xs, cover)
	}
	return nil
}

// GlobalCardinalityBounds adds clauses enforcing that between low[j] and
// up[j] of the integers take the value cover[j], with the cardinality
// method m, and, when closed, that every integer takes a cover value.
// The error reports repeated cover values, lengths that differ or
// ErrNotApplicable, writing nothing for the first two.
func GlobalCardinalityBounds(s sat.Sink, xs []*Int, cover, low, up []int64, closed bool, m CardMethod) error {
	if len(cover) != len(low) || len(cover) != len(up) {
		return fmt.Errorf("encode: %d cover values for %d lower and %d upper bounds", len(cover), len(low), len(up))
	}
	if err := distinct(cover); err != nil {
		return err
	}
	if !m.Applies(s) {
		return ErrNotApplicable
	}
	for j, v := range cover {
		lits := countLits(s, xs, v)
		lo, hi := clampCount(low[j], len(lits)), clampCount(up[j], len(lits))
		if low[j] > int64(len(lits)) || up[j] < 0 {
			s.AddClause()
			continue
		}
		if err := Card(s, lits, sat.AtLeast, lo, m); err != nil {
			return err
		}
		if err := Card(s, lits, sat.AtMost, hi, m); err != nil {
			return err
		}
	}
	if closed {
		closeCover(s, xs, cover)
	}
	return nil
}

func clampCount(k int64, n int) int { return int(max(-1, min(k, int64(n)+1))) }

func distinct(cover []int64) error {
	seen := map[int64]bool{}
	for _, v := range cover {
		if seen[v] {
			return fmt.Errorf("encode: cover value %d repeated", v)
		}
		seen[v] = true
	}
	return nil
}

// countLits returns the literals x_i = v of the integers that can take v.
func countLits(s sat.Sink, xs []*Int, v int64) []sat.Lit {
	var lits []sat.Lit
	for _, x := range xs {
		if x.dom.Contains(v) {
			lits = append(lits, x.Eq(s, v))
		}
	}
	return lits
}

// closeCover adds, for every integer, the clauses excluding its values
// outside the cover.
func closeCover(s sat.Sink, xs []*Int, cover []int64) {
	cv := DomainOf(cover...)
	for _, x := range xs {
		for _, r := range x.dom.Minus(cv).rs {
			emit(s, x.geP(s, r.Lo).not(), x.geP(s, r.Hi+1))
		}
	}
}
