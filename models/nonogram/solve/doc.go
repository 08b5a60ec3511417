// Package solve holds the entry points that solve nonograms: SAT (the
// SAT path), Native (the native solvers), Portfolio (both in turns),
// LineSolve and Prepass. Each returns a nonogram.Result whose solutions
// have passed nonogram.Check.
//
//	sat.go        SAT: pre-pass, encode, solve, decode, check, block,
//	              solve again (incrementally)
//	native.go     Native: the probing search (internal/search), in turns
//	              with the learning search when more than one solution is
//	              wanted
//	turns.go      the turn schedule of the learning and the probing search
//	portfolio.go  Portfolio: the native solver and a SAT solver taking turns
//	presolve.go   LineSolve, Prepass and SAT's pre-passes
//
// Invariants: every solution in a Result has passed Check, which reads
// the clues and never the encoding; an answer that fails it is an
// internal error (nonogram.ErrBadSolution), never an answer. Solutions
// are distinct. Exhausted means the search covered everything, so the
// count is exact. Nothing here prints or chooses a SAT backend: solvers
// are passed in as a sat.Solver.
//
// Imports: sat and the family's packages (the model, encode, internal/...),
// never a backend, another family or the test helpers.
package solve
