package preprocess

// Bounded variable elimination (BVE).
//
// Eliminating x replaces the clauses containing x or ¬x by all their
// non-tautological resolvents on x (Davis & Putnam 1960). The result is
// satisfiable exactly when the original is, and it says the same about
// every other variable: it is the existential quantification of x. The
// removed clauses go onto the reconstruction stack, from which Extend
// recomputes x (see reconstruct.go).
//
// Unrestricted, resolution blows up; SatELite (Eén & Biere, "Effective
// Preprocessing in SAT through Variable and Clause Elimination", SAT 2005,
// section 4) eliminates x only when the non-tautological resolvents are no
// more numerous than the clauses removed (plus Options.Grow), and MiniSat
// adds a limit on the length of every resolvent (Options.ClauseLimit). A
// pure literal (x never negated, or never positive) has no resolvents at
// all, so pure-literal elimination is the special case that always passes
// the bound.
//
// Variables are tried cheapest first, by the product of their positive
// and negative occurrence counts, from a heap that is updated whenever a
// variable's occurrences change; a variable whose clauses changed after a
// failed attempt is tried again, since the bound may now hold. Every
// resolvent is queued for backward subsumption, which runs before the
// next variable is tried, so resolvents that subsume or strengthen the
// remaining clauses do so at once and the next cost estimates see the
// shrunken formula. Frozen variables are never eliminated.
//
// Clauses are sorted by literal code, so a resolvent is a linear merge of
// its two parents that also detects tautologies.

// eligible reports whether v may still be eliminated.
func (s *simplifier) eligible(v int) bool {
	return !s.frozen[v] && !s.elim[v] && s.val[v] == 0
}

// touch records that the occurrences of v changed. The heap is updated
// lazily, in flushTouched, so a variable touched many times between two
// eliminations moves in the heap once.
func (s *simplifier) touch(v int) {
	if s.heapOn && !s.touched[v] {
		s.touched[v] = true
		s.touchedList = append(s.touchedList, int32(v))
	}
}

// flushTouched moves every touched variable to its place in the heap,
// inserting it if it is eligible again.
func (s *simplifier) flushTouched() {
	for _, v := range s.touchedList {
		s.touched[v] = false
		if s.eligible(int(v)) {
			s.heap.update(int(v))
		}
	}
	s.touchedList = s.touchedList[:0]
}

// eliminate runs elimination, interleaved with subsumption, until no
// variable qualifies or the work is stopped. It returns false when the
// formula has been found unsatisfiable.
func (s *simplifier) eliminate() bool {
	s.heapOn = true
	s.touched = make([]bool, s.nvars+1)
	for v := 1; v <= s.nvars; v++ {
		if s.eligible(v) && s.nocc[posLit(v)]+s.nocc[posLit(v).not()] > 0 {
			s.heap.update(v)
		}
	}
	for {
		if !s.subsumeQueue() {
			return false
		}
		s.flushTouched()
		if s.stopped() || s.heap.empty() {
			return true
		}
		v := s.heap.pop()
		if !s.eligible(v) {
			continue
		}
		s.tryEliminate(v)
		if !s.propagate() {
			return false
		}
	}
}

// tryEliminate eliminates v if the bound allows it.
func (s *simplifier) tryEliminate(v int) {
	p, n := posLit(v), posLit(v).not()
	pos, neg := s.occs(p), s.occs(n)
	if len(pos)+len(neg) == 0 {
		return
	}
	var gp, gn []bool // gate membership, nil without a gate
	if s.techs&Gates != 0 {
		gp, gn = s.findGate(v, pos, neg)
	}
	limit := len(pos) + len(neg) + s.grow
	count := 0
	for i, a := range pos {
		if s.stopped() {
			return
		}
		for j, b := range neg {
			if gp != nil && gp[i] == gn[j] {
				continue // inside the gate: tautology; outside: implied
			}
			r, ok := s.resolve(s.lits(a.id), s.lits(b.id), v, s.rbuf[:0])
			s.rbuf = r
			if !ok {
				continue
			}
			count++
			if count > limit || s.clauseLimit >= 0 && len(r) > s.clauseLimit {
				return
			}
		}
	}

	// The bound holds: save the smaller side, then replace the clauses
	// by their resolvents. Adding clauses never touches the lists of p
	// and n, so pos and neg stay valid.
	if len(pos) > len(neg) {
		for _, b := range neg {
			s.rec.pushClause(n, s.lits(b.id))
		}
		s.rec.pushUnit(p.ext())
	} else {
		for _, a := range pos {
			s.rec.pushClause(p, s.lits(a.id))
		}
		s.rec.pushUnit(n.ext())
	}
	s.elim[v] = true
	s.stats.Eliminated++
	for _, a := range pos {
		s.removeClause(a.id)
	}
	for _, b := range neg {
		s.removeClause(b.id)
	}
	for i, a := range pos {
		for j, b := range neg {
			if gp != nil && gp[i] == gn[j] {
				continue
			}
			r, ok := s.resolve(s.lits(a.id), s.lits(b.id), v, s.rbuf[:0])
			s.rbuf = r
			if !ok {
				continue
			}
			s.stats.Resolvents++
			s.addClause(r)
			if s.unsat {
				return
			}
		}
	}
	s.occ[p], s.occ[n] = nil, nil
}

// resolve appends to out the resolvent of the sorted clauses a and b on
// variable v. It reports false when the resolvent is a tautology.
func (s *simplifier) resolve(a, b []lit, v int, out []lit) ([]lit, bool) {
	s.ticks += int64(len(a) + len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		x, y := a[i], b[j]
		switch {
		case x.v() == v:
			i++
		case y.v() == v:
			j++
		case x == y:
			out = append(out, x)
			i++
			j++
		case x == y.not():
			return out, false
		case x < y:
			out = append(out, x)
			i++
		default:
			out = append(out, y)
			j++
		}
	}
	for ; i < len(a); i++ {
		if a[i].v() != v {
			out = append(out, a[i])
		}
	}
	for ; j < len(b); j++ {
		if b[j].v() != v {
			out = append(out, b[j])
		}
	}
	return out, true
}
