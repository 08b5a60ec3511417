package sat

import "context"

// Sink receives an encoding: fresh variables and clauses. Both *Formula and
// every Solver are sinks. NewVar returns a variable above every variable the
// sink has seen; AddClause copies its argument and panics on a zero literal.
type Sink interface {
	NewVar() Var
	AddClause(lits ...Lit)
}

// Solver is an incremental SAT solver; see the package documentation for
// the contract (which call is legal when).
type Solver interface {
	Sink
	// Solve decides the clauses added so far under the assumptions, which
	// hold for this call only. It returns Sat or Unsat with a nil error, or
	// Unknown with the reason (ctx.Err(), ErrUnknown, or a backend failure).
	Solve(ctx context.Context, assumptions ...Lit) (Status, error)
	// Value returns the value of l in the model of the last Solve, which
	// must have returned Sat.
	Value(l Lit) bool
	// Model returns a copy of the model of the last Solve, which must have
	// returned Sat. It covers every variable of the solver.
	Model() Assignment
}

// FailedAssumer is implemented by solvers that explain an Unsat answer
// under assumptions.
type FailedAssumer interface {
	// Failed returns a subset of the last Solve's assumptions that is
	// already unsatisfiable together with the clauses. It is legal only
	// when the last Solve returned Unsat. An empty result means the
	// clauses are unsatisfiable by themselves.
	Failed() []Lit
}

// CheckDeferrer is implemented by solvers that can leave the check of
// their models to the caller. Every solver checks each model against the
// clauses it was given before it answers Sat (Answer.Sat); a caller that
// checks every model of a Sat answer itself against the same clauses
// (satsolve solve checks against the file's) calls DeferCheck once,
// before Solve, so that the same check is not made twice. The solver
// then answers Sat without its own check; nothing else changes.
type CheckDeferrer interface {
	DeferCheck()
}

// DeferCheck calls s.DeferCheck when s is a CheckDeferrer and reports
// whether it was. The caller then owes the check of every model.
func DeferCheck(s Solver) bool {
	d, ok := s.(CheckDeferrer)
	if ok {
		d.DeferCheck()
	}
	return ok
}

// PBAdder is implemented by sinks that take pseudo-Boolean constraints
// natively. Encoders use it for their "native" method.
type PBAdder interface {
	// AddPB adds a copy of c. c must satisfy Validate.
	AddPB(c PB)
}

// Optimum is the outcome of a minimisation.
type Optimum struct {
	// Status is Sat when a model was found, Unsat when the constraints
	// have no model, Unknown when none was found before interruption.
	Status Status
	// Optimal reports that no model has a lower Cost.
	Optimal bool
	// Cost is the objective's value under Model.
	Cost int64
	// Model is the best model found (nil unless Status is Sat).
	Model Assignment
}

// Minimizer is implemented by solvers that optimise natively.
type Minimizer interface {
	// Minimize looks for a model of the constraints added so far that
	// minimises Σ objective. The error is nil when the search ended
	// (Status Unsat, or Sat with Optimal set); otherwise it says why the
	// search stopped, and Optimum still holds the best model found, if
	// any. Every returned model has been checked. The objective must
	// satisfy ValidateTerms.
	Minimize(ctx context.Context, objective []Term) (Optimum, error)
}
