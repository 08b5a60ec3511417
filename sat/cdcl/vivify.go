package cdcl

// Vivification: shortening clauses by propagating the negation of their
// literals (C. Piette, Y. Hamadi, L. Saïs, Vivifying propositional clausal
// formulae, ECAI 2008; M. Luo, C.-M. Li et al., An effective learnt clause
// minimization approach for CDCL SAT solvers, IJCAI 2017; CaDiCaL's
// vivify.cpp).
//
// For a clause C = (l1 ∨ … ∨ lk), the literals are falsified one by one as
// decisions at level 0 upwards, with C itself passed over by propagation
// (s.ignore). Three outcomes shorten C:
//
//   - a later literal l becomes true: C' = (decided literals ∨ l);
//   - propagation conflicts: C' = (decided literals);
//   - some literals become false: they are dropped from C.
//
// Each C' is implied by the other clauses: its LRAT chain is the
// implication cone (cone.go) of the conflict, of l, or of the dropped
// literals (then closed by C itself, which the negation of C' falsifies).
// The literals are tried in order of their number of occurrences, most
// first, so that strong literals are decided early.
//
// Candidates: learnt clauses of glue ≤ Tier2 not vivified before, then
// irredundant clauses, with VivifyEffort per mille of the search ticks
// since the last round, shared as 2:1.

import "slices"

// vivify runs one vivification round at level 0. It returns false when a
// shortened clause refutes the clauses.
func (s *Solver) vivify() bool {
	s.stats.VivifyRounds++
	budget := s.effort(s.opts.VivifyEffort, &s.sched.vivifyTicks)
	defer func() { s.sched.vivifyTicks = s.stats.Ticks }()
	counts := s.litCounts()
	for pass := 0; pass < 2; pass++ {
		var cands []cref
		for c := cref(0); int(c) < len(s.arena); c = s.next(c) {
			if s.garbage(c) || s.clauseSize(c) < 3 || s.hasFlag(c, flagVivified) {
				continue
			}
			if (pass == 0) != s.redundant(c) || pass == 0 && s.glue(c) > s.opts.Tier2 {
				continue
			}
			cands = append(cands, c)
		}
		// Most recent learnt clauses (highest offsets) first.
		slices.Reverse(cands)
		limit := s.stats.Ticks + uint64(budget)*2/3
		if pass == 1 {
			limit = s.stats.Ticks + uint64(budget)/3
		}
		for _, c := range cands {
			if s.stats.Ticks > limit || s.stop.Load() {
				break
			}
			if s.garbage(c) {
				continue
			}
			if !s.vivifyClause(c, counts) {
				return false
			}
		}
	}
	return true
}

// litCounts returns the number of occurrences of each literal in live
// clauses.
func (s *Solver) litCounts() []int32 {
	counts := growTo(s.countBuf[:0], 2*s.nvars)
	clear(counts)
	for c := cref(0); int(c) < len(s.arena); c = s.next(c) {
		if !s.garbage(c) {
			for _, l := range s.lits(c) {
				counts[l]++
			}
		}
	}
	s.countBuf = counts
	return counts
}

// vivifyClause tries to shorten clause c. It returns false when the
// shortened clause refutes the clauses.
func (s *Solver) vivifyClause(c cref, counts []int32) bool {
	s.setFlag(c, flagVivified)
	ls := append(s.vivBuf[:0], s.lits(c)...)
	s.vivBuf = ls
	slices.SortFunc(ls, func(a, b lit) int { return int(counts[b]) - int(counts[a]) })
	s.ignore = c
	decided := s.vivDecided[:0]
	var hints []uint64
	var short []lit
	dropped := false
	found := false
	for _, l := range ls {
		switch s.vals[l] {
		case 1: // implied true: C' = decided ∨ l
			short = append(append(short[:0], decided...), l)
			if s.tracer != nil {
				hints = s.coneHints([]int32{int32(l.v())}, 0)
			}
			found = true
		case -1: // implied false: dropped
			dropped = true
			continue
		default:
			decided = append(decided, l)
			s.newLevel()
			s.assign(l.not(), int32(len(s.lim)), noRef)
			if confl := s.propagate(); confl != noRef {
				short = append(short[:0], decided...)
				if s.tracer != nil {
					hints = s.coneHints(s.clauseVars(confl), s.id(confl))
				}
				found = true
			}
		}
		if found {
			break
		}
	}
	if !found && dropped {
		short = append(short[:0], decided...)
		if s.tracer != nil {
			var from []int32
			for _, l := range ls {
				if s.vals[l] < 0 && s.reason[l.v()] != noRef || s.vals[l] < 0 && s.level[l.v()] == 0 {
					from = append(from, int32(l.v()))
				}
			}
			hints = s.coneHints(from, s.id(c))
		}
		found = true
	}
	s.vivDecided = decided
	s.ignore = noRef
	s.backtrack(0)
	if !found || len(short) >= s.clauseSize(c) {
		return true
	}
	s.stats.Vivified++
	id := s.newID()
	if s.tracer != nil {
		s.traceDerived(id, short, hints)
	}
	flags := s.flags(c)&flagLearnt | flagVivified
	glue := min(s.glue(c), len(short)-1)
	// Unwatch c at once: the next clause's propagation must not use it
	// (and no watch list needs flushing for it).
	dirty := s.watchedGarbage
	s.unwatch(s.lits(c)[0], c)
	s.unwatch(s.lits(c)[1], c)
	s.deleteClause(c)
	s.watchedGarbage = dirty
	if len(short) == 1 {
		return s.fixUnit(short[0], id)
	}
	s.attach(s.alloc(short, flags, glue, id))
	return true
}
