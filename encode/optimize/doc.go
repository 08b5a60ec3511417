// Package optimize minimises a linear objective Σ cᵢ·lᵢ over the models of
// any sat.Solver.
//
// Three strategies, all returning a sat.Optimum:
//
//   - Native hands the objective to a solver that implements
//     sat.Minimizer.
//   - LinearSatUnsat (improve-down) solves, measures the model's cost c,
//     and solves again assuming "cost ≤ c−1", until that is unsatisfiable.
//   - Binary keeps the best cost found (hi) and a proven lower bound (lo)
//     and assumes "cost ≤ mid" for the midpoint, moving lo past mid on
//     UNSAT and hi down to the new model's cost on SAT.
//
// The two search strategies need literals for "cost ≤ b". By default
// (Bound = encode.PBGTE) they build one generalised totalizer over the
// objective, capped at the first model's cost, and assume its output
// literals; every later bound is lower, so nothing else is ever encoded,
// and its reachable sums let the binary search jump over costs no model
// can have. Any other encode.PBMethod instead encodes a fresh constraint
// "cost ≤ b" per bound, guarded by a new activation literal (encode.Guard)
// that is assumed for that solve and retired with a unit clause once the
// search is over.
//
// The totalizer's size is the number of distinct subset sums below the
// first cost per node pair, which diverse weights blow up (200 weights up
// to 300 and a first cost of 30,000: about 10^8 clauses, tens of
// gigabytes). encode.GTESize counts it first, in time bounded by the
// budget (Options.GTEBudget, a million clauses by default); beyond it the
// search builds one adder network (encode.AdderBound) instead and asks
// for each bound through a guarded comparator of O(log Σ) clauses.
//
// Which is better depends on the weights. BenchmarkMinimize (random 3-CNF,
// 40 variables, 40 objective terms, with the encoders' test solver):
//
//	                  unit weights            weights 1..50
//	                  clauses   time          clauses   time
//	linear, GTE          1028    4 ms          281268    1.2 s
//	linear, BDD         19334  197 ms          270890    1.6 s
//	binary, GTE          1028    3 ms          281268    0.8 s
//	binary, BDD          2614    7 ms           29043    0.07 s
//	binary, adder        2548  122 ms           12466    0.8 s
//
// The generalised totalizer is the default because satsolve's objectives
// mostly have unit or few distinct weights (Σ|f_v| over order-encoded
// integers), where it is the plain totalizer and far ahead; with many
// distinct weights its size grows with the number of distinct subset sums
// below the first cost, and Binary with a BDD per bound wins.
//
// # Invariants
//
//   - Every model returned has its cost recomputed from the objective
//     (sat.Sum); a model found under "cost ≤ b" whose cost exceeds b, or a
//     native optimum whose model does not have the claimed cost, is an
//     error wrapping sat.ErrBadModel, never a result.
//   - Options.Improve, when set, improves every model before its cost is
//     taken (a MaxSAT reader sets relaxation variables to false where the
//     soft clause holds without them), so the first bound is the improved
//     cost and an interrupted search returns an improved model; a cost
//     that rises is an error wrapping sat.ErrBadModel.
//   - Every phase watches the context: each solve, the totalizer's
//     construction (encode.NewGTEContext, checked between nodes), and the
//     steps between solves; the adder network and each bound are small
//     (O(n log Σ) and O(log Σ) clauses).
//   - An interrupted search (the context is done, or the solver answers
//     Unknown) returns the best model found so far with Optimal false and
//     the solver's error; Status is Unknown only when no model was found.
//   - The solver keeps its models on the original variables: bounds are
//     only ever assumed, the generalised totalizer's clauses restrict no
//     input assignment, and activation literals are retired at the end.
//   - The strategies agree with each other and with brute force on random
//     weighted instances (the tests).
//
// optimize imports only sat, encode and the standard library.
package optimize
