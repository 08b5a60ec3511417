package cdcl

// The proof hook: the one place every clause the engine adds or deletes
// passes, so that a proof writer (sat/proof: DRAT text and binary, LRAT)
// can watch the engine without the engine knowing any format.
//
// Ids. Original clauses are numbered 1, 2, 3, … in the order of AddClause
// calls, every call counting, including tautologies and duplicates that
// the engine drops at once. Derived clauses continue above the largest id
// handed out so far. Ids are never reused; the arena header of every clause
// keeps its id whether or not a tracer is attached.
//
// Hints. Derived carries LRAT hints: ids of clauses alive at that moment
// which, taken in order under the negation of the derived clause, each
// become unit (and the last one falsified). Every derivation in the engine
// builds its hint chain the same way: the reason clauses used, sorted by
// the trail position of the literal each one implied (level-0 units first),
// then the falsified clause last. See analyze.go for why that order is a
// valid RUP chain.
//
// Level-0 units. Every literal fixed at level 0 has a unit clause in the
// proof, recorded in unitID: an original unit, a learnt unit, or a unit
// derived from its reason clause right after the propagation that fixed it
// (propagate.go). Level-0 literals then drop their reasons, so the engine
// may delete any clause without leaving a dangling reason.
//
// Cost when no proof is written: one nil test per derived clause; literals
// are converted to sat.Lit only when a tracer is attached.

import "github.com/satsolve/satsolve/sat"

// Tracer watches every clause the engine adds or deletes. Clause ids are
// stable and never reused: originals are numbered 1, 2, 3, … in the order
// of AddClause calls (every call counts, including tautologies and
// duplicates the engine drops at once), derived clauses continue above the
// largest id handed out so far.
type Tracer interface {
	// Original reports input clause id exactly as it was given to AddClause.
	Original(id uint64, lits []sat.Lit)
	// Derived reports a clause implied by the clauses alive so far. hints
	// are the LRAT hints: ids of clauses alive so far that, taken in this
	// order, become unit (and the last one falsified) under the negation
	// of lits — the antecedent chain of a reverse-unit-propagation check.
	// The empty clause (len(lits) == 0) ends a refutation.
	Derived(id uint64, lits []sat.Lit, hints []uint64)
	// Deleted reports that clause id (with these literals) is gone.
	Deleted(id uint64, lits []sat.Lit)
}

// SetTracer attaches t, which then sees every clause. It must be called
// before the first AddClause (a tracer that missed clauses could not check
// anything) and AddPB (a PB constraint has no clausal proof); it panics
// otherwise. A nil t detaches the tracer.
func (s *Solver) SetTracer(t Tracer) {
	if t != nil && s.nextID > 0 {
		panic("cdcl: SetTracer after AddClause")
	}
	if t != nil && len(s.pb.orig) > 0 {
		panic("cdcl: SetTracer after AddPB: pseudo-Boolean constraints have no clausal proof")
	}
	s.tracer = t
}

// newID hands out the next clause id.
func (s *Solver) newID() uint64 {
	s.nextID++
	return s.nextID
}

// extLits converts ls to external literals in a scratch buffer, valid
// until the next call.
func (s *Solver) extLits(ls []lit) []sat.Lit {
	s.extBuf = s.extBuf[:0]
	for _, l := range ls {
		s.extBuf = append(s.extBuf, l.ext())
	}
	return s.extBuf
}

// traceDerived reports a derived clause. The tracer must be attached.
func (s *Solver) traceDerived(id uint64, ls []lit, hints []uint64) {
	s.stats.ProofDerived++
	s.tracer.Derived(id, s.extLits(ls), hints)
}

// traceDeleted reports a deleted clause. The tracer must be attached.
func (s *Solver) traceDeleted(id uint64, ls []lit) {
	s.stats.ProofDeleted++
	s.tracer.Deleted(id, s.extLits(ls))
}

// unitHint appends the unit clause of level-0 variable x to the hint chain
// once per chain (the markUnit bit remembers; clearUnitMarks resets).
func (s *Solver) unitHint(x int) {
	if s.mark[x]&markUnit != 0 {
		return
	}
	s.mark[x] |= markUnit
	s.unitMarked = append(s.unitMarked, int32(x))
	s.unitHints = append(s.unitHints, s.unitID[x])
}

// clearUnitMarks forgets the units noted by unitHint.
func (s *Solver) clearUnitMarks() {
	for _, x := range s.unitMarked {
		s.mark[x] &^= markUnit
	}
	s.unitMarked = s.unitMarked[:0]
	s.unitHints = s.unitHints[:0]
}

// chainHints returns the hint chain: the noted units, then the reasons of
// the variables in vars sorted by trail position, then last (if not 0).
// It reorders vars.
func (s *Solver) chainHints(vars []int32, last uint64) []uint64 {
	sortByTrail(vars, s.trailPos)
	h := append(s.hints[:0], s.unitHints...)
	for _, x := range vars {
		h = append(h, s.id(s.reason[x]))
	}
	if last != 0 {
		h = append(h, last)
	}
	s.hints = h
	return h
}

// deriveUnit gives level-0 literal l, implied by reason r, a unit clause
// in the proof, and drops the reason. Every other literal of r is false at
// level 0 and has its unit already.
func (s *Solver) deriveUnit(l lit, r cref) {
	x := l.v()
	if s.tracer != nil {
		for _, o := range s.lits(r) {
			if o != l {
				s.unitHint(o.v())
			}
		}
		h := append(s.hints[:0], s.unitHints...)
		h = append(h, s.id(r))
		s.hints = h
		id := s.newID()
		s.traceDerived(id, []lit{l}, h)
		s.unitID[x] = id
		s.clearUnitMarks()
	}
	s.reason[x] = noRef
}

// deriveEmpty ends a refutation: conflict clause c is false at level 0.
func (s *Solver) deriveEmpty(c cref) {
	if s.tracer == nil {
		return
	}
	for _, o := range s.lits(c) {
		s.unitHint(o.v())
	}
	h := append(s.hints[:0], s.unitHints...)
	h = append(h, s.id(c))
	s.hints = h
	s.traceDerived(s.newID(), nil, h)
	s.clearUnitMarks()
}

// sortByTrail sorts variables by their trail position (insertion sort for
// short chains, the standard sort otherwise).
func sortByTrail(vars []int32, pos []int32) {
	if len(vars) < 24 {
		for i := 1; i < len(vars); i++ {
			x := vars[i]
			p := pos[x]
			j := i
			for j > 0 && pos[vars[j-1]] > p {
				vars[j] = vars[j-1]
				j--
			}
			vars[j] = x
		}
		return
	}
	sortInt32By(vars, func(x int32) int32 { return pos[x] })
}
