// Package search is the native probing search: fully probing at every
// node (internal/probe), branching on the cell the probes rate best with
// the colour belief propagation prefers (internal/belief), restarts on
// node budgets, and the neighbourhood search around a known solution.
//
//	search.go  Search: the runs, the depth-first search, fully probing,
//	           the branching rules, the restart schedule
//	nearby.go  the neighbourhood search for a second solution (windows
//	           around a known one)
//	solve.go   Solve, the native solver without the learning search (line
//	           solving, the hint, the search; a work budget with pauses, for
//	           the turns of package solve), Seed, CheckHint, ProbeAll (the
//	           probing pre-pass)
//
// Invariants: every solution recorded has passed Check; solutions are
// distinct; the search is complete, so when it ends without reaching the
// limit (not stopped) the count is exact.
//
// Imports: the model, internal/line, internal/board, internal/probe,
// internal/belief and internal/restart; never the learning search or
// the SAT path.
package search
