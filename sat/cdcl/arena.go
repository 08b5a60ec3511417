package cdcl

// The clause arena: every clause of length ≥ 2 lives in one flat []uint32.
//
// The arena's element type is lit, so a clause's literals are a subslice of
// it with no conversion; header words are stored in the same 32 bits.
// A clause is a header of hdrSize words followed by its literals:
//
//	word 0  size: the number of literals
//	word 1  flags (low 16 bits) and glue (high 16 bits, saturated)
//	word 2  clause id, low 32 bits
//	word 3  clause id, high 32 bits
//
// A clause reference (cref) is the offset of its header. Clauses are never
// allocated one by one on the Go heap: adding a clause appends to the
// arena, deleting one sets its garbage flag and counts its words as waste,
// and collect (below) compacts the arena by copying the live clauses into
// a second buffer, leaving a forwarding reference in each old header so
// that reasons and watches can be moved (MiniSat's ClauseAllocator and
// CaDiCaL's arena work the same way; N. Eén, N. Sörensson, An extensible
// SAT-solver, SAT 2003).
//
// The clause id is the stable name of the clause in proofs (see proof.go);
// it is kept whether or not a proof is written, because ids are handed out
// by AddClause from the first call on.
//
// Invariants: a live clause has size ≥ 2 and distinct variables; its
// literals 0 and 1 are its watches (see watch.go). A garbage clause is in
// no watch list and is nobody's reason once collect has run; until then
// it is skipped by every walk of the arena.

// cref is the offset of a clause header in the arena.
type cref uint32

// noRef is the reason of a decision, an assumption or a level-0 literal.
const noRef cref = ^cref(0)

// hdrSize is the number of header words before a clause's literals.
const hdrSize = 4

// Clause flags (low 16 bits of header word 1).
const (
	flagLearnt   = 1 << 0 // redundant: learnt or derived, may be deleted
	flagGarbage  = 1 << 1 // deleted, waiting for collect
	flagUsed1    = 1 << 2 // used in conflict analysis since the last reduce
	flagUsed2    = 1 << 3 // used, and counts twice (tier 2)
	flagVivified = 1 << 4 // vivify has tried this clause
	flagSubsume  = 1 << 5 // candidate for the next subsumption round
	flagMoved    = 1 << 6 // old copy during collect: word 2 is the new cref
	flagUsedMask = flagUsed1 | flagUsed2
)

// maxGlue is the largest glue the header stores.
const maxGlue = 1<<16 - 1

// clauseSize returns the number of literals of c.
func (s *Solver) clauseSize(c cref) int { return int(s.arena[c]) }

// lits returns the literals of c, aliasing the arena.
func (s *Solver) lits(c cref) []lit {
	n := cref(s.arena[c])
	return s.arena[c+hdrSize : c+hdrSize+n]
}

// flags returns the flag bits of c.
func (s *Solver) flags(c cref) uint32 { return uint32(s.arena[c+1]) & 0xffff }

// hasFlag reports whether c has every bit of f.
func (s *Solver) hasFlag(c cref, f uint32) bool { return uint32(s.arena[c+1])&f == f }

// setFlag sets the bits f of c.
func (s *Solver) setFlag(c cref, f uint32) { s.arena[c+1] |= lit(f) }

// clearFlag clears the bits f of c.
func (s *Solver) clearFlag(c cref, f uint32) { s.arena[c+1] &^= lit(f) }

// glue returns the stored glue of c.
func (s *Solver) glue(c cref) int { return int(s.arena[c+1] >> 16) }

// setGlue stores glue g of c, saturated.
func (s *Solver) setGlue(c cref, g int) {
	g = min(g, maxGlue)
	s.arena[c+1] = s.arena[c+1]&0xffff | lit(g)<<16
}

// id returns the proof id of c.
func (s *Solver) id(c cref) uint64 { return uint64(s.arena[c+2]) | uint64(s.arena[c+3])<<32 }

// setID sets the proof id of c.
func (s *Solver) setID(c cref, id uint64) {
	s.arena[c+2] = lit(uint32(id))
	s.arena[c+3] = lit(uint32(id >> 32))
}

// learnt reports whether c is redundant.
func (s *Solver) redundant(c cref) bool { return s.arena[c+1]&flagLearnt != 0 }

// garbage reports whether c is deleted.
func (s *Solver) garbage(c cref) bool { return s.arena[c+1]&flagGarbage != 0 }

// next returns the reference of the clause after c in the arena.
func (s *Solver) next(c cref) cref { return c + hdrSize + cref(s.arena[c]) }

