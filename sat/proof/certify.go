package proof

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/satsolve/satsolve/sat"
)

// ErrNotCertified reports an UNSAT answer that could not be certified: the
// proof-writing solver did not refute the same clauses, or its proof did
// not check. Either is a wrong answer of one of the two solvers.
var ErrNotCertified = errors.New("proof: UNSAT answer not certified")

// Certifier certifies the UNSAT answers of any solver. Solver wraps a
// solver so that it records the clauses added to it; when the wrapped
// solver answers Unsat (under assumptions A), the recorded clauses plus A
// as unit clauses are solved again by a fresh proof-writing solver
// (NewProver, sat/cdcl), whose proof a Verifier checks step by step as it
// is written. Only then is Unsat returned. The models thereby get
// certified answers without importing a backend or exposing their
// encoding: the command wraps the solvers it gives them.
//
// The wrapper offers the plain sat.Solver interface, so encoders fall back
// to clausal encodings (native PB constraints cannot be proved by a
// clausal proof). A Certifier may be shared by solvers running in
// parallel.
type Certifier struct {
	// NewProver returns a fresh solver that reports every clause it adds,
	// derives and deletes to t (sat/cdcl with t attached).
	NewProver func(t Tracer) sat.Solver

	certified atomic.Int64
	lemmas    atomic.Int64
}

// Certified returns the number of UNSAT answers certified so far.
func (c *Certifier) Certified() int { return int(c.certified.Load()) }

// Lemmas returns the number of proof lemmas checked so far.
func (c *Certifier) Lemmas() int { return int(c.lemmas.Load()) }

// Solver returns inner wrapped: its UNSAT answers are certified.
func (c *Certifier) Solver(inner sat.Solver) sat.Solver {
	return &certSolver{inner: inner, c: c}
}

// Factory wraps every solver newSolver makes.
func (c *Certifier) Factory(newSolver func() sat.Solver) func() sat.Solver {
	return func() sat.Solver { return c.Solver(newSolver()) }
}

// certSolver is a solver whose UNSAT answers are certified.
type certSolver struct {
	inner sat.Solver
	c     *Certifier
	f     sat.Formula // the clauses added, in order
}

func (s *certSolver) NewVar() sat.Var {
	v := s.inner.NewVar()
	s.f.NumVars = max(s.f.NumVars, int(v))
	return v
}

func (s *certSolver) AddClause(lits ...sat.Lit) {
	s.f.AddClause(lits...)
	s.inner.AddClause(lits...)
}

func (s *certSolver) Value(l sat.Lit) bool  { return s.inner.Value(l) }
func (s *certSolver) Model() sat.Assignment { return s.inner.Model() }

// Solve solves with the wrapped solver and certifies an Unsat answer. A
// certification interrupted by ctx answers Unknown with ctx's error; one
// that fails answers Unknown with an error wrapping ErrNotCertified.
func (s *certSolver) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	st, err := s.inner.Solve(ctx, assumptions...)
	if st != sat.Unsat {
		return st, err
	}
	if err := s.c.certify(ctx, &s.f, assumptions); err != nil {
		return sat.Unknown, err
	}
	return sat.Unsat, nil
}

// certify refutes f plus the unit clauses of assumptions with a prover
// whose proof a Verifier checks.
func (c *Certifier) certify(ctx context.Context, f *sat.Formula, assumptions []sat.Lit) error {
	g := &sat.Formula{NumVars: f.NumVars, Clauses: f.Clauses}
	if len(assumptions) > 0 {
		g.Clauses = append(g.Clauses[:len(g.Clauses):len(g.Clauses)], make([]sat.Clause, 0, len(assumptions))...)
		for _, a := range assumptions {
			g.Clauses = append(g.Clauses, sat.Clause{a})
			g.NumVars = max(g.NumVars, int(a.Var()))
		}
	}
	v := NewVerifier(g)
	p := c.NewProver(v)
	for range g.NumVars {
		p.NewVar()
	}
	for _, cl := range g.Clauses {
		p.AddClause(cl...)
	}
	st, err := p.Solve(ctx)
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case err != nil:
		return fmt.Errorf("%w: the prover failed: %v", ErrNotCertified, err)
	case st == sat.Sat:
		if err := g.Check(p.Model()); err == nil {
			return fmt.Errorf("%w: the answer is wrong: the prover found a model, which satisfies the clauses and assumptions", ErrNotCertified)
		}
		return fmt.Errorf("%w: the prover answers SATISFIABLE with a model that fails: %v", ErrNotCertified, err)
	case st != sat.Unsat:
		return fmt.Errorf("%w: the prover answers %v", ErrNotCertified, st)
	}
	if err := v.Err(); err != nil {
		return fmt.Errorf("%w: %v", ErrNotCertified, err)
	}
	c.certified.Add(1)
	c.lemmas.Add(int64(v.Checked()))
	return nil
}
