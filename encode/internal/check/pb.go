package check

import (
	"context"

	"github.com/satsolve/satsolve/sat"
)

// PBSolver is a Solver that also takes pseudo-Boolean constraints natively
// (it implements sat.PBAdder). Constraints are enforced lazily: whenever a
// model violates one, the clause that the constraint implies and the model
// falsifies is added and the search resumes. The clauses added are
// consequences of the constraints, so answers are exact.
type PBSolver struct {
	*Solver
	pbs []sat.PB
}

// NewPB returns an empty solver with native pseudo-Boolean constraints.
func NewPB() *PBSolver { return &PBSolver{Solver: New()} }

// Load returns a PBSolver holding the clauses and constraints of f.
func Load(f *sat.Formula) *PBSolver {
	s := NewPB()
	s.grow(f.NumVars)
	for _, c := range f.Clauses {
		s.AddClause(c...)
	}
	for _, c := range f.PBs {
		s.AddPB(c)
	}
	return s
}

// AddPB adds a copy of c. It panics on a zero literal.
func (s *PBSolver) AddPB(c sat.PB) {
	c.Terms = append([]sat.Term(nil), c.Terms...)
	for _, t := range c.Terms {
		if t.Lit == 0 {
			panic("check: zero literal")
		}
		if int(t.Lit.Var()) > s.numVars {
			s.grow(int(t.Lit.Var()))
		}
	}
	s.hasSat = false
	s.pbs = append(s.pbs, c)
}

// Solve decides the clauses and constraints under the assumptions.
func (s *PBSolver) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	for {
		st, err := s.Solver.Solve(ctx, assumptions...)
		if st != sat.Sat {
			return st, err
		}
		m := s.model
		ok := true
		for _, c := range s.pbs {
			if c.Holds(m) {
				continue
			}
			ok = false
			if c.Op != sat.AtLeast && sat.Sum(c.Terms, m) > c.K {
				s.AddClause(blockAbove(c.Terms, m)...)
			} else {
				s.AddClause(blockBelow(c.Terms, m)...)
			}
		}
		if ok {
			s.hasSat = true
			return sat.Sat, nil
		}
	}
}

// blockAbove returns the clause "some term that raised the sum under m
// changes": every model that agrees with m on those terms has a sum at
// least as large.
func blockAbove(terms []sat.Term, m sat.Assignment) []sat.Lit {
	var c []sat.Lit
	for _, t := range terms {
		if t.Coef > 0 && m.Lit(t.Lit) {
			c = append(c, -t.Lit)
		}
		if t.Coef < 0 && !m.Lit(t.Lit) {
			c = append(c, t.Lit)
		}
	}
	return c
}

// blockBelow is blockAbove for a sum that is too small.
func blockBelow(terms []sat.Term, m sat.Assignment) []sat.Lit {
	neg := make([]sat.Term, len(terms))
	for i, t := range terms {
		neg[i] = sat.Term{Coef: -t.Coef, Lit: t.Lit}
	}
	return blockAbove(neg, m)
}

// MinSolver is a PBSolver with native optimisation (it implements
// sat.Minimizer). Minimize copies the constraints into a scratch solver
// and tightens Σ objective ≤ best−1 there until it is unsatisfiable, so the
// MinSolver's own constraints never change.
type MinSolver struct {
	*PBSolver
}

// NewMin returns an empty solver with native optimisation.
func NewMin() *MinSolver { return &MinSolver{NewPB()} }

// Minimize returns a model of minimum Σ objective.
func (s *MinSolver) Minimize(ctx context.Context, objective []sat.Term) (sat.Optimum, error) {
	for _, t := range objective {
		if int(t.Lit.Var()) > s.numVars {
			s.grow(int(t.Lit.Var()))
		}
	}
	scratch := Load(&sat.Formula{NumVars: s.numVars, Clauses: s.orig, PBs: s.pbs})
	var best sat.Optimum
	for {
		st, err := scratch.Solve(ctx)
		switch st {
		case sat.Unknown:
			return best, err
		case sat.Unsat:
			if best.Status == sat.Sat {
				best.Optimal = true
				return best, nil
			}
			return sat.Optimum{Status: sat.Unsat}, nil
		}
		m := scratch.Model()
		best = sat.Optimum{Status: sat.Sat, Cost: sat.Sum(objective, m), Model: m[:s.numVars+1]}
		scratch.AddPB(sat.PB{Terms: objective, Op: sat.AtMost, K: best.Cost - 1})
	}
}
