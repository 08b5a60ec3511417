package preprocess

// clause is a clause of the working formula. Its literals are sorted by
// code, distinct, free of complementary pairs and of assigned variables
// (once propagation has caught up), and there are at least two of them:
// units go to the trail, never to the clause database.
type clause struct {
	lits   []lit
	sig    uint64 // signature: bit v mod 64 set for every variable v
	dead   bool   // removed (satisfied, subsumed, eliminated)
	queued bool   // waiting in the subsumption queue
}

// signature returns the variable signature of lits.
func signature(lits []lit) uint64 {
	var s uint64
	for _, l := range lits {
		s |= 1 << (uint(l.v()) & 63)
	}
	return s
}

// addClause adds lits, which must be normalized (see normalize), as a new
// clause. The empty clause makes the formula unsatisfiable and a unit is
// assigned instead of stored; propagation is left to the caller.
func (s *simplifier) addClause(lits []lit) {
	switch len(lits) {
	case 0:
		s.unsat = true
		return
	case 1:
		s.assign(lits[0])
		return
	}
	id := int32(len(s.clauses))
	s.clauses = append(s.clauses, clause{lits: lits, sig: signature(lits)})
	for _, l := range lits {
		s.occ[l] = append(s.occ[l], id)
		s.nocc[l]++
		s.touch(l.v())
	}
	s.enqueue(id)
}

// removeClause deletes clause id. Occurrence lists drop it lazily (see
// occs); the live counts are updated at once.
func (s *simplifier) removeClause(id int32) {
	c := &s.clauses[id]
	c.dead = true
	for _, l := range c.lits {
		s.nocc[l]--
		s.touch(l.v())
	}
}

// strengthen removes literal l from clause id (self-subsuming resolution
// or a false literal) and queues the shorter clause for subsumption. A
// clause left with one literal becomes a unit on the trail.
func (s *simplifier) strengthen(id int32, l lit) {
	c := &s.clauses[id]
	j := 0
	for _, k := range c.lits {
		if k != l {
			c.lits[j] = k
			j++
		}
	}
	c.lits = c.lits[:j]
	c.sig = signature(c.lits)
	s.nocc[l]--
	s.touch(l.v())
	list := s.occ[l]
	for i, o := range list {
		if o == id {
			list[i] = list[len(list)-1]
			s.occ[l] = list[:len(list)-1]
			break
		}
	}
	s.ticks += int64(len(list))
	if len(c.lits) == 1 {
		s.assign(c.lits[0])
		s.removeClause(id)
		return
	}
	s.enqueue(id)
}

// occs returns the live clauses containing l, first dropping the dead ones
// from the list. The slice is only valid until the list changes.
func (s *simplifier) occs(l lit) []int32 {
	list := s.occ[l]
	if len(list) == int(s.nocc[l]) {
		return list
	}
	j := 0
	for _, id := range list {
		if !s.clauses[id].dead {
			list[j] = id
			j++
		}
	}
	s.ticks += int64(len(list))
	s.occ[l] = list[:j]
	return s.occ[l]
}
