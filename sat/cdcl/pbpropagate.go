package cdcl

// Propagation of PB constraints by their slack (the counter-based scheme:
// Chai, Kuehlmann 2005; clasp's WeightConstraint, sat4j's counter
// constraints; J. Devriendt, Watched propagation of 0-1 integer linear
// constraints, CP 2020, compares it with watched schemes).
//
// The slack of Σ cᵢ·lᵢ ≥ K is Σ{cᵢ : lᵢ not false} − K. When it is
// negative the constraint is falsified; otherwise every unassigned lᵢ
// with cᵢ > slack must be true, since without it the sum cannot reach K.
// Each constraint keeps its slack as a counter: when a literal of it
// becomes false the slack drops by its coefficient, and backtracking gives
// it back. Terms are sorted by coefficient, largest first, so a drop
// below the largest coefficient is the only time to look for implied
// literals, and the look stops at the first coefficient within the slack.
// It starts where the last look stopped (scan): every term before that
// was assigned then, and stays assigned until a backtrack below the level
// of that look, which undoes the false literal that caused it and so
// resets scan to 0. Without it, a long constraint whose slack shrinks
// literal by literal is rescanned from the top every time (p6000's
// knapsacks of 6,000 terms spent 40% of the search in those rescans).
//
// Why counters rather than watches: Devriendt measures watched slack
// faster than counters on long constraints with loose bounds, and the
// difference small once clauses and cardinality constraints have their own
// routines. Here clauses keep theirs (watch.go), normalisation turns a
// constraint whose coefficients all equal K into a clause, and small ones
// may become clauses (pb.go); counters keep the rest simple, and they
// give the explanation for free: each constraint records its false
// literals in the order it accounted for them, which is trail order
// (pbexplain.go).
//
// Order. propagate runs the clauses to a fixpoint first (propagate.go),
// then accounts for trail literals in the PB constraints from s.pb.head on,
// one literal at a time, going back to the clauses as soon as a PB
// constraint implied something. A literal is accounted for in every
// constraint it occurs in before propagation looks at a conflict, so that
// the counters stay exact whatever happens next.
//
// Invariant (checked by invariants_test.go): for every constraint, slack =
// Σcᵢ − K − Σ{cᵢ : lᵢ false at a trail position below s.pb.head},
// s.pb.falsed holds exactly those literals in trail order, and the terms
// before scan are assigned. After a
// complete propagation (s.pb.head = len(trail)), every slack is ≥ 0 and no
// unassigned literal has a coefficient above its constraint's slack. A
// literal implied by constraint p has reason pbFlag|p, at the current
// decision level (chronological backtracking is off with PB constraints,
// analyze.go).

// propagate runs unit propagation over the clauses and, when there are
// any, the PB constraints; it returns the falsified clause or constraint,
// or noRef. A CNF pays one test per call for the PB constraints.
func (s *Solver) propagate() cref {
	if s.pb.occs == nil {
		return s.propagateClauses()
	}
	return s.propagateMixed()
}

// propagateMixed alternates clause and PB propagation to a common
// fixpoint. When the stop flag ends it early, it returns noRef with the
// trail not wholly propagated, as propagateClauses does.
func (s *Solver) propagateMixed() cref {
	for {
		if c := s.propagateClauses(); c != noRef || s.qhead < len(s.trail) {
			return c // a conflict, or stopped
		}
		if s.pb.head == len(s.trail) {
			return noRef
		}
		if c := s.propagatePB(); c != noRef {
			return c
		}
		if s.qhead == len(s.trail) {
			return noRef // done, or stopped with PB literals left
		}
	}
}

// propagatePB accounts for the trail literals from s.pb.head on in the PB
// constraints, assigning the literals they imply. It returns after the
// first literal that implied something (the clauses go first), at a
// conflict (returning the constraint, with that literal fully accounted
// for), at the end of the trail, or when the stop flag is set.
func (s *Solver) propagatePB() cref {
	p := &s.pb
	lvl := int32(len(s.lim))
	start := p.head
	ticks := 0
	for p.head < len(s.trail) {
		if (p.head-start)&stopCheckMask == stopCheckMask && s.stop != nil && s.stop.Load() {
			break
		}
		end := len(s.trail)
		np := s.trail[p.head] ^ 1
		p.head++
		confl := noRef
		occs := p.occs[np]
		ticks += len(occs)
		for _, o := range occs {
			c := &p.cons[o.p]
			p.falsed[c.start+c.nfalse] = pbTerm{o.coef, np}
			c.nfalse++
			c.slack -= o.coef
			if confl != noRef || c.slack >= p.terms[c.start].coef {
				continue
			}
			if c.slack < 0 {
				confl = pbFlag | cref(o.p)
				continue
			}
			r := pbFlag | cref(o.p)
			i := c.scan
			for ; i < c.n; i++ {
				t := p.terms[c.start+i]
				if t.coef <= c.slack {
					break
				}
				if s.vals[t.l] == 0 {
					s.assign(t.l, lvl, r)
					s.stats.PBImplied++
				}
			}
			c.scan = i
		}
		if confl != noRef {
			s.stats.PBConflicts++
			s.sched.ticks += uint64(ticks)
			s.stats.Ticks += uint64(ticks)
			return confl
		}
		if len(s.trail) > end {
			break
		}
	}
	s.sched.ticks += uint64(ticks)
	s.stats.Ticks += uint64(ticks)
	return noRef
}

// pbUndo gives back to the PB constraints the slack of the literals at
// trail positions from start on that propagation accounted for (backtrack
// calls it before it unassigns them).
func (s *Solver) pbUndo(start int) {
	p := &s.pb
	for i := p.head - 1; i >= start; i-- {
		for _, o := range p.occs[s.trail[i]^1] {
			c := &p.cons[o.p]
			c.slack += o.coef
			c.nfalse--
			c.scan = 0
		}
	}
	p.head = start
}
