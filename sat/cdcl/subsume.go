package cdcl

// Subsumption and self-subsuming strengthening, run as inprocessing at
// level 0 (N. Eén, A. Biere, Effective preprocessing in SAT through
// variable and clause elimination, SAT 2005; CaDiCaL's subsume.cpp).
//
// Clause D subsumes C when D ⊆ C: C is then redundant and deleted. D
// strengthens C when D = (D' ∨ ¬l) with D' ⊆ C \ {l} and l ∈ C: resolving
// gives C \ {l}, which replaces C. The round takes the candidate clauses
// (irredundant ones, and learnt ones of glue ≤ Tier2, up to SubsumeMax
// literals) in order of size, and checks each against the clauses already
// seen, which sit in occurrence lists under one literal each, the one with
// the fewest occurrences when they were added (the one-watch scheme of
// CaDiCaL and Kissat): a D ⊆ C must be listed under one of C's literals,
// and a strengthening D under one of them or its negation, so scanning
// the lists of C's literals and of their negations finds every candidate.
//
// Proof: a strengthened clause C \ {l} is derived with hints D, C (under
// its negation D is unit on ¬l, then C is falsified), and C is deleted. A
// learnt D that subsumes an irredundant C becomes irredundant, so that
// deleting C keeps the irredundant clauses equivalent.
//
// Effort: the round stops after SubsumeEffort per mille of the search's
// propagation ticks since the last round (at least 10^6 steps).

import "slices"

// subsume runs one subsumption round at level 0. It returns false when a
// unit it derived makes the clauses unsatisfiable.
func (s *Solver) subsume() bool {
	s.stats.SubsumeRounds++
	budget := s.effort(s.opts.SubsumeEffort, &s.sched.subsumeTicks)
	var cands []cref
	for c := cref(0); int(c) < len(s.arena); c = s.next(c) {
		if s.garbage(c) || s.clauseSize(c) > s.opts.SubsumeMax {
			continue
		}
		if s.redundant(c) && s.glue(c) > s.opts.Tier2 {
			continue
		}
		cands = append(cands, c)
	}
	slices.SortStableFunc(cands, func(a, b cref) int { return s.clauseSize(a) - s.clauseSize(b) })
	occs := s.occurrences()
	steps := 0
	for _, c := range cands {
		if steps > budget {
			break
		}
		if s.garbage(c) {
			continue
		}
		for _, l := range s.lits(c) {
			s.lmark[l] = 1
		}
		d, flip := noRef, noLit
	search:
		for _, l := range s.lits(c) {
			for _, q := range [2]lit{l, l.not()} {
				for _, e := range occs[q] {
					steps++
					if s.garbage(e) {
						continue
					}
					if f, ok := s.subsumes(e, &steps); ok {
						d, flip = e, f
						if f == noLit {
							break search
						}
					}
				}
			}
		}
		for _, l := range s.lits(c) {
			s.lmark[l] = 0
		}
		switch {
		case d != noRef && flip == noLit:
			s.stats.Subsumed++
			if !s.redundant(c) && s.redundant(d) {
				s.promote(d)
			}
			s.deleteClause(c)
			continue
		case d != noRef:
			s.stats.SubsumeStrengthened++
			nc, ok := s.strengthenBy(c, flip.not(), d)
			if !ok {
				return false
			}
			if nc == noRef {
				// A new unit: the clauses seen so far may hold
				// its literals; the round ends, simplify follows.
				s.freeOccurrences(occs)
				s.sched.subsumeTicks = s.stats.Ticks
				return true
			}
			c = nc
		}
		// Connect c under its literal with the fewest occurrences.
		best := s.lits(c)[0]
		for _, l := range s.lits(c)[1:] {
			if len(occs[l]) < len(occs[best]) {
				best = l
			}
		}
		occs[best] = append(occs[best], c)
	}
	s.freeOccurrences(occs)
	s.sched.subsumeTicks = s.stats.Ticks
	return true
}

// subsumes checks the marked clause C against e: ok with flip == noLit
// when e ⊆ C, ok with flip = the literal of e whose negation is in C when
// e strengthens C, not ok otherwise.
func (s *Solver) subsumes(e cref, steps *int) (flip lit, ok bool) {
	flip = noLit
	for _, l := range s.lits(e) {
		*steps++
		switch {
		case s.lmark[l] != 0:
		case s.lmark[l.not()] != 0 && flip == noLit:
			flip = l
		default:
			return noLit, false
		}
	}
	return flip, true
}

// strengthenBy replaces clause c by c without literal l, derived by
// resolution with d (which holds ¬l). A result of length 1 is assigned at
// level 0 and propagated; the result is noRef then, and ok is false when
// propagation refutes the clauses.
func (s *Solver) strengthenBy(c cref, l lit, d cref) (nc cref, ok bool) {
	ls := s.addBuf[:0]
	for _, q := range s.lits(c) {
		if q != l {
			ls = append(ls, q)
		}
	}
	s.addBuf = ls
	id := s.newID()
	if s.tracer != nil {
		s.traceDerived(id, ls, append(s.hints[:0], s.id(d), s.id(c)))
	}
	flags := s.flags(c) & flagLearnt
	glue := min(s.glue(c), len(ls)-1)
	s.deleteClause(c)
	if len(ls) == 1 {
		return noRef, s.fixUnit(ls[0], id)
	}
	nc = s.alloc(ls, flags, glue, id)
	s.attach(nc)
	return nc, true
}

// fixUnit assigns unit clause id (literal l) at level 0 and propagates. It
// returns false when that refutes the clauses.
func (s *Solver) fixUnit(l lit, id uint64) bool {
	switch s.vals[l] {
	case 1:
		return true
	case -1:
		if s.tracer != nil {
			s.traceDerived(s.newID(), nil, append(s.hints[:0], s.unitID[l.v()], id))
		}
		s.unsat = true
		return false
	}
	s.unitID[l.v()] = id
	s.assign(l, 0, noRef)
	s.flushWatches() // deleted clauses must not propagate
	if c := s.propagate(); c != noRef {
		s.fixLevel0()
		s.deriveEmpty(c)
		s.unsat = true
		return false
	}
	s.fixLevel0()
	return true
}

// promote makes learnt clause c irredundant.
func (s *Solver) promote(c cref) {
	s.clearFlag(c, flagLearnt)
	s.numLearnt--
	s.numIrred++
}

// occurrences returns empty per-literal occurrence lists, reusing the
// solver's storage.
func (s *Solver) occurrences() [][]cref {
	occs := growTo(s.occs[:0], 2*s.nvars)
	for i := range occs {
		occs[i] = occs[i][:0]
	}
	return occs
}

// freeOccurrences keeps the lists' storage for the next round.
func (s *Solver) freeOccurrences(occs [][]cref) { s.occs = occs }

// effort returns the step budget of a technique: perMille of the search
// ticks since *since, at least EffortMin.
func (s *Solver) effort(perMille int, since *uint64) int {
	n := (s.stats.Ticks - *since) * uint64(perMille) / 1000
	return int(max(n, uint64(s.opts.EffortMin)))
}
