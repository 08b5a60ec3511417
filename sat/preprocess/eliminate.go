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

// cost orders the elimination heap: the number of resolution pairs.
func (s *simplifier) cost(v int) int64 {
	p := posLit(v)
	return int64(s.nocc[p]) * int64(s.nocc[p.not()])
}

// eligible reports whether v may still be eliminated.
func (s *simplifier) eligible(v int) bool {
	return !s.frozen[v] && !s.elim[v] && s.val[v] == 0
}

// touch records that the occurrences of v changed.
func (s *simplifier) touch(v int) {
	if s.heapOn && s.eligible(v) {
		s.heap.update(v)
	}
}

// eliminate runs elimination, interleaved with subsumption, until no
// variable qualifies or the work is stopped. It returns false when the
// formula has been found unsatisfiable.
func (s *simplifier) eliminate() bool {
	s.heapOn = true
	for v := 1; v <= s.nvars; v++ {
		if s.eligible(v) && s.nocc[posLit(v)]+s.nocc[posLit(v).not()] > 0 {
			s.heap.update(v)
		}
	}
	for {
		if !s.subsumeQueue() {
			return false
		}
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
	limit := len(pos) + len(neg) + s.grow
	count := 0
	for _, a := range pos {
		if s.budget >= 0 && s.ticks > s.budget {
			return
		}
		for _, b := range neg {
			r, ok := s.resolve(s.clauses[a].lits, s.clauses[b].lits, v, s.rbuf[:0])
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
	// by their resolvents.
	if len(pos) > len(neg) {
		for _, b := range neg {
			s.rec.pushClause(n, s.clauses[b].lits)
		}
		s.rec.pushUnit(p.ext())
	} else {
		for _, a := range pos {
			s.rec.pushClause(p, s.clauses[a].lits)
		}
		s.rec.pushUnit(n.ext())
	}
	s.elim[v] = true
	s.heap.remove(v)
	s.stats.Eliminated++
	for _, a := range pos {
		s.removeClause(a)
	}
	for _, b := range neg {
		s.removeClause(b)
	}
	for _, a := range pos {
		for _, b := range neg {
			r, ok := s.resolve(s.clauses[a].lits, s.clauses[b].lits, v, s.rbuf[:0])
			s.rbuf = r
			if !ok {
				continue
			}
			s.stats.Resolvents++
			s.addClause(s.alloc(r))
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

// alloc returns a copy of lits in storage owned by the simplifier, carved
// from large blocks to spare the allocator.
func (s *simplifier) alloc(lits []lit) []lit {
	if cap(s.slab)-len(s.slab) < len(lits) {
		s.slab = make([]lit, 0, max(1<<14, len(lits)))
	}
	start := len(s.slab)
	s.slab = append(s.slab, lits...)
	return s.slab[start:len(s.slab):len(s.slab)]
}
