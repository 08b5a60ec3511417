// Package external runs a DIMACS SAT solver binary (minisat, cadical,
// kissat, picosat, cryptominisat, …) behind the sat.Solver interface.
//
// Each Solve writes the clauses, with the assumptions as unit clauses, to a
// temporary DIMACS file, runs the binary on it, and reads its answer in
// SAT-competition form: an "s SATISFIABLE" / "s UNSATISFIABLE" /
// "s UNKNOWN" line and "v" lines holding the model. minisat, which prints
// neither, is run with a result file instead. The exit code (10/20) is used
// only to confirm the "s" line: an answer without a matching "s" line, or a
// SAT answer without a model, is an error.
//
// Every SAT model is checked against the clauses and the assumptions before
// Solve returns Sat; a model that fails is reported as an error wrapping
// sat.ErrBadModel. An UNSAT answer is the binary's word: satsolve cannot
// check it here (no proof is requested).
//
// Cancellation kills the process: Solve returns Unknown with ctx.Err() as
// soon as the process has exited, which takes milliseconds.
//
// No incremental state is kept between calls: a binary sees the whole
// formula every time. Failed returns every assumption of the last Solve,
// which is a valid (not minimal) explanation.
package external
