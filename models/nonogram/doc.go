// Package nonogram models black-and-white nonograms (paint by numbers,
// griddlers): a grid whose rows and columns each carry a clue, the lengths
// of their black blocks in order, consecutive blocks separated by at least
// one white cell.
//
// The package follows the model shape parse → encode → solve → decode →
// check, with a native solver beside the SAT one:
//
//	format.go, parse*.go   Parse: .non (Simpson, with pbnsolve's goal and
//	                       mikix's extensions), webpbn XML, .nin (Wilk),
//	                       TAAI tournament sets, CWD, picross-solver GRID
//	                       text, Tatham game IDs; sniffed from the content
//	puzzle.go, grid.go     Puzzle, Validate, Grid, Check
//	line.go                the exact line solver by dynamic programming over
//	                       block placements, O(n·k) (the reference, and the
//	                       block-start domains of the encoding)
//	bitline.go, bitlinen.go  the same answers bit-parallel, on one word
//	                       (lines of up to 64 cells) or several
//	bboard.go              the board as bit lines: line solving propagated
//	                       to a fixpoint, undo trail, line cache
//	probe.go               fully probing with kept probe results (FP2)
//	marginal.go            line marginals and belief propagation (value
//	                       and cell choice in the search), residual
//	marginal_starts.go     line marginals summed over the feasible block
//	                       starts (lines of up to 64 cells)
//	search.go              the native search: probing at every node (up to
//	                       2^14 cells), branching, restarts
//	learn*.go              the learning search: CDCL over the cells with
//	                       the lines as lazily explained propagators; in
//	                       SolveNative it takes turns with the probing
//	                       search when more than one solution is wanted
//	native.go              SolveNative
//	presolve.go            LineSolve and the pre-passes of SolveSAT
//	encode*.go             Encode: block-start and automaton encodings
//	solve.go               SolveSAT: pre-pass, encode, solve, decode, check,
//	                       block, solve again (incrementally)
//	satlimit.go            the SAT model's size counted before it is built:
//	                       MaxSATLiterals, ErrTooLarge
//	nearby.go              neighbourhood search for a second solution
//	result.go              Options, Result, Verdict, Rating, goal checks
//	draw.go                Draw: a solution with its clues on a vg.Canvas
//
// # Invariants
//
//   - A Puzzle returned by Parse has passed Validate: positive sizes within
//     MaxSide and MaxCells, one clue per line, every clue fits its line, and
//     the row and column clues ask for the same number of black cells. Bad
//     input is a *ParseError naming the file and line, never a panic;
//     colour puzzles are refused with ErrColour.
//   - Every solution in a Result has passed Check, which reads the clues
//     directly and never the encoding; a SAT model or native answer that
//     fails it is an internal error (ErrBadSolution), never an answer.
//   - Solutions in a Result are distinct. Exhausted means the search
//     covered everything, so the count is exact; only then is a verdict of
//     "unique" or "no solution" given.
//   - The encodings are exact on the cell variables: their models,
//     restricted to the cells, are the puzzle's solutions (tested against
//     enumeration). Line solving, probing and the neighbourhood search only
//     fix cells that have one colour in every solution, or report
//     solutions that pass Check.
//   - Nothing here prints, exits or imports a SAT backend: solvers are
//     passed in as a sat.Solver.
//
// # Citations
//
// R. A. Bosch, Painting by numbers, Optima 65, 2000 (block starts).
// N. Tamura, A. Taga, S. Kitagawa, M. Banbara, Compiling finite linear CSP
// into SAT, Constraints 14, 2009 (order encoding; Copris's nonogram model).
// F. Bacchus, GAC via unit propagation, CP 2007, and C.-G. Quimper,
// T. Walsh, Global grammar constraints, CP 2006 (automaton decomposition).
// K. J. Batenburg, W. A. Kosters, Solving nonograms by combining relaxations,
// Pattern Recognition 42(8), 2009 (line solving). I.-C. Wu et al., An
// efficient approach to solving nonograms, IEEE TCIAIG 5(3), 2013 (fully
// probing). D. Berend, D. Pomeranz, R. Rabani, B. Raziel, Nonograms:
// combinatorial questions and algorithms, Discrete Applied Mathematics 169,
// 2014 (line-solution cache). C. P. Gomes, B. Selman, H. Kautz, Boosting
// combinatorial search through randomization, AAAI 1998 (restarts).
// O. Ohrimenko, P. J. Stuckey, M. Codish, Propagation via lazy clause
// generation, Constraints 14(3), 2009, and N. Eén, N. Sörensson, An
// extensible SAT-solver, SAT 2003 (the learning search). J. Wolter, Survey of paint-by-number puzzle
// solvers, webpbn.com/survey (the test set and the .non goal extension).
package nonogram
