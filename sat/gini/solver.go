package gini

import (
	"context"

	"github.com/go-air/gini"

	"github.com/satsolve/satsolve/sat"
)

// Solver is a sat.Solver and sat.FailedAssumer backed by gini. Its zero
// value is not usable; call New. A Solver is used by one goroutine at a
// time; Solve may be cancelled from another goroutine through its context.
type Solver struct {
	// st holds the adapter's own copy of every clause, the truth that
	// models are checked against and that rebuilds replay, the largest
	// variable seen, and the answer of the last Solve, which serves Value,
	// Model and Failed.
	st sat.ClauseStore
	// g is the live gini instance, nil when the next Solve must build a
	// fresh one. loaded marks the end of the clauses already given to g
	// (a ClauseList.End value).
	g      *gini.Gini
	loaded int
	// stopping, when non-nil, delivers the last result of g's search after
	// a cancelled Solve; g is off limits until it has.
	stopping <-chan int
	// unsat records that the clauses by themselves are unsatisfiable, which
	// stays true since clauses are never removed.
	unsat bool

	// solves counts the Solve calls, for Stats.
	solves int64
}

// New returns an empty solver.
func New() *Solver { return &Solver{} }

// NewVar returns a fresh variable, above every variable the solver has seen
// in clauses and assumptions.
func (s *Solver) NewVar() sat.Var { return s.st.NewVar() }

// AddList adds the clauses of l without a copy while the solver has none:
// the sat.ListAdder facet.
func (s *Solver) AddList(ctx context.Context, l *sat.ClauseList) error { return s.st.AddList(ctx, l) }

// AddClause adds a copy of the clause lits. It panics on a zero literal.
func (s *Solver) AddClause(lits ...sat.Lit) { s.st.AddClause(lits...) }

// Failed returns a subset of the last Solve's assumptions that is
// unsatisfiable together with the clauses, as computed by gini's final
// conflict analysis (not necessarily minimal). The last Solve must have
// returned Unsat. An empty result means the clauses are unsatisfiable by
// themselves.
func (s *Solver) Failed() []sat.Lit { return s.st.Answer.Failed() }

// Value returns the value of l in the model of the last Solve, which must
// have returned Sat.
func (s *Solver) Value(l sat.Lit) bool { return s.st.Answer.Value(l) }

// Model returns a copy of the model of the last Solve, which must have
// returned Sat.
func (s *Solver) Model() sat.Assignment { return s.st.Answer.Model() }

// Stats returns the number of Solve calls: gini keeps its search counters
// internal, so the sat.Statser facet has nothing more to report.
func (s *Solver) Stats() []sat.Stat { return []sat.Stat{{Name: "solves", Value: s.solves}} }
