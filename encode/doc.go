// Package encode turns constraints into clauses: gates, at-most-one,
// cardinality, pseudo-Boolean, bounded integers, lexicographic order and
// the regular constraint (a word accepted by a finite automaton).
// Every model in satsolve, and the constraint model cp, gets its
// constraints from here.
//
// # Sinks
//
// Encoders write into a sat.Sink (NewVar, AddClause), which both a
// *sat.Formula and every sat.Solver satisfy; they never solve. Auxiliary
// variables come from the sink's own pool, so encodings written into the
// same sink never clash. Guard wraps a sink so that everything written
// through it holds only if a literal is true ("only if b", for any
// encoder). The native methods pass constraints through to sinks that
// implement sat.PBAdder (a Formula does, for OPB output; so does the
// gophersat adapter).
//
// # Methods
//
// Each family has a typed method enum with String, a parser for flag values
// (ParseAMOMethod("ladder"), ParseCardMethod, ParsePBMethod,
// ParseIntEncoding), a list of all values for commands that compare them
// (AMOMethods, CardMethods, PBMethods, IntEncodings) and, where it can
// fail, Applies(sink) to ask whether a method can write into a sink.
//
//	gates.go                    And, Or, Xor, Equiv, ITE (Tseitin)
//	amo*.go                     pairwise, ladder, commander, binary, bimander, product
//	card.go                     AtMost, AtLeast, Exactly, Card; Counter, NewCounter
//	seqcounter.go               sequential counter (Sinz)
//	totalizer.go                totalizer (Bailleux–Boufkhad), capped, incremental
//	sortnet.go, cardnet.go      odd-even merge sorting networks, cardinality networks
//	modtotalizer.go             modulo totalizer (Ogawa et al.)
//	pb.go                       PB and its normalisation
//	pbbdd.go, pbswc.go,         BDD (Abío et al.), sequential weight counter,
//	pbadder.go, gte.go          adder network (Eén–Sörensson), generalised totalizer
//	domain.go                   finite sets of integers (ranges with holes)
//	intvar.go, intlits.go,      integers over domains (order, log and direct
//	binary.go, intlinear.go     encodings, literals on demand), sums, |x|
//	compare.go                  a·x + b·y ≤ k (the order ladder)
//	lex.go, lexint.go           ≤lex and <lex over literals and over integers
//	alldiff.go                  all different (one at-most-one per value)
//	element.go, table.go        element and table (support encodings)
//	inverse.go                  inverse permutations (channelling)
//	gcc.go                      global cardinality (totalizers per value)
//	circuit.go                  circuit and subcircuit (positions, MTZ)
//	regular.go                  a word accepted by a DFA (Regular; Bacchus's decomposition)
//
// Every encoder file opens with a short essay: its auxiliary variables and
// clauses as formulas in n and k, whether unit propagation is
// arc-consistent, and the citation. The tests check each of those formulas
// and claims exhaustively on small sizes.
//
// # Invariants
//
//   - An encoding is exact on its inputs: an assignment of the input
//     literals extends to a model of the added clauses if and only if it
//     satisfies the constraint. Auxiliary variables are fresh.
//   - Trivial cases (k < 0, k ≥ n, empty input, one literal, duplicate or
//     complementary literals, zero or negative coefficients, bounds beyond
//     the reachable range) are normal: they produce the right clauses,
//     possibly none, possibly the empty clause.
//   - Bad data (a pseudo-Boolean constraint that fails sat.PB.Validate)
//     is an error; a zero literal, an unknown method value, or a bound
//     beyond a Counter's limit is a programming error and panics.
//   - Nothing here prints, exits or solves.
//   - encode imports only sat and the standard library.
//
// # Incremental bounds
//
// NewCounter (totalizer, sorting and cardinality networks, modulo
// totalizer) and NewGTE (weighted) build a count once and hand out
// literals for bounds: assert one with AddClause, or pass it as an
// assumption and tighten it between solves, as package encode/optimize
// does. A literal for a bound outside the reachable range is a constant,
// made once per object from a fresh variable and a unit clause.
package encode
