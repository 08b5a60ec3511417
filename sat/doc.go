// Package sat holds the leaf types of satsolve: variables, literals, clauses,
// assignments, formulas, pseudo-Boolean terms and constraints, answer
// statuses, and the Solver interface that every backend implements.
//
// It imports only the standard library. Every other package of the project
// speaks these types; backends convert at their boundary.
//
// # Literals
//
// A Var is a positive int32, numbered from 1 as in DIMACS. A Lit is a
// DIMACS-signed int32: v is the positive literal of variable v, -v its
// negation. The zero Lit is invalid and never appears in a clause; passing it
// to AddClause is a programming error and panics.
//
// # Sinks and solvers
//
// A Sink hands out fresh variables (NewVar) and takes clauses (AddClause).
// Both a *Formula and every Solver are sinks, so encoders write into either
// without knowing which. A sink owns one variable pool: NewVar returns a
// variable above every variable the sink has seen, including variables that
// were only mentioned in clauses, so two encodings written into the same sink
// never clash on auxiliary variables. AddClause copies its argument.
//
// # The Solver contract
//
// A Solver follows IPASIR's state machine:
//
//	INPUT --Solve--> SAT | UNSAT | UNKNOWN --AddClause/NewVar/Solve--> ...
//
// The rules:
//
//   - NewVar and AddClause are legal in every state and return the solver
//     to INPUT. Clauses are never removed.
//   - Solve(ctx, assumptions...) decides the clause set under the given
//     assumptions, which hold for this call only. It returns Sat or Unsat
//     with a nil error, or Unknown with a non-nil error: ctx.Err() when the
//     context was cancelled or its deadline passed, ErrUnknown when the
//     engine gave up by itself, or the reason the backend failed.
//   - Value and Model are legal only when the last Solve returned Sat.
//     Models always cover every variable of the solver (index 0 unused).
//   - A Solve that returns Sat has already had its model checked against
//     every clause and pseudo-Boolean constraint added so far and every
//     assumption. A model that fails the check is never returned: Solve
//     returns Unknown and an error wrapping ErrBadModel instead.
//   - A solver is used by one goroutine at a time. Solve may be cancelled
//     from another goroutine through ctx.
//
// Optional facets are discovered by type assertion: FailedAssumer (the
// assumptions responsible for the last Unsat), PBAdder (native
// pseudo-Boolean constraints) and Minimizer (native optimisation).
//
// # Statuses
//
// Status values are the SAT competition's exit codes: Unknown=0, Sat=10,
// Unsat=20, so a command can exit with the status it prints.
package sat
