// Package gophersat adapts the CDCL and pseudo-Boolean solver
// github.com/crillab/gophersat (v1.4.0) to sat.Solver, sat.PBAdder,
// sat.Minimizer and sat.FailedAssumer. It is the only package that imports
// gophersat, and it imports only its solver package.
//
// # Contract and invariants
//
// A Solver follows the sat.Solver contract. It keeps its own copy of every
// constraint in a sat.Formula and hands the whole of it, with the
// assumptions as unit constraints, to a fresh gophersat instance for each
// Solve or Minimize (measured to be faster than gophersat's incremental
// mode, and the only way around its Assume bug). Every model, including
// each intermediate model of a minimisation, is checked against all
// clauses, PB constraints and assumptions before it is returned; a model
// that fails yields an error wrapping sat.ErrBadModel. Constraints are
// normalised by the adapter before gophersat sees them: duplicate literals
// merged, tautologies dropped, PB constraints rewritten to Σ w·l ≥ k with
// positive weights on distinct variables (c·l with c < 0 is c + |c|·¬l),
// saturated, divided by their weights' gcd, trivial ones dropped and
// infeasible ones answered without gophersat. Failed is cheap rather than
// small (gophersat has no cores): see Solver.Failed.
//
// # Modes
//
// By default (Child) each Solve or Minimize runs in a child process: the
// current executable, re-executed with SATSOLVE_GOPHERSAT_CHILD set.
// Programs call ServeIfChild first thing in main, test binaries first
// thing in TestMain. The child writes a handshake line on its standard
// output, reads one request on its standard input (the formula, the
// assumptions or the objective, as varints: wire.go), and writes replies
// (each improving model of a minimisation as it is found, then a final
// answer) before it exits. Cancellation kills the child, and
// separate solvers run in parallel in separate processes. A child never
// starts children: a Child-mode solve inside a child returns ErrNested. A
// program without the hook cannot answer the handshake: its solves return
// an error wrapping ErrNoHook, at once if it writes something else, after
// 10s if it writes nothing (it is then killed). A child that crashes is
// reported with its exit status and the start of its standard error.
//
// InProcess runs gophersat in this process behind one process-wide lock.
// gophersat's search cannot be interrupted, so a cancelled in-process
// solve returns Unknown with ctx.Err() promptly, but its search runs on in
// the background, holding the lock, until it ends by itself; the next
// in-process solve (of any Solver) waits for it, or for its own context.
//
// # The gophersat bugs this adapter makes harmless
//
// Reproduced on gophersat v1.4.0 (research brief on the backends, §2 and
// §4); the regression tests are named after them, most with a canary that
// fails once upstream fixes the bug.
//
//   - Two instances in one process at once panic or answer wrongly (the
//     package-global scratch buffer solver/learn.go bufLits): separate
//     processes, or the in-process lock.
//   - Solve cannot be stopped, and the stop channels of Optimal and
//     Enumerate are ignored: killing the child, or abandoning the search.
//   - Assume forgets the problem's unit clauses and accepts x with ¬x:
//     never called; assumptions are unit constraints of a fresh instance,
//     and complementary assumptions are answered by the adapter.
//   - SetCostFunc(lits, nil) panics in Minimize: weights are always
//     explicit.
//   - The bf package turns satisfiable formulas into unsatisfiable CNF: not
//     imported (a test checks the imports).
//   - ParseCardConstrs with unit constraints can answer SAT on UNSAT input:
//     only the PB path (ParsePBConstrs, GtEq) is used.
//   - GtEq and LtEq rewrite their argument slices, and a zero weight
//     leaves garbage: GtEq only gets fresh slices of positive weights.
//   - Model after a later UNSAT returns the previous model: it is read only
//     after a Sat status.
//   - A PB bound above 2^30 silently wraps (it is kept in 30 bits of
//     Clause.lbdValue), and so does the cost bound of a minimisation whose
//     weights sum above 2^30 (found while writing this adapter): bounds
//     that the gcd division brings under MaxBound work, others are refused
//     with ErrRange.
//
// # Costs
//
// Measured on the 2-core development machine under other load with
// go test -run '^$' -bench . -benchtime 30x ./sat/gophersat. A Solve of one
// clause costs 2.7–5.6ms in Child mode (process start, handshake, encoding)
// against 25–30µs InProcess; planted 3-SAT with 50 variables and 200
// clauses 4.2–4.5ms against 0.5ms. A cancel takes effect in 0.7–0.8ms in
// Child mode (kill and reap; worst 1–4ms); InProcess, Solve returns within
// about 11µs but the abandoned PHP(9,8) search holds the lock for about
// 1.9s more.
package gophersat
