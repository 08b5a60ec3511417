package cdcl

// Bounded variable elimination (N. Eén, A. Biere, Effective preprocessing
// in SAT through variable and clause elimination, SAT 2005; CaDiCaL's
// elim.cpp, without gate detection).
//
// Eliminating variable x replaces the irredundant clauses that contain x or
// ¬x by all their non-tautological resolvents on x, when there are no more
// resolvents than clauses removed and none is longer than ElimClauseMax
// (with ElimLits, also no more literals in the resolvents than in the
// clauses removed: without it, eliminating along an XOR chain turns
// 3-literal XORs into 4-literal ones, and dubois25 needs 4,158 conflicts
// instead of 148).
// The result is satisfiable exactly when the clauses were, and a model of
// it extends to one of them (extend.go). Variables are tried in order of
// the product of their positive and negative occurrence counts, smallest
// first, skipping frozen ones and ones with more than ElimOccMax
// occurrences of a sign; learnt clauses that mention an eliminated
// variable are deleted. A round repeats its pass, over the variables of
// the clauses the last pass removed, until a pass eliminates nothing or
// the effort is spent (SatELite's fixpoint: along an XOR chain each
// elimination is what lets the next variable go; one pass left dubois100
// to 27,023 conflicts of search, the fixpoint refutes it).
//
// When: elimination runs only inside the first Solve, and only if it has
// no assumptions: an incremental session (assumptions, later calls) never
// eliminates, since a variable it assumes or mentions again would have to
// be restored. If a later AddClause or assumption does mention an
// eliminated variable anyway, restore (extend.go) puts its clauses back.
//
// Proof: each resolvent is derived with hints (the clause with x, the
// clause with ¬x): under its negation the first is unit on x, the second
// then falsified. The eliminated clauses are not reported deleted, so that
// a later restore may use them again under their ids; a proof checker only
// holds a few more clauses alive.
//
// Invariant kept: no live clause contains an eliminated variable, and the
// extension stack holds every clause removed by elimination, in order.

import "slices"

// elimAllowed reports whether variables may be eliminated in this Solve.
func (s *Solver) elimAllowed() bool {
	return s.opts.Elim != 0 && s.stats.Solves == 1 && len(s.assumptions) == 0 && !s.assumedEver
}

// eliminate runs one elimination round at level 0 after a complete
// propagation. It returns false when a unit resolvent refutes the clauses.
//
// The round runs passes until one eliminates nothing or the budget is
// spent (SatELite's fixpoint): the first pass tries every candidate, each
// later pass only the variables of the clauses the pass before removed,
// since an elimination changes its neighbours' occurrence counts and so
// what the bound allows (along an XOR chain, eliminating one variable is
// what lets the next go). Between passes the level-0 state is brought up
// to date (units of resolvents propagated, satisfied clauses removed).
func (s *Solver) eliminate() bool {
	s.stats.ElimRounds++
	budget := s.effort(s.opts.ElimEffort, &s.sched.elimTicks)
	defer func() { s.sched.elimTicks = s.stats.Ticks }()
	touched := make([]bool, s.nvars)
	for x := range touched {
		touched[x] = true
	}
	steps := 0
	for steps <= budget {
		eliminated, units := s.elimPass(touched, budget, &steps)
		if eliminated > 0 {
			s.dropEliminatedLearnts()
		}
		for _, u := range units {
			if !s.fixUnit(u.l, u.id) {
				return false
			}
		}
		if eliminated == 0 {
			break
		}
		if !s.toLevel0() {
			return false
		}
	}
	return true
}

// elimPass runs one pass over the touched candidates, smallest occurrence
// product first, clears touched and marks the variables of every removed
// clause. It returns the number of variables eliminated and the unit
// resolvents (the pass stops at the first: its units change the level-0
// state that the occurrence lists describe).
func (s *Solver) elimPass(touched []bool, budget int, steps *int) (int, []unitResolvent) {
	occs := s.occurrences()
	for c := cref(0); int(c) < len(s.arena); c = s.next(c) {
		if s.garbage(c) || s.redundant(c) {
			continue
		}
		for _, l := range s.lits(c) {
			occs[l] = append(occs[l], c)
		}
		*steps += s.clauseSize(c)
	}
	defer s.freeOccurrences(occs)
	var cands []int32
	for x := 0; x < s.nvars; x++ {
		if touched[x] && s.elimCandidate(x) {
			cands = append(cands, int32(x))
		}
		touched[x] = false
	}
	score := func(x int32) int { return len(occs[2*x]) * len(occs[2*x+1]) }
	slices.SortFunc(cands, func(a, b int32) int { return score(a) - score(b) })
	eliminated := 0
	for _, x := range cands {
		if *steps > budget {
			break
		}
		if !s.elimCandidate(int(x)) {
			continue
		}
		units, ok := s.tryEliminate(int(x), occs, steps, touched)
		if !ok {
			continue
		}
		eliminated++
		if len(units) > 0 {
			return eliminated, units
		}
	}
	return eliminated, nil
}

// elimCandidate reports whether x may be eliminated.
func (s *Solver) elimCandidate(x int) bool {
	return !s.elim[x] && s.frozen[x] == 0 && s.vals[2*x] == 0
}

