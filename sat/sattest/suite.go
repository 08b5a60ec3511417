package sattest

import (
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// Options adapts Run to a backend's declared limits.
type Options struct {
	// Detached declares a backend that cannot stop a search: a cancelled
	// Solve still returns promptly with ctx.Err(), but the search runs on
	// in the background and the backend's next Solve waits for it. The
	// cancellation tests then interrupt PHP(8,7) (under a second of
	// search) instead of PHP(11,10), so the waits stay short.
	Detached bool
}

// Run runs the conformance suite against solvers made by newSolver, each
// test on fresh solvers. See RunWith.
func Run(t *testing.T, newSolver func() sat.Solver) {
	RunWith(t, newSolver, Options{})
}

// RunWith runs the conformance suite, as subtests of t, against solvers
// made by newSolver. It checks the sat.Solver contract: answers on trivial,
// empty and edge-case formulas, assumptions, incremental use against a
// brute-force oracle, the variable pool, Value/Model consistency, and
// cancellation; and the FailedAssumer, PBAdder and Minimizer facets when
// the solvers implement them. Every Sat model is checked against the
// constraints and assumptions, and every failed-assumption set is checked
// to be unsatisfiable on a fresh solver.
func RunWith(t *testing.T, newSolver func() sat.Solver, opts Options) {
	h := &harness{newSolver: newSolver, opts: opts}
	tests := []subtest{
		{"EmptyFormula", testEmptyFormula},
		{"TrivialSat", testTrivialSat},
		{"TrivialUnsat", testTrivialUnsat},
		{"EmptyClause", testEmptyClause},
		{"UnitClauses", testUnitClauses},
		{"DuplicateLiterals", testDuplicateLiterals},
		{"ComplementaryLiterals", testComplementaryLiterals},
		{"AddClauseCopies", testAddClauseCopies},
		{"NewVarPool", testNewVarPool},
		{"ValueModel", testValueModel},
		{"Assumptions", testAssumptions},
		{"ComplementaryAssumptions", testComplementaryAssumptions},
		{"FreshAssumptions", testFreshAssumptions},
		{"FailedAssumptions", testFailedAssumptions},
		{"AddAfterSat", testAddAfterSat},
		{"QueriesAfterUnsat", testQueriesAfterUnsat},
		{"UnsatUnderAssumptionsThenSat", testUnsatUnderAssumptionsThenSat},
		{"RandomIncremental", testRandomIncremental},
		{"Cancel", testCancel},
	}
	probe := newSolver()
	if _, ok := probe.(sat.PBAdder); ok {
		tests = append(tests, subtest{"PB", testPB})
	}
	if _, ok := probe.(sat.Minimizer); ok {
		tests = append(tests, subtest{"Minimize", testMinimize})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, h) })
	}
}

// subtest is one named test of the suite.
type subtest struct {
	name string
	run  func(*testing.T, *harness)
}
