// Package check is test-only support for the encode packages: a small exact
// CDCL solver that implements sat.Solver (and, in wrappers, sat.PBAdder and
// sat.Minimizer), a unit-propagation routine over a sat.Formula, and the
// exhaustive harnesses that the encoder tests share.
//
// Nothing here is meant for production solving: the solver uses a static
// variable order, no restarts and no clause deletion, which is plenty for
// the formulas of a few hundred variables that the encoder tests build and
// keeps the code short enough to trust. Its own tests compare it with brute
// force on random formulas.
//
// Invariants: every Sat answer has been checked against every clause,
// pseudo-Boolean constraint and assumption before it is returned; Propagate
// computes exactly the unit-propagation closure of the formula's clauses
// (no learnt clauses take part).
package check
