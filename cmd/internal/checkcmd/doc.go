// Package checkcmd is satsolve check: verify a DRAT (text or binary) or
// LRAT proof that a DIMACS CNF file is unsatisfiable, written by any
// solver (satsolve solve --proof, CaDiCaL, Kissat, …), with the checkers
// of sat/proof, and print "s VERIFIED" (exit 0) or "s NOT VERIFIED"
// (exit 1).
package checkcmd
