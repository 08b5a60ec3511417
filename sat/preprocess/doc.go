// Package preprocess simplifies CNF formulas before they are solved, in the
// manner of SatELite and MiniSat's SimpSolver, and maps the models of the
// simplified formula back to models of the original.
//
// Simplify runs, to a fixpoint or until its budget or context runs out:
//
//   - top-level unit propagation, duplicate-literal and tautology removal
//     (units.go, normalize.go);
//   - equivalent-literal substitution through the strongly connected
//     components of the binary implication graph (equiv.go);
//   - backward subsumption and self-subsuming resolution with occurrence
//     lists and clause signatures (subsume.go);
//   - bounded variable elimination, cheapest variable first, with pure
//     literals as a special case (eliminate.go), skipping the redundant
//     resolvents of variables defined by AND/OR gates (gates.go).
//
// The main reference is N. Eén and A. Biere, "Effective Preprocessing in
// SAT through Variable and Clause Elimination", SAT 2005, LNCS 3569,
// pp. 61–75 (SatELite); each file opens with the design of its technique
// and its sources.
//
// # Invariants
//
//   - The simplified formula uses the original variable numbering and
//     NumVars; removed variables simply do not occur in it. Every clause
//     is sorted by variable, free of duplicate literals and tautologies.
//   - It is satisfiable exactly when the original is. More precisely, for
//     every assignment α to the frozen variables, it is satisfiable under
//     α exactly when the original is.
//   - Result.Extend maps every model of the simplified formula to a model
//     of the original that agrees with it on every variable that still
//     occurs and on every frozen variable.
//   - Frozen variables are never eliminated or substituted; when unit
//     propagation fixes one, its unit clause stays in the output.
//   - Stopping early (budget, cancellation) never breaks the above: every
//     step is applied whole, and unit propagation always completes.
//
// Pseudo-Boolean constraints and the objective of a formula are not
// simplified: they are copied, and their variables are frozen.
//
// A simplified formula may be used incrementally only through its frozen
// variables: clauses added later and assumptions must mention no other
// variable, because the others may have been eliminated or fixed.
package preprocess
