package cdcl

// Loading a formula: AddList's loop for the usual case, a solver without
// a proof tracer or eliminated variables, which is how satsolve solve
// hands over every plain CNF file.
//
// Why here: on files that the search settles in a few conflicts the
// set-up is a large part of the run, and the general path (AddClause's
// per clause: an iterator over the list, a conversion pass into one
// buffer, normalize into another, then the arena) walked each clause
// three times. loadPlain converts, normalises and marks in one pass over
// the list's literals and hands the result to addNormalized, as
// addOriginal would.
//
// Invariant: the solver ends in the state the general path leaves (the
// same arena, trail, ids, statistics and the clause that ctx stops at);
// TestLoadPlainSameState compares the two on random formulas with
// duplicates, tautologies, units and empty clauses.

import (
	"context"

	"github.com/satsolve/satsolve/sat"
)

// loadPlain adds the clauses of lits, a ClauseList's literals (each
// clause ended by a 0), already in s.orig, to the engine. It looks at ctx
// every 4096 clauses; when ctx has ended it marks the solver broken and
// returns ctx.Err() without adding that clause or the rest.
func (s *Solver) loadPlain(ctx context.Context, lits []sat.Lit) error {
	c := s.addBuf[:0]
	drop := false
	k := 0
	for _, e := range lits {
		if e != 0 {
			if drop {
				continue
			}
			l := fromExt(e)
			switch {
			case s.vals[l] > 0 || s.lmark[l.not()] != 0:
				drop = true // satisfied at level 0, or a tautology
				continue
			case s.vals[l] < 0 || s.lmark[l] != 0:
				continue // false at level 0, or a duplicate
			}
			s.lmark[l] = 1
			c = append(c, l)
			continue
		}
		for _, l := range c {
			s.lmark[l] = 0
		}
		if k%4096 == 0 {
			if err := ctx.Err(); err != nil {
				s.addBuf = c[:0]
				s.broken = err
				return err
			}
		}
		k++
		id := s.newID()
		s.stats.Original++
		if !drop && !s.unsat {
			s.addNormalized(c, id)
		}
		c, drop = c[:0], false
	}
	s.addBuf = c
	return nil
}
