// Package optimize minimises a linear objective Σ cᵢ·lᵢ over the models of
// any sat.Solver: the one optimisation API of satsolve. The solve command,
// the models (Dobble's largest deck, chip-firing's fewest moves) and the
// FlatZinc layer all call Solve (or SolveLinear, for a linear expression
// over integers encoded by package encode), with assumptions, an anytime
// callback for every improving model, a callback for every rise of the
// proved lower bound, and the lower bound in the Result.
//
// # Strategies
//
//   - Core (core.go) is core-guided search, OLL as RC2 runs it: the soft
//     literals are assumed, each core the solver names raises the lower
//     bound and is relaxed by an incremental totalizer
//     (encode.IncTotalizer); with stratification by weight
//     (stratify.go), core trimming and minimisation (coremin.go),
//     weight-aware core extraction (wce.go), core exhaustion (exhaust.go)
//     and hardening against the best model (harden.go). It proves lower
//     bounds from the first core on, and it needs no encoding of the
//     whole objective, so its memory grows with the cores, not with the
//     weights.
//   - CoreBoosted (coreboost.go) runs Core for a while, then linear
//     search over the objective the cores reformulated.
//   - LinearSatUnsat and Binary (linear.go) bound the cost by assumption
//     literals (bound.go): one generalised totalizer over the objective,
//     capped at the first cost, or, when encode.GTESize says it would
//     pass Options.GTEBudget clauses, a native constraint per bound on a
//     sat.PBAdder, else one adder network (encode.AdderBound); any other
//     encode.PBMethod encodes a guarded constraint per bound.
//   - Native (native.go) hands the objective to a sat.Minimizer.
//   - Auto is Core.
//
// Why Core is the default: on the optimisation corpus
// (benchmarks/results/opt.md) it proves the most optima at the same CPU
// time of every strategy here, and the linear searches' totalizer over a
// diverse objective is what grew to gigabytes before (issue 27).
//
// # Invariants
//
//   - Every model has its cost recomputed from the objective (sat.Sum)
//     after Options.Improve; a model found under "cost ≤ b" whose cost
//     exceeds b, a model that breaks an assumption, an Improve that
//     raises a cost, or a native optimum whose model does not have the
//     claimed cost is an error wrapping sat.ErrBadModel, never a result.
//   - The lower bound only rises, and every rise is checked against the
//     best model's cost (run.go): a contradiction, and a search that ends
//     without its bounds meeting, is an error wrapping ErrInconsistent.
//     An optimum is claimed only when the best model's recomputed cost
//     equals the proved lower bound.
//   - Every phase watches the context: each solve (core minimisation and
//     exhaustion under budgets derived from it), the totalizer's
//     construction (encode.NewGTEContext), and the steps between solves.
//   - An interrupted search (the context is done, or the solver answers
//     Unknown) returns the best model found so far with Optimal false,
//     the lower bound proved, and the solver's error; Status is Unknown
//     only when no model was found.
//   - The solver keeps every model of its clauses that could be optimal:
//     bounds are only ever assumed, totalizers restrict no assignment of
//     their inputs, activation literals are retired at the end, and the
//     unit clauses the core-guided search adds (a one-literal core,
//     exhaustion, hardening) exclude only models that cost more than the
//     best one or that the cores proved impossible.
//   - Every strategy and each switch of the core-guided search agree with
//     brute force on random weighted instances of up to 16 variables,
//     with and without assumptions, run to the end and stopped after
//     every possible number of solves and at random deadlines (the tests).
//
// optimize imports only sat, encode and the standard library.
package optimize
