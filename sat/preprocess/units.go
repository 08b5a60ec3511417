package preprocess

// Top-level unit propagation.
//
// A unit clause fixes its literal for every model, so the literal can be
// applied to the whole formula once and for all: clauses containing it are
// satisfied and removed, and its negation is deleted from the clauses that
// contain it, which may produce new units. With full occurrence lists this
// is a plain work-list algorithm, linear in the occurrences visited; no
// watched literals are needed because nothing is ever undone.
//
// Every fixed variable is recorded on the reconstruction stack as a unit,
// so Extend sets it whatever value the solver chose (the variable no longer
// occurs in the simplified formula unless it is frozen, in which case its
// unit clause is kept in the output so that assumptions and later clauses
// on it see the fixed value).
//
// Invariant after propagate returns without a conflict: no clause of the
// database contains an assigned variable.

// value returns +1 when l is true, -1 when false and 0 when unassigned.
func (s *simplifier) value(l lit) int8 {
	x := s.val[l.v()]
	if l.neg() {
		return -x
	}
	return x
}

// assign makes l true at the top level. Assigning a false literal makes
// the formula unsatisfiable.
func (s *simplifier) assign(l lit) {
	switch s.value(l) {
	case 1:
		return
	case -1:
		s.unsat = true
		return
	}
	if l.neg() {
		s.val[l.v()] = -1
	} else {
		s.val[l.v()] = 1
	}
	s.trail = append(s.trail, l)
	s.rec.pushUnit(l.ext())
	s.stats.Fixed++
	s.heap.remove(l.v())
}

// propagate applies every assigned literal not yet applied. It returns
// false when it derives the empty clause (s.unsat is then set). It always
// runs to completion, whatever the budget, because the invariant above is
// what makes the output correct.
func (s *simplifier) propagate() bool {
	for !s.unsat && s.qhead < len(s.trail) {
		l := s.trail[s.qhead]
		s.qhead++
		for _, o := range s.occ[l] {
			if !s.clauses[o.id].dead {
				s.removeClause(o.id)
			}
		}
		s.ticks += int64(len(s.occ[l]))
		s.occ[l] = nil
		f := l.not()
		list := s.occ[f]
		s.occ[f] = nil
		s.ticks += int64(len(list))
		for _, o := range list {
			id := o.id
			if s.clauses[id].dead {
				continue
			}
			rest := s.shrink(id, f)
			if len(rest) == 1 {
				s.assign(rest[0])
				s.removeClause(id)
				if s.unsat {
					return false
				}
				continue
			}
			s.enqueue(id)
		}
		s.touch(l.v())
	}
	return !s.unsat
}
