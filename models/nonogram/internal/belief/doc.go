// Package belief computes line marginals (the weighted share of a line's
// completions in which each cell is black) and runs belief propagation
// between rows and columns on a board (State), which the native search
// uses to choose the colour, and in some runs the cell, to branch on.
//
//	marginal.go  the marginals by the band dynamic programme, and State:
//	             messages, residual updates, beliefs
//	starts.go    the marginals summed over the feasible block starts of the
//	             bit-parallel solver (lines of up to 64 cells), the fast path
//
// Beliefs only order the search's choices: they never fix a cell, so they
// change which solution is found first and how fast, never an answer.
//
// Imports: the model, internal/line and internal/board.
package belief
