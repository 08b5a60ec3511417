package gini

import (
	"fmt"

	"github.com/go-air/gini"

	"satsolve/sat"
)

// Solver is a sat.Solver and sat.FailedAssumer backed by gini. Its zero
// value is not usable; call New. A Solver is used by one goroutine at a
// time; Solve may be cancelled from another goroutine through its context.
type Solver struct {
	// f is the adapter's own copy of every clause, the truth that models
	// are checked against and that rebuilds replay.
	f sat.Formula
	// g is the live gini instance, nil when the next Solve must build a
	// fresh one. loaded counts the clauses of f already given to g.
	g      *gini.Gini
	loaded int
	// stopping, when non-nil, delivers the last result of g's search after
	// a cancelled Solve; g is off limits until it has.
	stopping <-chan int
	// unsat records that the clauses by themselves are unsatisfiable, which
	// stays true since clauses are never removed.
	unsat bool

	// Outcome of the last Solve.
	status sat.Status
	model  sat.Assignment
	failed []sat.Lit
	solved bool // the last call was Solve, not NewVar or AddClause
}

// New returns an empty solver.
func New() *Solver { return &Solver{} }

// NewVar returns a fresh variable, above every variable the solver has seen
// in clauses and assumptions.
func (s *Solver) NewVar() sat.Var {
	s.solved = false
	return s.f.NewVar()
}

// AddClause adds a copy of the clause lits. It panics on a zero literal.
func (s *Solver) AddClause(lits ...sat.Lit) {
	s.solved = false
	s.f.AddClause(lits...)
}

// Value returns the value of l in the model of the last Solve, which must
// have returned Sat. Variables the solver has never seen read false.
func (s *Solver) Value(l sat.Lit) bool {
	s.mustBe(sat.Sat, "Value")
	return s.model.Lit(l)
}

// Model returns a copy of the model of the last Solve, which must have
// returned Sat. It covers every variable of the solver.
func (s *Solver) Model() sat.Assignment {
	s.mustBe(sat.Sat, "Model")
	return append(sat.Assignment(nil), s.model...)
}

// Failed returns a subset of the last Solve's assumptions that is
// unsatisfiable together with the clauses, as computed by gini's final
// conflict analysis (not necessarily minimal). The last Solve must have
// returned Unsat. An empty result means the clauses are unsatisfiable by
// themselves.
func (s *Solver) Failed() []sat.Lit {
	s.mustBe(sat.Unsat, "Failed")
	return append([]sat.Lit(nil), s.failed...)
}

func (s *Solver) mustBe(st sat.Status, call string) {
	if !s.solved || s.status != st {
		panic(fmt.Sprintf("gini: %s called, but the last call was not a Solve that returned %v", call, st))
	}
}
