// Package solvecmd is satsolve solve: read a DIMACS CNF, OPB or WCNF file,
// solve it (optimise, for an objective) with the chosen backend, check the
// model against the file, and print the answer in the SAT competition's
// format or as JSON.
package solvecmd
