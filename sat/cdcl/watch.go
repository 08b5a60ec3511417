package cdcl

// Two watched literals with blocking literals, binary clauses inline.
//
// Every live clause is watched by its first two literals: it sits in the
// watch lists of lits[0] and lits[1]. watches[l] holds the clauses that
// must be visited when l becomes false (M. Moskewicz et al., Chaff, DAC
// 2001). The invariant after a complete propagation, in the relaxed form
// that blocking literals need (CaDiCaL's): for every clause, if a watched
// literal w is false then the clause has a true literal assigned at a
// level no higher than w's (the other watch, or the blocking literal), so
// backtracking cannot leave w false with the clause unsatisfied.
//
// A watch carries a blocking literal (N. Sörensson, A. Biere, Minimizing
// learned clauses, SAT 2009; C. Chu, A. Harwood, P. Stuckey, Cache
// conscious data structures for Boolean satisfiability solvers, JSAT
// 2009): some other literal of the clause; when it is true the clause is
// satisfied and the arena is not touched. For a binary clause the blocking
// literal is the other literal, and the watch is flagged (binFlag in ref):
// propagation never reads a binary clause's memory, it assigns or conflicts
// on the blocking literal alone (CaDiCaL, Kissat).

import (
	"context"
	"slices"
)

// binFlag marks the watch of a binary clause (top bit of ref).
const binFlag cref = 1 << 31

// watch is one entry of a watch list.
type watch struct {
	blit lit  // blocking literal: a literal of the clause, not the watched one
	ref  cref // clause reference, with binFlag for binary clauses
}

// attach adds c's two watches.
func (s *Solver) attach(c cref) {
	ls := s.lits(c)
	if len(ls) == 2 {
		s.watches[ls[0]] = append(s.watches[ls[0]], watch{ls[1], c | binFlag})
		s.watches[ls[1]] = append(s.watches[ls[1]], watch{ls[0], c | binFlag})
		return
	}
	s.watches[ls[0]] = append(s.watches[ls[0]], watch{ls[1], c})
	s.watches[ls[1]] = append(s.watches[ls[1]], watch{ls[0], c})
}

// flushAttach watches the original clauses AddClause left unwatched
// (addNormalized), all at once: it counts the new watches of each literal
// first, so that every list grows once to its exact size, and the lists
// that were empty share one allocation cut into disjoint pieces (a
// piece's capacity ends where the next begins, so an append beyond it
// reallocates that list alone). Adding a large formula thus costs one
// allocation for all its watches instead of a few per literal, and no
// spare capacity. Solve calls it before anything reads a watch list.
//
// It watches ctx every attachCheck clauses, so that a deadline is kept on
// a formula of millions of clauses: when ctx ends it returns ctx.Err()
// with the clauses from s.attachFrom on still unwatched (s.unattached
// stays set), and the next Solve goes on from there.
func (s *Solver) flushAttach(ctx context.Context) error {
	if !s.unattached {
		return nil
	}
	from := s.attachFrom
	count := growTo(s.countBuf[:0], 2*s.nvars)
	clear(count)
	i := 0
	for c := from; int(c) < len(s.arena); c = s.next(c) {
		if i++; i%attachCheck == 0 && ctx.Err() != nil {
			s.countBuf = count[:0]
			return ctx.Err()
		}
		if !s.garbage(c) {
			count[s.arena[c+hdrSize]]++
			count[s.arena[c+hdrSize+1]]++
		}
	}
	shared := 0
	for l, n := range count {
		if n > 0 && cap(s.watches[l]) == 0 {
			shared += int(n)
		}
	}
	pool := make([]watch, shared)
	for l, c := range count {
		if c == 0 {
			continue
		}
		n := int(c)
		ws := s.watches[l]
		switch {
		case cap(ws) == 0:
			s.watches[l], pool = pool[:0:n], pool[n:]
		case cap(ws)-len(ws) < n:
			s.watches[l] = slices.Grow(ws, n)
		}
		count[l] = 0
	}
	s.countBuf = count[:0]
	i = 0
	for c := from; int(c) < len(s.arena); c = s.next(c) {
		if i++; i%attachCheck == 0 && ctx.Err() != nil {
			s.attachFrom = c // every clause before c is watched
			return ctx.Err()
		}
		if !s.garbage(c) {
			s.attach(c)
		}
	}
	s.unattached = false
	return nil
}

// attachCheck is how many clauses flushAttach handles between two looks
// at its context (about a millisecond's work).
const attachCheck = 1 << 14

// detachAll empties every watch list (before a rebuild with attachAll).
func (s *Solver) detachAll() {
	for l := range s.watches {
		clear(s.watches[l])
		s.watches[l] = s.watches[l][:0]
	}
}

// attachAll watches every live clause of the arena.
func (s *Solver) attachAll() {
	for c := cref(0); int(c) < len(s.arena); c = s.next(c) {
		if !s.garbage(c) {
			s.attach(c)
		}
	}
}
