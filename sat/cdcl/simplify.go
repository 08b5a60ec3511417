package cdcl

// Level-0 simplification (MiniSat's simplify): once new literals are fixed
// at level 0, every clause they satisfy is deleted and every literal they
// falsify is removed from its clause.
//
// A shortened clause is derived under a new id with the hints "units of the
// removed literals, then the old clause", and the old clause is deleted
// (proof.go). It runs at level 0 after a complete propagation without
// conflict, so no clause shrinks below two literals (it would have
// propagated), and the remaining literals are unassigned, fit to be
// watched.
//
// A sweep costs a pass over the whole arena and a compaction, so the
// search runs it, as MiniSat does, only after as many propagations as the
// arena has words since the last one (sched.simplifyProps): a stream of
// learnt units would otherwise make the search quadratic (dobble's
// projective planes spent half their time here). Until then clauses keep
// their level-0 literals, which analysis and minimisation skip with unit
// hints (analyze.go, minimize.go).

// simplify removes satisfied clauses and false literals at level 0.
func (s *Solver) simplify() {
	if len(s.trail) == s.sched.simplified {
		return
	}
	s.sched.simplified = len(s.trail)
	s.stats.Simplifications++
	end := cref(len(s.arena))
	for c := cref(0); c < end; c = s.next(c) {
		if s.garbage(c) {
			continue
		}
		sat, falses := false, 0
		for _, l := range s.lits(c) {
			switch s.vals[l] {
			case 1:
				sat = true
			case -1:
				falses++
			}
		}
		switch {
		case sat:
			s.deleteClause(c)
		case falses > 0:
			s.strengthen(c)
		}
	}
	s.collect()
	s.sched.simplifyProps = s.stats.Propagations + uint64(len(s.arena))
}

// strengthen replaces clause c by its literals that are not false at
// level 0.
func (s *Solver) strengthen(c cref) {
	ls := s.addBuf[:0]
	for _, l := range s.lits(c) {
		if s.vals[l] < 0 {
			if s.tracer != nil {
				s.unitHint(l.v())
			}
			continue
		}
		ls = append(ls, l)
	}
	s.addBuf = ls
	id := s.newID()
	if s.tracer != nil {
		h := append(s.hints[:0], s.unitHints...)
		h = append(h, s.id(c))
		s.hints = h
		s.traceDerived(id, ls, h)
		s.clearUnitMarks()
	}
	flags := s.flags(c) & flagLearnt
	glue := min(s.glue(c), len(ls)-1)
	s.deleteClause(c)
	s.attach(s.alloc(ls, flags, glue, id))
	s.stats.Strengthened++
}
