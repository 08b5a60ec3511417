package cdcl

// Failed assumptions: the final conflict analysis (N. Eén, N. Sörensson,
// Temporal induction by incremental SAT solving, BMC 2003; MiniSat's
// analyzeFinal).
//
// When assumption p is false, the assumptions responsible are found by
// walking the trail backwards from ¬p's variable through reasons: every
// decision met is an assumption (all decisions so far are, since decide
// places assumptions on the lowest levels), and the set of those, with p,
// is unsatisfiable together with the clauses. A p false at level 0 is
// refuted by the clauses alone with p: the core is {p}.

// analyzeFinal records in s.failed the assumptions responsible for the
// falsity of assumption p.
func (s *Solver) analyzeFinal(p lit) {
	s.failed = append(s.failed[:0], p.ext())
	x := p.v()
	if s.level[x] == 0 {
		return
	}
	s.mark[x] |= markSeen
	s.analyzed = append(s.analyzed[:0], int32(x))
	mark := len(s.arena) // PB explanations go above it (pbexplain.go)
	for i := len(s.trail) - 1; i >= int(s.lim[0]); i-- {
		l := s.trail[i]
		y := l.v()
		if s.mark[y]&markSeen == 0 {
			continue
		}
		r := s.reason[y]
		if r == noRef {
			s.failed = append(s.failed, l.ext())
			continue
		}
		if r&pbFlag != 0 {
			r = s.pbReason(r, y)
		}
		for _, q := range s.lits(r) {
			z := q.v()
			if z != y && s.level[z] > 0 && s.mark[z]&markSeen == 0 {
				s.mark[z] |= markSeen
				s.analyzed = append(s.analyzed, int32(z))
			}
		}
	}
	for _, y := range s.analyzed {
		s.mark[y] &^= markSeen
	}
	s.analyzed = s.analyzed[:0]
	if len(s.arena) != mark {
		s.pbDone(mark)
	}
}
