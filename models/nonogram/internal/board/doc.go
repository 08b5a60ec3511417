// Package board holds the native solvers' board: a partially solved
// nonogram kept as bit lines (each cell in its row's and its column's
// words), line solving propagated over queued lines to a fixpoint, an
// undo trail, and the line cache (Board, board.go).
//
// Invariants: a cell is in one of Fill and Empt of its row and of its
// column, or in neither; the Trail holds exactly the cells set, in order,
// so Undo(mark) restores the board as it was when the trail had length
// mark; after Propagate returns true every line is at its line fixpoint.
// Line solving only fixes cells that have one colour in every solution
// that agrees with the board.
//
// Imports: the model and internal/line.
package board
