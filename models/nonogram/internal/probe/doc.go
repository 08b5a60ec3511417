// Package probe is fully probing with kept probe results (FP2 of Wu et al.
// 2013): setting an unknown cell to a colour on a board and propagating
// shows a contradiction (the cell has the other colour) or the cells the
// probe fixes; the Prober keeps every result and brings it up to date as
// the search sets and undoes cells, instead of probing again.
//
//	probe.go  Result and Prober: making, storing (one arena) and applying
//	          results, merging a cell's two results, the clocks the search's
//	          Commit and Backtrack bump
//	fresh.go  keeping results fresh: the argument that a kept result, cut
//	          and propagated on, is what probing again would give, and the
//	          checks (per-line clocks, line masks) that make it cheap
//
// Invariant: a result Fresh returns is the outcome probing its cell now
// would give (the search branches the same either way); the tests compare
// kept results with fresh probes after every kind of change.
//
// Imports: the model, internal/line and internal/board.
package probe