// alloc appends a clause with the given literals, flags, glue and id to
// the arena and returns its reference. It does not watch it.
func (s *Solver) alloc(ls []lit, flags uint32, glue int, id uint64) cref {
	c := cref(len(s.arena))
	if uint64(c)+uint64(hdrSize+len(ls)) >= uint64(noRef>>1) {
		panic("cdcl: clause arena exceeds 2^31 words")
	}
	glue = min(glue, maxGlue)
	s.arena = reserve(s.arena, hdrSize+len(ls))
	s.arena = append(s.arena, lit(len(ls)), lit(flags)|lit(glue)<<16, lit(uint32(id)), lit(uint32(id>>32)))
	s.arena = append(s.arena, ls...)
	if flags&flagLearnt != 0 {
		s.stats.Learnt++
		s.numLearnt++
	} else {
		s.numIrred++
	}
	return c
}

// reserve returns a with room for extra more elements, doubling its
// capacity when it must grow (append grows large slices by only 1.25×,
// which copies and touches about five times the final size while a
// formula is added clause by clause; doubling halves that, and fresh
// pages are expensive to fault in). From 2^22 elements on it grows by
// half instead: on a formula of ten million clauses doubling left the
// arena's capacity at 1.9× what it held.
func reserve[T any](a []T, extra int) []T {
	need := len(a) + extra
	if need <= cap(a) {
		return a
	}
	grown := 2 * cap(a)
	if cap(a) >= 1<<22 {
		grown = cap(a) + cap(a)/2 // a large formula: less spare capacity
	}
	b := make([]T, len(a), max(grown, need, 1024))
	copy(b, a)
	return b
}

// free marks c as garbage: its words count as waste until collect. The
// caller reports the deletion to the proof (deleteClause does both).
func (s *Solver) free(c cref) {
	if s.garbage(c) {
		return
	}
	s.setFlag(c, flagGarbage)
	s.waste += hdrSize + s.clauseSize(c)
	s.watchedGarbage = true
	if s.redundant(c) {
		s.numLearnt--
		s.stats.Deleted++
	} else {
		s.numIrred--
	}
}

// deleteClause reports c's deletion to the proof and frees it. c must not
// be the reason of an assigned literal above level 0 (level-0 literals
// have no reasons; see propagate.go).
func (s *Solver) deleteClause(c cref) {
	if s.tracer != nil {
		s.traceDeleted(s.id(c), s.lits(c))
	}
	s.free(c)
}

// collect removes garbage: it drops the watches of garbage clauses and, when
// enough of the arena is waste, compacts the arena into the spare buffer and
// moves every reference (watches, reasons) to the new offsets. It must run
// after every batch of deletions and before the next propagation. Clause
// references held elsewhere are invalid after it.
func (s *Solver) collect() {
	if s.waste == 0 {
		return
	}
	compact := s.waste*4 >= len(s.arena) || s.waste > 1<<20
	if !compact {
		s.flushWatches()
		return
	}
	s.moveClauses()
	for l := range s.watches {
		ws := s.watches[l]
		j := 0
		for _, w := range ws {
			c := w.ref &^ binFlag
			if s.garbage(c) {
				continue
			}
			w.ref = s.forward(c) | w.ref&binFlag
			ws[j] = w
			j++
		}
		clear(ws[j:])
		s.watches[l] = ws[:j]
	}
	for _, l := range s.trail {
		x := l.v()
		if r := s.reason[x]; r&pbFlag == 0 { // neither noRef nor a PB constraint
			s.reason[x] = s.forward(r)
		}
	}
	s.arena, s.spare = s.spare, s.arena[:0]
	s.watchedGarbage = false
	s.stats.Collections++
	s.waste = 0
}

// flushWatches drops the watches of garbage clauses without moving any
// clause, so that clause references held by an inprocessing round stay
// valid.
func (s *Solver) flushWatches() {
	if !s.watchedGarbage {
		return
	}
	s.watchedGarbage = false
	for l := range s.watches {
		ws := s.watches[l]
		j := 0
		for _, w := range ws {
			if !s.garbage(w.ref &^ binFlag) {
				ws[j] = w
				j++
			}
		}
		clear(ws[j:])
		s.watches[l] = ws[:j]
	}
}

// moveClauses copies the live clauses of the arena into the spare buffer
// and leaves in each old header the flagMoved flag and the new reference.
func (s *Solver) moveClauses() {
	live := len(s.arena) - s.waste
	if cap(s.spare) < live || cap(s.spare) > 4*live+1024 {
		s.spare = make([]lit, 0, live+live/2+16)
	}
	dst := s.spare[:0]
	for c := cref(0); int(c) < len(s.arena); {
		n := s.next(c)
		if !s.garbage(c) {
			nc := cref(len(dst))
			dst = append(dst, s.arena[c:n]...)
			s.arena[c+1] |= flagMoved
			s.arena[c+2] = lit(nc)
		}
		c = n
	}
	s.spare = dst
}

// forward returns the new reference of a live clause moved by moveClauses.
func (s *Solver) forward(c cref) cref { return cref(s.arena[c+2]) }
