package preprocess

// Backward subsumption and self-subsuming resolution (strengthening).
//
// A clause C subsumes D when C ⊆ D: D is then implied by C and can be
// removed. When C = {l} ∪ C' and D ⊇ {¬l} ∪ C', resolving C with D on l
// gives D \ {¬l}, which subsumes D, so D can be strengthened by dropping
// ¬l ("self-subsuming resolution", Eén & Biere, "Effective Preprocessing
// in SAT through Variable and Clause Elimination", SAT 2005, section 3).
// Both keep the formula logically equivalent, so they need no
// reconstruction.
//
// The check is backward, as in SatELite: each queued clause C looks for
// the clauses it subsumes or strengthens. Every such D contains some
// literal of C, or its negation for the strengthening pivot, so it is
// enough to scan the occurrence lists of l and ¬l for the literal l of C
// whose variable occurs least. The candidates are filtered by length and
// by a 64-bit signature (the set of variables mod 64: C can only subsume or
// strengthen D when sig(C) ⊆ sig(D)), and the survivors are compared
// against marks on C's literals in time linear in |D|. Very long
// candidates are skipped, as in MiniSat (subsumption_lim).
//
// The queue initially holds every clause; afterwards it receives every
// new clause (resolvents) and every clause that got shorter, since a
// shorter clause may subsume more.

// subsumeLimit is the length above which a candidate clause is not
// checked for subsumption (MiniSat's subsumption_lim).
const subsumeLimit = 1000

// enqueue schedules clause id for a backward subsumption check.
func (s *simplifier) enqueue(id int32) {
	if !s.subsuming {
		return
	}
	c := &s.clauses[id]
	if c.queued {
		return
	}
	c.queued = true
	s.queue = append(s.queue, id)
}

// subsumeQueue checks every queued clause until the queue is empty or the
// work is stopped, propagating the units found. It returns false when the
// formula has been found unsatisfiable.
func (s *simplifier) subsumeQueue() bool {
	for s.qi < len(s.queue) {
		if s.stopped() {
			return !s.unsat
		}
		if s.queueEnd >= 0 && s.ticks > s.queueEnd {
			for _, id := range s.queue[s.qi:] {
				s.clauses[id].queued = false
			}
			break
		}
		id := s.queue[s.qi]
		s.qi++
		c := &s.clauses[id]
		c.queued = false
		if c.dead {
			continue
		}
		s.backwardSubsume(id)
		if !s.propagate() {
			return false
		}
	}
	s.queue = s.queue[:0]
	s.qi = 0
	return !s.unsat
}

// backwardSubsume removes the clauses that clause id subsumes and
// strengthens those it strengthens. It leaves propagation to the caller.
func (s *simplifier) backwardSubsume(id int32) {
	c := s.clauses[id]
	lits := s.lits(id) // valid throughout: no clause is added below
	best := lits[0]
	bestN := s.nocc[best] + s.nocc[best.not()]
	for _, l := range lits[1:] {
		if n := s.nocc[l] + s.nocc[l.not()]; n < bestN {
			best, bestN = l, n
		}
	}
	stamp := s.nextStamp()
	for _, l := range lits {
		s.mark[l] = stamp
	}
	cands := append(s.scratch[:0], s.occs(best)...)
	if s.techs&Strengthening != 0 {
		cands = append(cands, s.occs(best.not())...)
	}
	s.scratch = cands
	s.ticks += int64(len(cands))
	csig := fold(c.sig)
	for _, o := range cands {
		d := o.id
		if d == id || csig&^o.sig != 0 {
			continue
		}
		dc := &s.clauses[d]
		if dc.dead || dc.n < c.n || dc.n > subsumeLimit || c.sig&^dc.sig != 0 {
			continue
		}
		s.ticks += int64(dc.n)
		match, flips, flip := 0, 0, lit(0)
		for _, k := range s.lits(d) {
			if s.mark[k] == stamp {
				match++
			} else if s.mark[k.not()] == stamp {
				flips++
				flip = k
			}
		}
		switch {
		case flips == 0 && match == int(c.n):
			if s.techs&Subsumption != 0 {
				s.removeClause(d)
				s.stats.Subsumed++
			}
		case flips == 1 && match == int(c.n)-1:
			if s.techs&Strengthening != 0 {
				s.strengthen(d, flip)
				s.stats.Strengthened++
			}
		}
	}
}

// nextStamp returns a fresh mark value, clearing the marks on wrap-around.
func (s *simplifier) nextStamp() uint32 {
	s.stamp++
	if s.stamp == 0 {
		clear(s.mark)
		s.stamp = 1
	}
	return s.stamp
}
