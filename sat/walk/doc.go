// Package walk is a stochastic local search engine behind the sat.Solver
// interface: probSAT, by A. Balint and U. Schöning, "Choosing probability
// distributions for stochastic local search and the role of make versus
// break", SAT 2012, LNCS 7317, pp. 16–29.
//
// Starting from a random assignment, each step picks a falsified clause at
// random and flips one of its variables, chosen with probability
// proportional to f(break), where break counts the clauses the flip would
// falsify. f is polynomial, (ε + break)^−cb, for 3-SAT and exponential,
// cb^−break, for longer clauses, with the constants of the paper's SAT
// Competition 2013 version (k = 3: cb 2.06, ε 0.9; k = 4: 3.0; k = 5: 3.7;
// k = 6: 5.1; k ≥ 7: 5.4), chosen by the longest clause.
//
// Local search is incomplete: it finds models of satisfiable formulas,
// often far sooner than CDCL on large uniform random ones (the SAT
// Competition's random tracks), but it cannot prove unsatisfiability. Solve
// therefore answers Sat, or Unknown once its context is done, or after the
// flip limit of WithMaxFlips; it answers Unsat only when the assumptions
// falsify a clause outright (or a clause is empty). Without a deadline and
// a flip limit, Solve on an unsatisfiable formula runs until cancelled. Its
// place is in a portfolio beside complete backends (sat/portfolio), where
// it costs the CPU time of one member and wins the random satisfiable
// instances.
//
// Invariants:
//   - Every Sat answer's model is checked against the solver's own copy of
//     the clauses and the assumptions before it is returned; a model that
//     fails is an error wrapping sat.ErrBadModel, never Sat.
//   - Assumptions fix their variables for the call: those variables are
//     never flipped.
//   - The search is deterministic for a given seed, formula and
//     assumptions; each Solve continues the seed's random stream.
//   - Cancellation takes effect within 1,024 flips: 2.5 ms on average, 6 ms
//     at worst on the shared 2-core machine under load
//     (BenchmarkCancelLatency).
package walk
