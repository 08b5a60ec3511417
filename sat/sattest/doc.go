// Package sattest is the test kit every satsolve backend shares: a
// conformance suite for sat.Solver, formula generators, a brute-force
// oracle, and a differential harness. Like testing/fstest, it is an
// ordinary package that tests import.
//
// # Conformance
//
// Run (or RunWith, for backends with declared limits) checks a solver
// constructor against the sat.Solver contract, one subtest per rule:
// trivial, empty and edge-case formulas (empty clause, units, repeated and
// complementary literals), assumptions (complementary ones, ones on
// variables in no clause), failed assumptions, clauses added after SAT and
// after UNSAT, queries on an UNSAT clause set, random incremental runs
// against the Oracle, the variable pool, Value/Model consistency, and
// cancellation (a pre-cancelled context, a cancel and a deadline during a
// hard search, the solver usable afterwards). When the solver implements
// sat.PBAdder or sat.Minimizer, the PB and Minimize subtests check those
// facets against the Oracle too.
//
// Invariants the suite enforces on every answer:
//
//   - Sat comes with a nil error and a model that covers every variable of
//     the solver and every assumed variable, satisfies every constraint
//     added and every assumption, and agrees with Value; Model returns a
//     copy.
//   - Unsat comes with a nil error; Failed, when implemented, is a subset
//     of the assumptions that a fresh solver also finds unsatisfiable with
//     the constraints (empty only when the constraints alone are).
//   - Unknown comes with a non-nil error, ctx.Err() after a cancel or a
//     deadline, within a liveness bound of a few seconds (latency itself is
//     for benchmarks to measure).
//   - An assumed variable is a variable of the solver: NewVar stays above
//     it.
//
// The hard instance for cancellation is PHP(11,10) guarded by a selector
// (PHP(8,7) for Detached backends), cancelled after 50ms; the pigeonhole
// principle has no short resolution proofs (A. Haken, The intractability
// of resolution, TCS 39, 1985), so no CDCL solver answers it that fast.
//
// # Generators and oracle
//
// RandomKSAT draws seeded fixed-clause-length random k-CNF (at the 3-SAT
// ratio 4.26 these are the hardest random instances: D. Mitchell, B.
// Selman, H. Levesque, Hard and easy distributions of SAT problems, AAAI
// 1992; J. Crawford, L. Auton, Experimental results on the crossover point
// in random 3-SAT, AIJ 81, 1996). PlantedKSAT draws satisfiable ones with
// a known model, Pigeonhole builds PHP(p,h), and RandomPB draws small
// pseudo-Boolean constraints with negative and zero coefficients. The
// Oracle enumerates every model of a formula with at most MaxOracleVars
// variables and answers satisfiability, model and minimum-cost questions
// under assumptions; Count counts models.
//
// # Differential testing
//
// Compare solves one Instance with several Backends, which must all
// answer, agree with each other and with the instance's known status, and
// produce models that pass Formula.Check. DifferentialInstances is the
// standard seeded set (random 3-SAT at the threshold, n = 20..150, and
// pigeonhole formulas), which Differential runs as subtests. Corpus files
// become Instances the same way.
package sattest
