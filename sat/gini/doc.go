// Package gini adapts the CDCL solver github.com/go-air/gini (v1.0.4) to
// sat.Solver and sat.FailedAssumer. It is the only package that imports
// gini.
//
// # Contract and invariants
//
// A Solver follows the sat.Solver contract. It keeps its own copy of every
// clause in a sat.Formula; gini instances are disposable caches built from
// that copy, receiving new clauses lazily at the next Solve. Every model is
// read once into an Assignment and checked with Formula.CheckUnder against
// all clauses and the assumptions before Solve returns Sat; a model that
// fails yields Unknown and an error wrapping sat.ErrBadModel, and the
// instance is dropped. The variable pool follows the sat.Sink rule, and
// assumed variables join it. Failed returns gini's final-conflict
// analysis (Why), which is a subset of the assumptions but not necessarily
// minimal; should it ever name a literal that was not assumed, Failed
// returns all the assumptions instead.
//
// # The gini bugs this adapter makes harmless
//
// These were reproduced on gini v1.0.4 (see the research brief on the
// backends, §1.2–1.4 and §4); the regression tests are named after them,
// and each has a canary test that fails once upstream fixes the bug.
//
//   - Solve after UNSAT ends the process (log.Fatalf "internal error in
//     solve: sat model", which recover cannot catch) or panics in the
//     trail, also after several assumption queries on an UNSAT clause set:
//     a conflict at decision level 0 stays pending and the next call's
//     cleanup corrupts the trail. Rule: an instance that answered UNSAT is
//     never called again. When the UNSAT had no assumptions or an empty
//     Why, the clause set is UNSAT for good (clauses are only added) and
//     later solves answer Unsat without gini; otherwise the next Solve
//     rebuilds a fresh instance from the clause copy. The other paths to a
//     pending conflict are guarded too: a search that ends UNSAT while
//     being stopped is dropped the same way, complementary assumptions are
//     answered by the adapter without gini, and Test/Untest (which run the
//     same cleanup) are never used. A cancelled search returns with no
//     conflict pending, so its instance is kept.
//   - Try leaves its deadline armed, so a later Solve returns "unknown" at
//     its first propagation tick: Try (and synchronous Solve) are never
//     called; every search goes through GoSolve.
//   - Wait in one goroutine with Stop in another deadlocks (Wait holds the
//     handle's lock while blocking): the goroutine in Solve is the handle's
//     only user and polls the non-blocking Test with a back-off from 20µs
//     doubling to 8ms, so fast solves are seen at once. (With a context
//     that can never be cancelled it simply Waits.) On cancellation it
//     hands the handle to one stopper goroutine and returns Unknown with
//     ctx.Err() at once; gini notices Stop at its next propagation tick
//     (every 20,000 propagations), and the next Solve waits for that before
//     touching the instance.
//   - Value on a variable beyond gini's capacity panics: before each solve
//     every variable of the pool is allocated in gini.
//
// Not guarded: a panic or fatal error inside gini's own search goroutine
// cannot be recovered by the adapter.
//
// # Costs
//
// Measured on the 2-core development machine under other load with
// go test -run '^$' -bench . -benchtime 30x ./sat/gini: a Solve on a
// fresh solver costs about 20µs for one clause and 0.11ms for planted
// 3-SAT with 50 variables and 200 clauses; an UNSAT query under
// assumptions including the rebuild it causes (PHP(7,7), 154 clauses)
// 27–38µs. A cancelled Solve returns 12–15µs after the cancel (worst 26µs);
// a trivial Solve started right after it ends 45–55ms after the cancel on
// PHP(11,10), that is, after gini's next propagation tick.
package gini
