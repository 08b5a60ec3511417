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
	// clauses is the adapter's own copy of every clause, stored flat, the
	// truth that models are checked against and that rebuilds replay;
	// numVars is the largest variable seen.
	clauses sat.ClauseList
	numVars int
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

	// The outcome of the last Solve: it serves Value, Model and Failed.
	ans sat.Answer
	// solves counts the Solve calls, for Stats.
	solves int64
}

// New returns an empty solver.
func New() *Solver { return &Solver{} }

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

// Failed returns a subset of the last Solve's assumptions that is
// unsatisfiable together with the clauses, as computed by gini's final
// conflict analysis (not necessarily minimal). The last Solve must have
// returned Unsat. An empty result means the clauses are unsatisfiable by
// themselves.
func (s *Solver) Failed() []sat.Lit { return s.ans.Failed() }

// Value returns the value of l in the model of the last Solve, which must
// have returned Sat.
func (s *Solver) Value(l sat.Lit) bool { return s.ans.Value(l) }

// Model returns a copy of the model of the last Solve, which must have
// returned Sat.
func (s *Solver) Model() sat.Assignment { return s.ans.Model() }

// Stats returns the number of Solve calls: gini keeps its search counters
// internal, so the sat.Statser facet has nothing more to report.
func (s *Solver) Stats() []sat.Stat { return []sat.Stat{{Name: "solves", Value: s.solves}} }
