package preprocess

// Gate detection for variable elimination.
//
// When the clauses of x contain a definition of x in terms of other
// literals, most resolvents are redundant. Eén & Biere ("Effective
// Preprocessing in SAT through Variable and Clause Elimination", SAT 2005,
// section 4.2, "variable elimination by substitution") split the clauses
// of x into the gate G (the definition) and the rest R, and show that
//
//	∃x F  ≡  (F without x) ∧ R(G_x, R_¬x) ∧ R(R_x, G_¬x)
//
// where R(A, B) are the resolvents on x between A and B: replacing x by
// its definition in R yields exactly these clauses, the resolvents inside
// G are tautologies, and those inside R are implied. Fewer resolvents
// means more variables pass the elimination bound, which matters on
// circuits (model checking, arithmetic), where most variables are gate
// outputs. The result is the same existential quantification as plain
// elimination, so reconstruction is unchanged (see reconstruct.go).
//
// Only AND gates are detected, in either polarity of x: the binary
// clauses (¬y ∨ a_1), …, (¬y ∨ a_k) and the clause (y ∨ ¬a_1 ∨ … ∨ ¬a_k)
// define y = a_1 ∧ … ∧ a_k, where y is x or ¬x (so OR gates are
// included). Equivalences (k = 1) are usually gone already through
// equiv.go, but are found here too.

// findGate looks for an AND-gate definition of v among its positive
// clauses pos and negative clauses neg. It returns, for each clause of
// pos and of neg, whether it belongs to the gate, or nil, nil when there
// is no gate.
func (s *simplifier) findGate(v int, pos, neg []occurrence) (gp, gn []bool) {
	p := posLit(v)
	if gp, gn = s.andGate(p, pos, neg); gp != nil {
		return gp, gn
	}
	gn, gp = s.andGate(p.not(), neg, pos)
	return gp, gn
}

// andGate looks for y = a_1 ∧ … ∧ a_k with y the literal y: binaries
// (¬y ∨ a_i) among bins, the clauses containing ¬y, and the clause
// (y ∨ ¬a_1 ∨ … ∨ ¬a_k) among long, the clauses containing y.
func (s *simplifier) andGate(y lit, long, bins []occurrence) (gl, gb []bool) {
	other := func(id int32) (lit, bool) {
		if s.clauses[id].n != 2 {
			return 0, false
		}
		lits := s.lits(id)
		if lits[0] == y.not() {
			return lits[1], true
		}
		return lits[0], true
	}
	stamp := s.nextStamp()
	nb := 0
	for _, o := range bins {
		if a, ok := other(o.id); ok {
			s.mark[a] = stamp
			nb++
		}
	}
	s.ticks += int64(len(bins))
	if nb == 0 {
		return nil, nil
	}
	for i, o := range long {
		lits := s.lits(o.id)
		if len(lits)-1 > nb {
			continue
		}
		s.ticks += int64(len(lits))
		found := true
		for _, l := range lits {
			if l != y && s.mark[l.not()] != stamp {
				found = false
				break
			}
		}
		if !found {
			continue
		}
		// The gate: this clause and the binaries (¬y ∨ a) with ¬a in it.
		in := s.nextStamp()
		for _, l := range lits {
			s.mark[l.not()] = in
		}
		gl = make([]bool, len(long))
		gl[i] = true
		gb = make([]bool, len(bins))
		for j, o := range bins {
			if a, ok := other(o.id); ok && s.mark[a] == in {
				gb[j] = true
			}
		}
		s.stats.Gates++
		return gl, gb
	}
	return nil, nil
}
