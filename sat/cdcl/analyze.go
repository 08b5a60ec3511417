package cdcl

// Conflict analysis: first-UIP learning (J. Marques-Silva, K. Sakallah,
// GRASP, IEEE TC 1999; L. Zhang et al., Efficient conflict driven learning
// in a Boolean satisfiability solver, ICCAD 2001).
//
// Starting from the falsified clause, analyze resolves with the reasons of
// the conflict-level literals in reverse trail order until one literal of
// the conflict level is left, the first unique implication point (UIP).
// The learnt clause is the UIP's negation plus the lower-level literals
// met; minimize.go then removes literals implied by the others. The clause
// is asserting: after backjumping to the second-highest level in it, the
// negated UIP is unit. Its glue (LBD: the number of distinct decision
// levels, G. Audemard, L. Simon, Predicting learnt clauses quality in
// modern SAT solvers, IJCAI 2009) is stored and drives reduction.
//
// Proof. The learnt clause C is derived with LRAT hints built from the
// derivation itself: the level-0 units of the level-0 literals met, then
// the reasons of every literal resolved away or removed by minimisation,
// sorted by trail position, then the conflict clause. Under ¬C, that order
// is a valid unit chain: each reason's other literals are in C (false),
// fixed at level 0 (their units came first), or implied by a reason earlier
// on the trail (so earlier in the chain); the conflict clause comes last,
// with all literals false.
//
// Invariant assumed: the conflict clause is falsified and at least two of
// its literals are at the current decision level (complete propagation at
// every level), so the walk down the trail finds a UIP at that level.

// analyze learns from conflict clause confl at a decision level above 0,
// backjumps, and asserts the learnt clause.
func (s *Solver) analyze(confl cref) {
	lvl := int32(len(s.lim))
	tracing := s.tracer != nil
	s.learnt = append(s.learnt[:0], noLit)
	s.analyzed = s.analyzed[:0]
	s.chain = s.chain[:0]
	pathC := 0
	uip := noLit
	i := len(s.trail) - 1
	c := confl
	for {
		s.bumpClause(c)
		for _, q := range s.lits(c) {
			if q == uip {
				continue
			}
			x := q.v()
			if s.mark[x]&markSeen != 0 {
				continue
			}
			if s.level[x] == 0 {
				if tracing {
					s.unitHint(x)
				}
				continue
			}
			s.mark[x] |= markSeen
			s.analyzed = append(s.analyzed, int32(x))
			if s.level[x] == lvl {
				pathC++
			} else {
				s.learnt = append(s.learnt, q)
			}
		}
		for s.mark[s.trail[i].v()]&markSeen == 0 {
			i--
		}
		uip = s.trail[i]
		i--
		pathC--
		if pathC == 0 {
			break
		}
		x := uip.v()
		c = s.reason[x]
		if tracing {
			s.chain = append(s.chain, int32(x))
		}
	}
	s.learnt[0] = uip.not()
	s.stats.LearntLits += uint64(len(s.learnt))
	s.minimize()
	s.stats.MinimizedLits += uint64(len(s.learnt))

	// The literal of highest level after the UIP goes to position 1: it
	// is the clause's second watch, and its level is the backjump level.
	bt := int32(0)
	if len(s.learnt) > 1 {
		m := 1
		for k := 2; k < len(s.learnt); k++ {
			if s.level[s.learnt[k].v()] > s.level[s.learnt[m].v()] {
				m = k
			}
		}
		s.learnt[1], s.learnt[m] = s.learnt[m], s.learnt[1]
		bt = s.level[s.learnt[1].v()]
	}
	glue := s.computeGlue(s.learnt)

	id := s.newID()
	if tracing {
		s.traceDerived(id, s.learnt, s.chainHints(s.chain, s.id(confl)))
		s.clearUnitMarks()
	}
	s.bumpVariables()
	for _, x := range s.analyzed {
		s.mark[x] &^= markSeen
	}
	s.sched.onLearn(glue, int(lvl)-int(bt))

	s.updatePhases(int(s.lim[lvl-1]))
	s.backtrack(int(bt))
	if len(s.learnt) == 1 {
		s.unitID[s.learnt[0].v()] = id
		s.assign(s.learnt[0], 0, noRef)
		s.stats.LearntUnits++
		return
	}
	c = s.alloc(s.learnt, flagLearnt, glue, id)
	s.attach(c)
	s.assign(s.learnt[0], bt, c)
	if len(s.learnt) == 2 {
		s.stats.LearntBinary++
	}
}

// computeGlue returns the number of distinct decision levels in ls.
func (s *Solver) computeGlue(ls []lit) int {
	s.stampGen++
	if s.stampGen == 0 {
		clear(s.stamp)
		s.stampGen = 1
	}
	gen := s.stampGen
	n := 0
	for _, l := range ls {
		lv := s.level[l.v()]
		if s.stamp[lv] != gen {
			s.stamp[lv] = gen
			n++
		}
	}
	return n
}

// bumpClause notes that learnt clause c took part in an analysis: it is
// marked used (twice for tier 2, so it survives two reductions), and its
// glue is recomputed and lowered when the current assignment shows fewer
// levels (Audemard, Simon 2009).
func (s *Solver) bumpClause(c cref) {
	if !s.redundant(c) {
		return
	}
	g := s.glue(c)
	if g > s.opts.Tier1 {
		if ng := s.computeGlue(s.lits(c)); ng < g {
			s.setGlue(c, ng)
			g = ng
			s.stats.GlueUpdates++
		}
	}
	if g <= s.opts.Tier2 {
		s.setFlag(c, flagUsed1|flagUsed2)
	} else {
		s.setFlag(c, flagUsed1)
	}
}

// bumpVariables bumps the analysed variables in the active heuristic:
// EVSIDS scores in stable mode, the VMTF queue in focused mode.
func (s *Solver) bumpVariables() {
	if s.sched.stable {
		for _, x := range s.analyzed {
			s.bumpScore(int(x))
		}
		s.decayScores()
		return
	}
	s.bumpQueue(s.analyzed)
}
