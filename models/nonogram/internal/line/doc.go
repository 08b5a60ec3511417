// Package line holds the nonogram line solvers and their cache: given a
// clue and a partially known line, the cells every completion agrees on,
// or that there is no completion.
//
//	dp.go     Solver, the exact line solver by dynamic programming over block
//	          placements, O(n·k): the reference, and the block-start domains
//	          of the SAT encoding (Starts); Grow and Scratch, slice helpers
//	bits.go   Bits, the same answers bit-parallel on one word (lines of up to
//	          MaxBits = 64 cells), and the feasible starts of each block
//	bitsn.go  BitsN, the same on several words (longer lines)
//	cache.go  Cached, lines of a puzzle solved through a direct-mapped cache
//	          of answers (pooled, grown by need): the board's and the learning
//	          search's
//
// Invariants: every solver fixes exactly the cells that have one colour
// in all completions, and reports no completion exactly when there is
// none (the tests compare the three with enumeration and with each
// other); a cached answer is the solver's for the same line and words.
//
// Imports: the model (models/nonogram: Clue, Cell, Puzzle) and the
// standard library, nothing else of the family.
package line
