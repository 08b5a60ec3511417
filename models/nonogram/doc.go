// Package nonogram models black-and-white nonograms (paint by numbers,
// griddlers): a grid whose rows and columns each carry a clue, the lengths
// of their black blocks in order, consecutive blocks separated by at least
// one white cell.
//
// This package is the puzzle: its files' formats, its rules and the
// vocabulary of a solve. The solvers live in sub-packages, which import
// it and which it never imports:
//
//	format.go, parse*.go  Parse: .non (Simpson, with pbnsolve's goal and
//	                      mikix's extensions), webpbn XML, .nin (Wilk),
//	                      TAAI tournament sets, CWD, picross-solver GRID
//	                      text, Tatham game IDs; sniffed from the content
//	puzzle.go, grid.go    Puzzle, Validate, Grid, Check, Runs
//	options.go            Options (and the Encoding and Presolve choices)
//	result.go             Result, Stats, Verdict, Rating, goal checks
//	goal.go               GoalHint: a goal image as a hint
//	errors.go             ParseError, CheckError and the errors to test for
//
// The family, floor by floor (deps_test.go holds the order):
//
//	solve/             the entry points: SAT, Native, Portfolio, LineSolve,
//	                   Prepass (parse → encode → solve → decode → check, with a
//	                   native solver beside the SAT one)
//	encode/            the SAT encodings (block starts, automata) and the
//	                   model's size bound
//	picture/           drawing a puzzle and its solution (SVG, PNG)
//	internal/search/   the native probing search and the neighbourhood search
//	internal/learn/    the native learning search (CDCL over the cells)
//	internal/probe/    fully probing with kept results
//	internal/belief/   line marginals and belief propagation
//	internal/board/    the bit board: line solving propagated, undo trail
//	internal/line/     the line solvers (dynamic programme, bit-parallel) and
//	                   their cache
//	internal/restart/  the Luby sequence
//	internal/nonotest/ test helpers
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
//   - Nothing in the family prints, exits or imports a SAT backend:
//     solvers are passed in as a sat.Solver.
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
// extensible SAT-solver, SAT 2003 (the learning search). J. Wolter, Survey
// of paint-by-number puzzle solvers, webpbn.com/survey (the test set and
// the .non goal extension).
package nonogram
