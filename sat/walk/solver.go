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
	// clauses is the solver's own copy of every clause, stored flat, the
	// truth models are checked against; numVars is the largest variable.
	clauses  sat.ClauseList
	numVars  int
	rng      *rand.Rand
	maxFlips int64
	flips    int64 // flips made by the last Solve
	// solves and totalFlips count every Solve, for Stats.
	solves, totalFlips int64

	// The outcome of the last Solve: it serves Value and Model.
	ans sat.Answer
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
func (s *Solver) NewVar() sat.Var {
	s.ans.Clear()
	s.numVars++
	return sat.Var(s.numVars)
}

// AddList adds the clauses of l, sharing its literals when the solver has
// no clause yet (sat.ClauseList.AddList): the sat.ListAdder facet, which
// spares a large formula's copy per engine.
func (s *Solver) AddList(ctx context.Context, l *sat.ClauseList) error {
	s.ans.Clear()
	s.clauses.AddList(l)
	s.numVars = max(s.numVars, int(l.MaxVar()))
	return nil
}

// AddClause adds a copy of the clause lits. It panics on a zero literal.
func (s *Solver) AddClause(lits ...sat.Lit) {
	s.ans.Clear()
	s.clauses.Add(lits)
	for _, l := range lits {
		s.numVars = max(s.numVars, int(l.Var()))
	}
}

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
	s.ans.Reset()
	s.flips = 0
	for _, a := range assumptions {
		if a == 0 {
			panic("walk: zero literal in assumptions")
		}
		s.numVars = max(s.numVars, int(a.Var()))
	}
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	p, conflict, err := newProblem(ctx, &s.clauses, s.numVars, assumptions)
	if err != nil {
		return sat.Unknown, err
	}
	if conflict {
		return s.ans.Unsat(nil), nil
	}
	model, flips, err := p.search(ctx, s.rng, s.maxFlips)
	s.flips = flips
	s.totalFlips += flips
	s.solves++
	if err != nil {
		return sat.Unknown, err
	}
	if !s.deferCheck {
		if err := s.clauses.Check(model, assumptions); err != nil {
			return sat.Unknown, fmt.Errorf("walk: %w: %v", sat.ErrBadModel, err)
		}
	}
	return s.ans.Sat(model), nil
}

// DeferCheck leaves the check of every model to the caller: the
// sat.CheckDeferrer facet.
func (s *Solver) DeferCheck() { s.deferCheck = true }

// Value returns the value of l in the model of the last Solve, which must
// have returned Sat.
func (s *Solver) Value(l sat.Lit) bool { return s.ans.Value(l) }

// Model returns a copy of the model of the last Solve, which must have
// returned Sat.
func (s *Solver) Model() sat.Assignment { return s.ans.Model() }

// Failed returns the failed assumptions of the last Solve, which must have
// returned Unsat.
func (s *Solver) Failed() []sat.Lit { return s.ans.Failed() }
