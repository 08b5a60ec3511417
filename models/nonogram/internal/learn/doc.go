// Package learn is the native learning search: conflict-driven clause
// learning over the cells of a nonogram, with every row and column a
// lazily explained propagator (Learner). Package solve runs it in turns
// with the probing search when more than one solution is wanted: it
// proves that no further solution exists where probing is slow.
//
//	learn.go    Learner: cell literals, the trail, propagation by lines and
//	            learned clauses
//	explain.go  explaining a line's inference by a subset of its cells
//	analyze.go  first-UIP conflict analysis, minimisation, clause database
//	            reduction
//	search.go   decisions, restarts, resuming in turns, blocking solutions
//	cache.go    the line cache of its propagation
//	heap.go     the activity heap (VSIDS)
//
// Invariants: every explanation is implied by the line's clue and every
// learned clause by the clues (with checking on, the tests verify each
// against the reference line solver and the puzzle's solutions); every
// solution has passed Check; the count is exact when the search is
// exhausted. Lines of more than 64 cells are not handled.
//
// Imports: the model, internal/line and internal/restart.
package learn
