// Package decodecmd is satsolve decode: read a model that any solver
// printed (competition "v" lines) for an instance written by a model
// command's --dimacs or --opb export, check it against the instance's
// constraints, and print what it means, read from the variable map in the
// instance's comment lines: a nonogram's picture, a Dobble deck (checked
// by the deck rules too), the P-positions or Grundy values of a game, the
// integers of a chip-firing script (each within its stated domain), and
// for any other export every named variable's value.
package decodecmd
