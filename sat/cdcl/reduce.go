package cdcl

// Reduction of the learnt clauses, in three tiers (Kissat, CaDiCaL; C.
// Oh's and Audemard–Simon's observations on glue).
//
// Core: glue ≤ Tier1, kept forever (they are rarely many and almost always
// useful). Tier 2: glue ≤ Tier2, kept while they keep being used: a use in
// analysis marks them used twice, and each reduction takes one use away.
// Local: the rest, marked used once. Every ReduceInt·√k conflicts (k-th
// reduction), the learnt clauses that are not core, not used since the
// last reduction, and not the reason of an assigned literal are sorted by
// glue then size, and the worst ReduceTarget% are deleted.
//
// Retention bound (MiniSat's learnt-clause limit, N. Eén, N. Sörensson,
// An extensible SAT-solver, SAT 2003): with ReduceLimit > 0, the reducible
// learnt clauses (not core, not binary, not a reason) left after a
// reduction are at most ReduceLimit% of the irredundant clauses, a bound
// that grows by 10% a reduction; above it the worst of them go too, used
// or not (glue, then size). Tier 2 keeps every used clause of small glue,
// and on a formula of a few hundred clauses most are used, so the learnt
// clauses outgrow the formula several times over (pret150_25: 1,234 alive
// at the end for 400 original clauses). On a large formula the bound is
// never reached.
//
// Invariant kept: no reason clause is deleted (the trail's reasons stay
// valid); collect runs at the end, so no watch points to a deleted clause.

import (
	"math"
	"slices"
)

// reduce deletes the least useful learnt clauses.
func (s *Solver) reduce() {
	s.stats.Reductions++
	var cands, kept []cref
	for c := cref(0); int(c) < len(s.arena); c = s.next(c) {
		if !s.redundant(c) || s.garbage(c) || s.clauseSize(c) == 2 || s.glue(c) <= s.opts.Tier1 {
			continue
		}
		if f := s.flags(c); f&flagUsedMask != 0 {
			if f&flagUsed2 != 0 {
				s.clearFlag(c, flagUsed2)
			} else {
				s.clearFlag(c, flagUsed1)
			}
			if s.opts.ReduceLimit > 0 && !s.isReason(c) {
				kept = append(kept, c)
			}
			continue
		}
		if s.isReason(c) {
			continue
		}
		cands = append(cands, c)
	}
	slices.SortFunc(cands, s.worseFirst)
	n := len(cands) * s.opts.ReduceTarget / 100
	for _, c := range cands[:n] {
		s.deleteClause(c)
	}
	if s.opts.ReduceLimit > 0 {
		s.reduceToLimit(append(kept, cands[n:]...))
	}
	s.collect()
	s.scheduleReduce()
}

// worseFirst orders learnt clauses for deletion: larger glue first, then
// longer.
func (s *Solver) worseFirst(a, b cref) int {
	if ga, gb := s.glue(a), s.glue(b); ga != gb {
		return gb - ga
	}
	return s.clauseSize(b) - s.clauseSize(a)
}

// reduceToLimit deletes from rest, the reducible learnt clauses left
// (none a reason), worst first, until they fit the retention bound.
func (s *Solver) reduceToLimit(rest []cref) {
	over := len(rest) - s.reduceLimit()
	if over <= 0 {
		return
	}
	slices.SortFunc(rest, s.worseFirst)
	for _, c := range rest[:over] {
		s.deleteClause(c)
	}
}

// reduceLimit is the retention bound of the current reduction:
// ReduceLimit% of the irredundant clauses, 10% more each reduction.
func (s *Solver) reduceLimit() int {
	return int(float64(s.numIrred) * float64(s.opts.ReduceLimit) / 100 * math.Pow(1.1, float64(s.stats.Reductions)))
}

// isReason reports whether long clause c is the reason of its first
// literal (propagate and analyze put the implied literal first).
func (s *Solver) isReason(c cref) bool {
	l := s.arena[c+hdrSize]
	return s.vals[l] > 0 && s.reason[l.v()] == c
}
