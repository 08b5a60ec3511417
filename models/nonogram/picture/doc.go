// Package picture draws nonograms: the clues and a grid (a solution, or
// none for the empty puzzle) as vector graphics through gonum/plot's
// drawing canvases, written as SVG or PNG. It is apart from the model,
// models/nonogram, which stays free of drawing libraries.
//
// Sizes: a cell is Cell (15 points, 20 pixels at 96 dpi) and a clue digit
// 55% of it, so the clues of a 50×50 puzzle read at 100% zoom (about
// 1200×1200 pixels with its clue margins).
package picture
