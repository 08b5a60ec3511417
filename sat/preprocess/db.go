package preprocess

// The clause database. Literals live in one arena, and a clause refers to
// its slice of the arena by offset, so the database holds no pointers for
// the garbage collector to scan and adding a clause costs no allocation.

// clause is a clause of the working formula. Its literals are sorted by
// code, distinct, free of complementary pairs and of assigned variables
// (once propagation has caught up), and there are at least two of them:
// units go to the trail, never to the clause database.
type clause struct {
	off, n uint32 // the literals are arena[off : off+n]
	sig    uint64 // signature: bit v mod 64 set for every variable v
	dead   bool   // removed (satisfied, subsumed, eliminated)
	queued bool   // waiting in the subsumption queue
}

// lits returns the literals of clause id. The slice is only valid until
// the next clause is added, which may move the arena.
func (s *simplifier) lits(id int32) []lit {
	c := &s.clauses[id]
	return s.arena[c.off : c.off+c.n : c.off+c.n]
}

// occurrence is an entry of an occurrence list: a clause and a 32-bit
// fold of its signature as it was when the entry was made. Clauses only
// shrink in place, so the folded signature stays a superset of the
// clause's current one, and subsumption can reject most candidates from
// the list alone, without touching the clause.
type occurrence struct {
	id  int32
	sig uint32
}

// fold folds a signature to 32 bits.
func fold(sig uint64) uint32 { return uint32(sig) | uint32(sig>>32) }

// signature returns the variable signature of lits.
func signature(lits []lit) uint64 {
	var s uint64
	for _, l := range lits {
		s |= 1 << (uint(l.v()) & 63)
	}
	return s
}

// addClause adds lits, which must be normalized (see normalize), as a new
// clause, copying them. The empty clause makes the formula unsatisfiable
// and a unit is assigned instead of stored; propagation is left to the
// caller.
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
	off := uint32(len(s.arena))
	s.arena = append(s.arena, lits...)
	sig := signature(lits)
	s.clauses = append(s.clauses, clause{off: off, n: uint32(len(lits)), sig: sig})
	o := occurrence{id, fold(sig)}
	for _, l := range lits {
		s.occ[l] = append(s.occ[l], o)
		s.nocc[l]++
		s.touch(l.v())
	}
	s.enqueue(id)
}

// removeClause deletes clause id. Occurrence lists drop it lazily (see
// occs); the live counts are updated at once.
func (s *simplifier) removeClause(id int32) {
	s.clauses[id].dead = true
	for _, l := range s.lits(id) {
		s.nocc[l]--
		s.touch(l.v())
	}
}

// shrink removes literal l from clause id, in place, and updates the
// signature and the count of l; the occurrence list of l is the caller's
// business. It returns the remaining literals.
func (s *simplifier) shrink(id int32, l lit) []lit {
	lits := s.lits(id)
	j := 0
	for _, k := range lits {
		if k != l {
			lits[j] = k
			j++
		}
	}
	c := &s.clauses[id]
	c.n = uint32(j)
	c.sig = signature(lits[:j])
	s.nocc[l]--
	return lits[:j]
}

// strengthen removes literal l from clause id (self-subsuming resolution)
// and queues the shorter clause for subsumption. A clause left with one
// literal becomes a unit on the trail.
func (s *simplifier) strengthen(id int32, l lit) {
	rest := s.shrink(id, l)
	s.touch(l.v())
	list := s.occ[l]
	for i, o := range list {
		if o.id == id {
			list[i] = list[len(list)-1]
			s.occ[l] = list[:len(list)-1]
			break
		}
	}
	s.ticks += int64(len(list))
	if len(rest) == 1 {
		s.assign(rest[0])
		s.removeClause(id)
		return
	}
	s.enqueue(id)
}

// occs returns the live clauses containing l, first dropping the dead ones
// from the list. The slice is only valid until the list changes.
func (s *simplifier) occs(l lit) []occurrence {
	list := s.occ[l]
	if len(list) == int(s.nocc[l]) {
		return list
	}
	j := 0
	for _, o := range list {
		if !s.clauses[o.id].dead {
			list[j] = o
			j++
		}
	}
	s.ticks += int64(len(list))
	s.occ[l] = list[:j]
	return s.occ[l]
}
