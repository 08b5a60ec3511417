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
// backjumps, and asserts the learnt clause. It returns false when the
// conflict refutes the clauses (all its literals are fixed at level 0,
// which only happens after chronological backtracking).
func (s *Solver) analyze(confl cref) bool {
	lvl := int32(len(s.lim))
	if s.outOfOrder {
		cl, forced := s.conflictLevel(confl)
		switch {
		case cl == 0:
			s.deriveEmpty(confl)
			return false
		case forced != noLit:
			// Only one literal at the conflict level: the clause is
			// an implication missed at a lower level, not a conflict.
			s.backtrack(int(cl) - 1)
			s.assignLate(forced, s.level[s.lits(confl)[1].v()], confl)
			return true
		case cl < lvl:
			s.backtrack(int(cl))
			lvl = cl
		}
	}
	tracing := s.tracer != nil
	s.learnt = append(s.learnt[:0], noLit)
	s.analyzed = s.analyzed[:0]
	s.chain = s.chain[:0]
	pathC := 0
	uip := noLit
	i := len(s.trail) - 1
	mark := len(s.arena) // PB explanations go above it (pbexplain.go)
	c := confl
	if c&pbFlag != 0 {
		c = s.pbReason(c, -1)
	}
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
		for {
			x := s.trail[i].v()
			if s.mark[x]&markSeen != 0 && s.level[x] == lvl {
				break
			}
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
		if c >= pbFlag { // never noRef: x was implied
			c = s.pbReason(c, x)
		}
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
	if len(s.arena) != mark {
		s.pbDone(mark)
	}
	for _, x := range s.analyzed {
		s.mark[x] &^= markSeen
	}
	s.sched.onLearn(glue, int(lvl)-int(bt))

	s.updatePhases(int(s.lim[lvl-1]))
	if len(s.learnt) == 1 {
		s.backtrack(0)
		s.unitID[s.learnt[0].v()] = id
		s.assign(s.learnt[0], 0, noRef)
		s.stats.LearntUnits++
		return true
	}
	// Chronological backtracking (Nadel, Ryvchin 2018): a long jump
	// throws away much of the trail that would be rebuilt at once, so
	// then only the conflict level is undone and the learnt clause's
	// literal is implied out of order at its real level.
	target := bt
	if s.opts.Chrono != 0 && int(lvl-bt) > s.opts.ChronoLevels && s.pb.occs == nil {
		target = lvl - 1
		s.stats.Chrono++
	}
	s.backtrack(int(target))
	c = s.alloc(s.learnt, flagLearnt, glue, id)
	s.attach(c)
	if target != bt {
		s.outOfOrder = true
		s.assignLate(s.learnt[0], bt, c)
	} else {
		s.assign(s.learnt[0], bt, c)
	}
	if len(s.learnt) == 2 {
		s.stats.LearntBinary++
	}
	return true
}

// conflictLevel returns the highest level among the literals of conflict
// clause c and, when only one literal has that level, that literal
// (forced). It reorders c so that its two highest-level literals are the
// watched ones, moving watches as needed, as the watch invariant requires
// once the trail is out of level order (CaDiCaL's find_conflict_level).
func (s *Solver) conflictLevel(c cref) (lvl int32, forced lit) {
	ls := s.lits(c)
	count := 0
	forced = noLit
	for _, l := range ls {
		switch lv := s.level[l.v()]; {
		case lv > lvl:
			lvl, count = lv, 1
		case lv == lvl:
			count++
		}
	}
	if len(ls) > 2 {
		for pos := 0; pos < 2; pos++ {
			best := pos
			for k := pos + 1; k < len(ls); k++ {
				if s.level[ls[k].v()] > s.level[ls[best].v()] {
					best = k
				}
			}
			if best == pos {
				continue
			}
			if best >= 2 {
				s.unwatch(ls[pos], c)
				s.watches[ls[best]] = append(s.watches[ls[best]], watch{ls[1-pos], c})
			}
			ls[pos], ls[best] = ls[best], ls[pos]
		}
		// The blocking literals of both watches now name the other
		// watched literal.
		s.setBlocker(ls[0], c, ls[1])
		s.setBlocker(ls[1], c, ls[0])
	} else if s.level[ls[1].v()] > s.level[ls[0].v()] {
		ls[0], ls[1] = ls[1], ls[0]
	}
	if count == 1 {
		forced = ls[0]
	}
	return lvl, forced
}

// unwatch removes long clause c from l's watch list.
func (s *Solver) unwatch(l lit, c cref) {
	ws := s.watches[l]
	for i, w := range ws {
		if w.ref == c {
			copy(ws[i:], ws[i+1:])
			s.watches[l] = ws[:len(ws)-1]
			return
		}
	}
}

// setBlocker sets the blocking literal of c's watch in l's list.
func (s *Solver) setBlocker(l lit, c cref, b lit) {
	for i, w := range s.watches[l] {
		if w.ref == c {
			s.watches[l][i].blit = b
			return
		}
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
// EVSIDS scores in stable mode, the VMTF queue in focused mode. With
// BumpReasons, the variables of the reasons of the learnt clause's
// literals are bumped too (the reason side: M. Liang et al., Learning rate
// based branching heuristic for SAT solvers, SAT 2016; Kissat's and
// CaDiCaL's bumpreason), up to ten per learnt literal.
func (s *Solver) bumpVariables() {
	if s.opts.BumpReasons != 0 {
		limit := len(s.analyzed) + 10*len(s.learnt)
	reasons:
		for _, l := range s.learnt {
			r := s.reason[l.v()]
			if r == noRef {
				continue
			}
			if r&pbFlag != 0 {
				r = s.pbReason(r, l.v())
			}
			for _, q := range s.lits(r) {
				y := q.v()
				if s.mark[y]&markSeen != 0 || s.level[y] == 0 {
					continue
				}
				if len(s.analyzed) >= limit {
					break reasons
				}
				s.mark[y] |= markSeen
				s.analyzed = append(s.analyzed, int32(y))
			}
		}
	}
	if s.sched.stable {
		for _, x := range s.analyzed {
			s.bumpScore(int(x))
		}
		s.decayScores()
		return
	}
	s.bumpQueue(s.analyzed)
}
