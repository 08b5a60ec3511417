package cdcl

// Models: reading the assignment out and checking it.
//
// A model covers every variable of the solver (1..maxVar). It is checked
// against every original clause, exactly as added (the flat copy in
// s.orig), every original PB constraint (s.pb.orig), and every assumption before Solve may answer Sat: the engine's
// own simplifications are never trusted with the answer.

import (
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// readModel returns the current full assignment as a model.
func (s *Solver) readModel() sat.Assignment {
	m := sat.NewAssignment(s.maxVar)
	for x := 0; x < s.nvars; x++ {
		m[x+1] = s.vals[2*x] > 0
	}
	return m
}

// checkModel verifies m against the original clauses and the assumptions.
func (s *Solver) checkModel(m sat.Assignment, assumptions []sat.Lit) error {
	for i, l := range assumptions {
		if !m.Lit(l) {
			return fmt.Errorf("cdcl: %w: assumption %d (%v) is false", sat.ErrBadModel, i+1, l)
		}
	}
	for i, c := range s.orig.All() {
		if !c.Satisfied(m) {
			return fmt.Errorf("cdcl: %w: clause %d %v is false", sat.ErrBadModel, i+1, []sat.Lit(c))
		}
	}
	for i, c := range s.pb.orig {
		if !c.Holds(m) {
			return fmt.Errorf("cdcl: %w: PB constraint %d %v is false", sat.ErrBadModel, i+1, c)
		}
	}
	return nil
}
