package gophersat

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/satsolve/satsolve/sat"
)

// Minimize looks for a model of the constraints that minimises
// Σ objective, with gophersat's linear SAT-UNSAT search on a fresh
// instance. Every improving model is streamed back and checked as it comes,
// so an interrupted search still returns the best model found (Status Sat,
// Optimal false, with ctx.Err()). The objective may have negative
// coefficients and negated or repeated literals; it must satisfy
// sat.ValidateTerms and its normalised weights may sum to at most
// MaxBound, or Minimize returns that error. Minimize
// ends the last Solve's outcome: Value and Model are illegal until the next
// Solve. It panics on a zero literal in the objective.
func (s *Solver) Minimize(ctx context.Context, objective []sat.Term) (sat.Optimum, error) {
	s.ans.Clear()
	for _, t := range objective {
		s.note(t.Lit)
	}
	err := sat.ValidateTerms(objective)
	if err == nil {
		_, _, err = normObjective(objective)
	}
	if err != nil {
		return sat.Optimum{}, fmt.Errorf("gophersat: objective: %w", err)
	}
	switch {
	case s.err != nil:
		return sat.Optimum{}, s.err
	case ctx.Err() != nil:
		return sat.Optimum{}, ctx.Err()
	case s.unsat:
		return sat.Optimum{Status: sat.Unsat}, nil
	}
	req := &request{
		NumVars:   s.f.NumVars,
		Clauses:   s.f.Clauses,
		PBs:       s.f.PBs,
		Minimize:  true,
		Objective: slices.Clone(objective),
	}
	var best sat.Optimum
	var final reply
	var bad error
	err = s.run(ctx, req, func(r reply) {
		if r.Final {
			final = r
			return
		}
		m := s.assignment(r.Model)
		if err := s.f.Check(m); err != nil {
			bad = fmt.Errorf("gophersat: %w: %v", sat.ErrBadModel, err)
			return
		}
		if c := sat.Sum(objective, m); best.Status != sat.Sat || c < best.Cost {
			best = sat.Optimum{Status: sat.Sat, Cost: c, Model: m}
		}
	})
	switch {
	case bad != nil:
		return best, bad
	case err != nil:
		return best, err
	}
	s.count(final.Stats)
	switch final.Status {
	case sat.Sat:
		if best.Status != sat.Sat {
			return best, errors.New("gophersat: minimisation ended with an optimum but sent no model")
		}
		best.Optimal = true
		return best, nil
	case sat.Unsat:
		s.unsat = true
		return sat.Optimum{Status: sat.Unsat}, nil
	}
	return best, errors.New(final.Err)
}
