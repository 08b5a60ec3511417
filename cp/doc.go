// Package cp is satsolve's constraint model: integer and Boolean
// variables with finite domains, constraints over them (FlatZinc's
// integer and Boolean builtins and native global constraints), full and
// half reification, an objective, and its encoding into a SAT solver
// through package encode.
//
// # Building and solving
//
// A Model is built with NewInt, NewIntIn (domains with holes), NewBool and
// one method per constraint (IntLe, IntLinEq, BoolClause, …); each
// constraint returns a Constraint handle whose OnlyIf and Iff make it
// half- or fully reified (FlatZinc's _imp and _reif forms). Errors while
// building stick: the first is kept, later calls do nothing, and Err,
// Solve and Check report it. Solve encodes the model into a fresh
// sat.Solver the caller provides (cp never chooses a backend), solves or
// optimises, and returns a Result with a Solution; SolveAll enumerates
// solutions, blocking each one's values over a chosen set of variables.
//
// # Constraints
//
// Every integer and Boolean builtin of FlatZinc has a constructor (the
// FlatZinc name is in each one's comment): linear constraints and
// comparisons (linear.go), Boolean clauses, conjunctions and parities
// (bool.go), |x|, min, max, ×, div, mod, pow and set_in (arith.go),
// element over constants and variables (element.go). The native globals
// (globals.go) are all_different, table, regular, circuit, subcircuit,
// inverse, global_cardinality (with counts or bounds, open or closed) and
// lexicographic order over integers; Natives lists them as satsolve's
// MiniZinc library declares them (the satsolve_ predicate, the fzn_ file
// that routes MiniZinc's global to it, and Post), for the FlatZinc
// translator and the library files alike.
//
// # Checking
//
// Model.Check evaluates every constraint on a Solution's values directly,
// never through the encoding, and every value against its domain. Every
// solution Solve and SolveAll return, and every improving solution passed
// to Options.OnSolution, has passed it; a solution of the encoding that
// fails it is an internal error (ErrWrongSolution), never a result. An
// objective's value is recomputed from the solution's values.
//
// # Integer encodings
//
// Each integer variable is an encode.Int: order (x ≥ v literals), log
// (bits) or direct (x = v literals), each able to give the others'
// literals on demand (see encode/intvar.go). Options.IntEncoding or
// Model.SetEncoding chooses one; Auto, the default, chooses per variable:
//
//   - more than Options.AutoOrderMax (DefaultAutoOrderMax, 1,024) values: log;
//   - otherwise, used by a constraint through its value literals
//     (all_different, element indices, table, …): direct;
//   - otherwise: order.
//
// Order and direct encodings of more than MaxOrderDomain values are
// refused.
//
// # Invariants
//
//   - Literal definitions (comparison and value literals, gates) are
//     written to the unguarded root sink and cached, so a literal means
//     the same under every guard; only the clauses of a constraint go
//     through its guard.
//   - Every encoding is exact: an assignment of the variables' values
//     extends to a model of the clauses if and only if it satisfies the
//     constraint (the tests compare every builtin with brute force on
//     small domains, in every encoding and reification).
//   - A model whose variable has an empty domain is unsatisfiable, and
//     is answered without encoding.
//   - Encoding and search watch the context: an ended context stops both
//     within about a second (sat.EncodeContext while encoding).
//   - cp imports sat, encode, encode/optimize and the standard library,
//     never a backend or a model family.
package cp
