// Package dobblecmd is satsolve dobble: check a deck of Dobble (Spot It!)
// cards, build a full deck (a projective plane or a symmetric design) by
// construction or SAT, find the largest deck on n symbols, and complete a
// partial deck.
package dobblecmd
