package cdcl

// Failed-literal probing (J. Freeman, Improvements to propositional
// satisfiability search algorithms, PhD thesis 1995; I. Lynce, J.
// Marques-Silva, Probing-based preprocessing techniques for propositional
// satisfiability, ICTAI 2003; CaDiCaL's probe.cpp).
//
// A literal l is probed by deciding it at level 1 and propagating. If that
// conflicts, l is failed: ¬l holds in every model, and is fixed at level 0.
// Its unit clause (¬l) is RUP: under l, the propagation just seen reaches
// the conflict; the hints are the implication cone of the conflict (cone.go)
// and the conflict clause.
//
// Probed literals are the roots of the binary implication graph: literals
// whose negation occurs in binary clauses (so deciding them implies
// something) but that occur in none themselves (otherwise probing a
// literal implying them covers them). Each literal is probed at most once
// per round, and again in a later round only if units were found since.
// Effort: ProbeEffort per mille of the search ticks since the last round.

// probe runs one probing round at level 0. It returns false when a failed
// literal's unit refutes the clauses.
func (s *Solver) probe() bool {
	s.stats.ProbeRounds++
	budget := s.effort(s.opts.ProbeEffort, &s.sched.probeTicks)
	defer func() { s.sched.probeTicks = s.stats.Ticks }()
	if s.sched.probedFixed == len(s.trail) && s.stats.ProbeRounds > 1 {
		return true // nothing new since the last round
	}
	s.sched.probedFixed = len(s.trail)
	// Binary occurrence counts per literal.
	occ := growTo(s.countBuf[:0], 2*s.nvars)
	clear(occ)
	for c := cref(0); int(c) < len(s.arena); c = s.next(c) {
		if !s.garbage(c) && s.clauseSize(c) == 2 {
			for _, l := range s.lits(c) {
				occ[l]++
			}
		}
	}
	s.countBuf = occ
	var roots []lit
	for l := lit(0); int(l) < 2*s.nvars; l++ {
		if occ[l.not()] > 0 && occ[l] == 0 && s.vals[l] == 0 && !s.elim[l.v()] {
			roots = append(roots, l)
		}
	}
	limit := s.stats.Ticks + uint64(budget)
	for _, l := range roots {
		if s.stats.Ticks > limit || s.stop.Load() {
			break
		}
		if s.vals[l] != 0 {
			continue
		}
		s.stats.Probed++
		s.newLevel()
		s.assign(l, 1, noRef)
		confl := s.propagate()
		if confl == noRef {
			s.backtrack(0)
			continue
		}
		id := s.newID()
		if s.tracer != nil {
			hints := s.coneHints(s.clauseVars(confl), s.id(confl))
			s.traceDerived(id, []lit{l.not()}, hints)
		}
		s.backtrack(0)
		s.stats.FailedLiterals++
		if !s.fixUnit(l.not(), id) {
			return false
		}
	}
	return true
}
