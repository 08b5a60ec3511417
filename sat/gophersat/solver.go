package gophersat

import (
	"fmt"

	"github.com/crillab/gophersat/solver"

	"github.com/satsolve/satsolve/sat"
)

// Solver is a sat.Solver, sat.PBAdder, sat.Minimizer and
// sat.FailedAssumer backed by gophersat. Its zero value is not usable; call
// New. A Solver is used by one goroutine at a time; Solve and Minimize may
// be cancelled from another goroutine through their context.
type Solver struct {
	cfg config
	// f is the adapter's copy of every constraint: each call hands it to a
	// fresh gophersat, and every model is checked against it.
	f sat.Formula
	// unsat records that the constraints by themselves are unsatisfiable,
	// which stays true since constraints are never removed.
	unsat bool
	// err is the first invalid constraint's error; every later call
	// returns it.
	err error

	// answer is the outcome of the last Solve: it serves Value, Model and
	// Failed.
	ans sat.Answer
	// stats adds up the counters of every gophersat run.
	stats  solver.Stats
	solves int64
}

// count adds the counters of one gophersat run.
func (s *Solver) count(st solver.Stats) {
	s.solves++
	s.stats.NbRestarts += st.NbRestarts
	s.stats.NbConflicts += st.NbConflicts
	s.stats.NbDecisions += st.NbDecisions
	s.stats.NbUnitLearned += st.NbUnitLearned
	s.stats.NbBinaryLearned += st.NbBinaryLearned
	s.stats.NbLearned += st.NbLearned
	s.stats.NbDeleted += st.NbDeleted
}

// Stats returns the counters of every Solve and Minimize so far, added up
// over the gophersat runs (each starts afresh): the sat.Statser facet.
func (s *Solver) Stats() []sat.Stat {
	st := s.stats
	return []sat.Stat{
		{Name: "solves", Value: s.solves},
		{Name: "conflicts", Value: int64(st.NbConflicts)},
		{Name: "decisions", Value: int64(st.NbDecisions)},
		{Name: "restarts", Value: int64(st.NbRestarts)},
		{Name: "learnt clauses", Value: int64(st.NbLearned)},
		{Name: "learnt units", Value: int64(st.NbUnitLearned)},
		{Name: "learnt binary clauses", Value: int64(st.NbBinaryLearned)},
		{Name: "deleted clauses", Value: int64(st.NbDeleted)},
	}
}

// New returns an empty solver. By default it runs gophersat in child
// processes (see Child), which requires the program to call ServeIfChild
// first thing in main.
func New(opts ...Option) *Solver {
	s := &Solver{cfg: config{mode: Child, handshake: defaultHandshake}}
	for _, o := range opts {
		o(&s.cfg)
	}
	return s
}

// NewVar returns a fresh variable, above every variable the solver has seen
// in constraints, assumptions and objectives.
func (s *Solver) NewVar() sat.Var {
	s.ans.Clear()
	return s.f.NewVar()
}

// AddClause adds a copy of the clause lits. It panics on a zero literal.
func (s *Solver) AddClause(lits ...sat.Lit) {
	s.ans.Clear()
	s.f.AddClause(lits...)
}

// AddPB adds a copy of the pseudo-Boolean constraint c, which gophersat
// takes natively. It panics on a zero literal. A constraint that fails
// c.Validate, or whose bound after normalisation exceeds MaxBound, is not
// added: every later Solve and Minimize returns Unknown and that error
// instead.
func (s *Solver) AddPB(c sat.PB) {
	s.ans.Clear()
	for _, t := range c.Terms {
		if t.Lit == 0 {
			panic("gophersat: zero literal in a pseudo-Boolean constraint")
		}
	}
	err := c.Validate()
	if err == nil {
		_, _, err = normPB(c)
	}
	if err != nil {
		if s.err == nil {
			s.err = fmt.Errorf("gophersat: constraint %v: %w", c, err)
		}
		return
	}
	s.f.AddPB(c)
}

// Failed returns a subset of the last Solve's assumptions that is
// unsatisfiable together with the constraints; the last Solve must have
// returned Unsat. gophersat computes no cores, so the subset is cheap
// rather than small: a complementary pair when the assumptions hold one;
// otherwise every assumption whose variable occurs in some constraint
// (dropping the others cannot make the set satisfiable), once each; and
// nothing when the constraints are unsatisfiable by themselves and the
// solver knows it.
func (s *Solver) Failed() []sat.Lit { return s.ans.Failed() }

// note adds the variable of l to the pool. It panics on the zero literal.
func (s *Solver) note(l sat.Lit) {
	if l == 0 {
		panic("gophersat: zero literal")
	}
	s.f.NumVars = max(s.f.NumVars, int(l.Var()))
}

// Value returns the value of l in the model of the last Solve, which must
// have returned Sat.
func (s *Solver) Value(l sat.Lit) bool { return s.ans.Value(l) }

// Model returns a copy of the model of the last Solve, which must have
// returned Sat.
func (s *Solver) Model() sat.Assignment { return s.ans.Model() }
