package gophersat

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/satsolve/satsolve/sat"
)

// Solve decides the constraints under the assumptions, which hold for this
// call only, on a fresh gophersat instance. It panics on a zero
// assumption.
func (s *Solver) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	s.ans.Reset()
	for _, l := range assumptions {
		s.note(l)
	}
	switch {
	case s.err != nil:
		return sat.Unknown, s.err
	case ctx.Err() != nil:
		return sat.Unknown, ctx.Err()
	case s.unsat:
		return s.ans.Unsat(nil), nil
	}
	if pair := complementary(assumptions); pair != nil {
		return s.ans.Unsat(pair), nil
	}
	req := &request{
		NumVars:     s.f.NumVars,
		Clauses:     s.f.Clauses,
		PBs:         s.f.PBs,
		Assumptions: slices.Clone(assumptions),
	}
	var last reply
	if err := s.run(ctx, req, func(r reply) { last = r }); err != nil {
		return sat.Unknown, err
	}
	s.count(last.Stats)
	switch last.Status {
	case sat.Sat:
		m := s.assignment(last.Model)
		if err := s.f.CheckUnder(m, assumptions); err != nil {
			return sat.Unknown, fmt.Errorf("gophersat: %w: %v", sat.ErrBadModel, err)
		}
		return s.ans.Sat(m), nil
	case sat.Unsat:
		if len(assumptions) == 0 {
			s.unsat = true
			return s.ans.Unsat(nil), nil
		}
		core := s.relevant(assumptions)
		s.unsat = len(core) == 0 // then the constraints alone are UNSAT
		return s.ans.Unsat(core), nil
	}
	return sat.Unknown, errors.New(last.Err)
}

// run hands the request to gophersat in the configured mode. It returns
// nil only after emit has seen the final reply.
func (s *Solver) run(ctx context.Context, req *request, emit func(reply)) error {
	if s.cfg.mode == InProcess {
		return runInProcess(ctx, req, emit)
	}
	return s.runChild(ctx, req, emit)
}

// assignment turns gophersat's 0-based model into an Assignment covering
// every variable of the solver (variables gophersat never saw read false).
func (s *Solver) assignment(model []bool) sat.Assignment {
	m := sat.NewAssignment(s.f.NumVars)
	copy(m[1:], model)
	return m
}

// relevant returns the distinct assumptions whose variable occurs in some
// constraint. The assumptions hold no complementary pair, so any model of
// the constraints under the others extends to the dropped ones.
func (s *Solver) relevant(assumptions []sat.Lit) []sat.Lit {
	occurs := make(map[sat.Var]bool)
	for _, c := range s.f.Clauses {
		for _, l := range c {
			occurs[l.Var()] = true
		}
	}
	for _, c := range s.f.PBs {
		for _, t := range c.Terms {
			occurs[t.Lit.Var()] = true
		}
	}
	var out []sat.Lit
	for _, l := range assumptions {
		if occurs[l.Var()] && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// complementary returns some l, ¬l both among lits, or nil.
func complementary(lits []sat.Lit) []sat.Lit {
	seen := make(map[sat.Lit]bool, len(lits))
	for _, l := range lits {
		if seen[l.Not()] {
			return []sat.Lit{l.Not(), l}
		}
		seen[l] = true
	}
	return nil
}
