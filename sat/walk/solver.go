package walk

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/satsolve/satsolve/sat"
)

// Solver is a sat.Solver that searches by probSAT. Its zero value is not
// usable; call New. A Solver is used by one goroutine at a time; Solve may
// be cancelled from another goroutine through its context.
type Solver struct {
	// st holds the solver's own copy of every clause, the truth models
	// are checked against, the largest variable seen, and the answer of
	// the last Solve, which serves Value and Model.
	st       sat.ClauseStore
	rng      *rand.Rand
	maxFlips int64
	flips    int64 // flips made by the last Solve
	// solves and totalFlips count every Solve, for Stats.
	solves, totalFlips int64

	// deferCheck says that the caller checks every model (DeferCheck).
	deferCheck bool
}

// An Option configures a Solver.
type Option func(*Solver)

// WithSeed sets the seed of the random stream (default 1).
func WithSeed(seed uint64) Option {
	return func(s *Solver) { s.rng = rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)) }
}

// WithMaxFlips makes Solve give up with sat.ErrUnknown after n flips;
// n ≤ 0 means no limit (the default).
func WithMaxFlips(n int64) Option {
	return func(s *Solver) { s.maxFlips = n }
}

// New returns an empty solver.
func New(opts ...Option) *Solver {
	s := &Solver{}
	WithSeed(1)(s)
	for _, o := range opts {
		o(s)
	}
	return s
}

// NewVar returns a fresh variable, above every variable the solver has seen
// in clauses and assumptions.
func (s *Solver) NewVar() sat.Var { return s.st.NewVar() }

// AddList adds the clauses of l without a copy while the solver has none:
// the sat.ListAdder facet.
func (s *Solver) AddList(ctx context.Context, l *sat.ClauseList) error { return s.st.AddList(ctx, l) }

// AddClause adds a copy of the clause lits. It panics on a zero literal.
func (s *Solver) AddClause(lits ...sat.Lit) { s.st.AddClause(lits...) }

// Stats returns the counters of every Solve so far: the sat.Statser facet.
// Local search has no conflicts or decisions; its work is its flips.
func (s *Solver) Stats() []sat.Stat {
	return []sat.Stat{{Name: "solves", Value: s.solves}, {Name: "flips", Value: s.totalFlips}}
}

// Flips returns the number of flips the last Solve made.
func (s *Solver) Flips() int64 { return s.flips }

// Solve searches for a model of the clauses under the assumptions. It
// returns Sat with a checked model; Unsat only when a clause is empty or
// falsified by the assumptions alone, or two assumptions are
// complementary; otherwise Unknown with ctx.Err() once ctx is done, or
// sat.ErrUnknown after the flip limit.
func (s *Solver) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	s.st.Answer.Reset()
	s.flips = 0
	for _, a := range assumptions {
		if a == 0 {
			panic("walk: zero literal in assumptions")
		}
		s.st.NumVars = max(s.st.NumVars, int(a.Var()))
	}
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	p, conflict, err := newProblem(ctx, &s.st.Clauses, s.st.NumVars, assumptions)
	if err != nil {
		return sat.Unknown, err
	}
	if conflict {
		// Every assumption may take part in the conflict: all of them
		// are a valid failed set (nil would claim the clauses alone are
		// unsatisfiable, which only an empty clause shows).
		return s.st.Answer.Unsat(append([]sat.Lit(nil), assumptions...)), nil
	}
	model, flips, err := p.search(ctx, s.rng, s.maxFlips)
	s.flips = flips
	s.totalFlips += flips
	s.solves++
	if err != nil {
		return sat.Unknown, err
	}
	if !s.deferCheck {
		if err := s.st.Clauses.Check(model, assumptions); err != nil {
			return sat.Unknown, fmt.Errorf("walk: %w: %v", sat.ErrBadModel, err)
		}
	}
	return s.st.Answer.Sat(model), nil
}

// DeferCheck leaves the check of every model to the caller: the
// sat.CheckDeferrer facet.
func (s *Solver) DeferCheck() { s.deferCheck = true }

// Value returns the value of l in the model of the last Solve, which must
// have returned Sat.
func (s *Solver) Value(l sat.Lit) bool { return s.st.Answer.Value(l) }

// Model returns a copy of the model of the last Solve, which must have
// returned Sat.
func (s *Solver) Model() sat.Assignment { return s.st.Answer.Model() }

// Failed returns the failed assumptions of the last Solve, which must have
// returned Unsat.
func (s *Solver) Failed() []sat.Lit { return s.st.Answer.Failed() }