// unitResolvent is a unit clause produced by elimination.
type unitResolvent struct {
	l  lit
	id uint64
}

// tryEliminate eliminates x if the bound allows, updating the occurrence
// lists. It returns the unit resolvents (to be fixed by the caller) and
// whether x was eliminated.
func (s *Solver) tryEliminate(x int, occs [][]cref, steps *int, touched []bool) ([]unitResolvent, bool) {
	pl, nl := mkLit(x, false), mkLit(x, true)
	pos, neg := s.liveOccs(occs, pl), s.liveOccs(occs, nl)
	if len(pos)+len(neg) == 0 || len(pos) > s.opts.ElimOccMax || len(neg) > s.opts.ElimOccMax {
		return nil, false
	}
	for _, c := range pos {
		if s.clauseSize(c) > s.opts.ElimClauseMax {
			return nil, false
		}
	}
	for _, c := range neg {
		if s.clauseSize(c) > s.opts.ElimClauseMax {
			return nil, false
		}
	}
	// Count the resolvents first; give up as soon as the bound fails.
	bound := len(pos) + len(neg)
	litBound := 0
	if s.opts.ElimLits != 0 {
		for _, c := range pos {
			litBound += s.clauseSize(c)
		}
		for _, c := range neg {
			litBound += s.clauseSize(c)
		}
	}
	count, lits := 0, 0
	for _, c := range pos {
		for _, l := range s.lits(c) {
			s.lmark[l] = 1
		}
		for _, d := range neg {
			*steps += s.clauseSize(d)
			if n, taut := s.resolventSize(c, d, nl); !taut {
				count++
				lits += n
				if count > bound || n > s.opts.ElimClauseMax || litBound > 0 && lits > litBound {
					count = bound + 1
					break
				}
			}
		}
		for _, l := range s.lits(c) {
			s.lmark[l] = 0
		}
		if count > bound {
			return nil, false
		}
	}
	// Eliminate: derive the resolvents, save x's clauses for the model,
	// remove them, then add the resolvents.
	var units []unitResolvent
	type resolvent struct {
		lits []lit
		id   uint64
	}
	var res []resolvent
	for _, c := range pos {
		for _, d := range neg {
			ls, ok := s.resolve(c, d, pl)
			if !ok {
				continue
			}
			id := s.newID()
			if s.tracer != nil {
				s.traceDerived(id, ls, append(s.hints[:0], s.id(c), s.id(d)))
			}
			res = append(res, resolvent{slices.Clone(ls), id})
		}
	}
	for _, cs := range [2][]cref{pos, neg} {
		for _, c := range cs {
			for _, l := range s.lits(c) {
				touched[l.v()] = true
			}
		}
	}
	for _, c := range pos {
		s.pushExtension(pl, c)
		s.free(c)
	}
	for _, c := range neg {
		s.pushExtension(nl, c)
		s.free(c)
	}
	s.markEliminated(x)
	for _, r := range res {
		if len(r.lits) == 1 {
			units = append(units, unitResolvent{r.lits[0], r.id})
			continue
		}
		c := s.alloc(r.lits, 0, 0, r.id)
		s.attach(c)
		for _, l := range r.lits {
			occs[l] = append(occs[l], c)
		}
	}
	s.stats.Resolvents += uint64(len(res))
	return units, true
}

// liveOccs drops garbage from the occurrence list of l and returns it.
func (s *Solver) liveOccs(occs [][]cref, l lit) []cref {
	j := 0
	for _, c := range occs[l] {
		if !s.garbage(c) {
			occs[l][j] = c
			j++
		}
	}
	occs[l] = occs[l][:j]
	return occs[l]
}

// resolventSize returns the size of the resolvent of the marked clause c
// with d on nl ∈ d, and whether it is a tautology.
func (s *Solver) resolventSize(c, d cref, nl lit) (int, bool) {
	n := s.clauseSize(c) - 1
	for _, l := range s.lits(d) {
		switch {
		case l == nl:
		case s.lmark[l.not()] != 0:
			return 0, true
		case s.lmark[l] == 0:
			n++
		}
	}
	return n, false
}

// resolve returns the resolvent of c ∋ pl and d ∋ ¬pl in a scratch buffer,
// and false if it is a tautology.
func (s *Solver) resolve(c, d cref, pl lit) ([]lit, bool) {
	ls := s.addBuf[:0]
	for _, l := range s.lits(c) {
		if l != pl {
			s.lmark[l] = 1
			ls = append(ls, l)
		}
	}
	taut := false
	for _, l := range s.lits(d) {
		switch {
		case l == pl.not():
		case s.lmark[l.not()] != 0:
			taut = true
		case s.lmark[l] == 0:
			s.lmark[l] = 1
			ls = append(ls, l)
		}
	}
	for _, l := range ls {
		s.lmark[l] = 0
	}
	s.addBuf = ls
	return ls, !taut
}

// dropEliminatedLearnts deletes the learnt clauses that mention an
// eliminated variable.
func (s *Solver) dropEliminatedLearnts() {
	for c := cref(0); int(c) < len(s.arena); c = s.next(c) {
		if s.garbage(c) || !s.redundant(c) {
			continue
		}
		for _, l := range s.lits(c) {
			if s.elim[l.v()] {
				s.deleteClause(c)
				break
			}
		}
	}
}
