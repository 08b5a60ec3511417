// Package encode writes a nonogram as SAT clauses (Encode) and reads
// solutions back from a model (Encoded: Decode, Block, Comments).
//
//	encode.go  Encode and Encoded: one variable per unknown cell, the
//	           constants of known cells folded away, a line's encoding
//	starts.go  the block-start encoding: order-encoded starts over the
//	           domains line solving leaves (the default)
//	dfa.go     the automaton encoding: one DFA per line, written by the
//	           project's regular-constraint encoder (encode.Regular)
//	limit.go   the model's size bounded before it is built: MaxLiterals,
//	           CheckSize (nonogram.ErrTooLarge)
//
// Invariant: the encodings are exact on the cell variables: their models,
// projected on the cells and completed with the known cells, are the
// puzzle's solutions that agree with the known cells (tested against
// enumeration). Nothing here solves.
//
// Imports: sat, the project's encoders (package encode), the model and
// internal/line (the block-start domains).
package encode
