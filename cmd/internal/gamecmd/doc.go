// Package gamecmd is satsolve game: impartial games — Nim, octal games
// (Grundy sequences, periods, sums of heaps) and node-Kayles on a graph —
// in normal and misère play, with SAT cross-checks of the native values.
package gamecmd
