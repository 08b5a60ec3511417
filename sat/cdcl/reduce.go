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
// Invariant kept: no reason clause is deleted (the trail's reasons stay
// valid); collect runs at the end, so no watch points to a deleted clause.

import "slices"

// reduce deletes the least useful learnt clauses.
func (s *Solver) reduce() {
	s.stats.Reductions++
	var cands []cref
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
			continue
		}
		if s.isReason(c) {
			continue
		}
		cands = append(cands, c)
	}
	slices.SortFunc(cands, func(a, b cref) int {
		if ga, gb := s.glue(a), s.glue(b); ga != gb {
			return gb - ga
		}
		return s.clauseSize(b) - s.clauseSize(a)
	})
	n := len(cands) * s.opts.ReduceTarget / 100
	for _, c := range cands[:n] {
		s.deleteClause(c)
	}
	s.collect()
	s.scheduleReduce()
}

// isReason reports whether long clause c is the reason of its first
// literal (propagate and analyze put the implied literal first).
func (s *Solver) isReason(c cref) bool {
	l := s.arena[c+hdrSize]
	return s.vals[l] > 0 && s.reason[l.v()] == c
}
