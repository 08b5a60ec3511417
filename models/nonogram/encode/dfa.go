package encode

// The automaton encoding.
//
// A line with clue L_0..L_{k−1} is a word of the regular language
// 0* 1^{L_0} 0+ 1^{L_1} 0+ … 1^{L_{k−1}} 0* over the symbols white (0)
// and black (1). Its deterministic automaton has the states 0..m,
// m = ΣL_j + k − 1: state j has read the first j symbols of the shortest
// word p = 1^{L_0} 0 1^{L_1} 0 … 1^{L_{k−1}}. Reading 1 in state j goes to
// j+1 when p[j] = 1; reading 0 goes to j+1 when p[j] = 0 (the gap a block
// needs) and stays in j before the first block, after a gap and after the
// last block; every other move fails. State m accepts.
//
// The clauses are package encode's regular constraint (encode/regular.go:
// Bacchus's decomposition with state and transition variables, pruned to
// the live states, on which unit propagation is arc consistent), with the
// cell's literal for black and its negation for white, so exactly one
// symbol per cell holds by construction; a known cell is a position with
// one possible symbol. A line costs at most 2n(m+1) transition variables
// and n(m+1) state variables, and about five clauses per transition, fewer
// after pruning.

import (
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/sat"
)

// clueDFA returns the automaton of the lines that satisfy clue, over the
// symbols 0 (white) and 1 (black).
func clueDFA(clue nonogram.Clue) *encode.DFA {
	pat := make([]bool, 0, clue.MinLength())
	for j, l := range clue {
		if j > 0 {
			pat = append(pat, false)
		}
		for range l {
			pat = append(pat, true)
		}
	}
	m := len(pat)
	d := &encode.DFA{States: m + 1, Symbols: 2, Next: make([][]int, m+1), Accept: []int{m}}
	for j := range d.Next {
		white, black := -1, -1
		switch {
		case j < m && !pat[j]:
			white = j + 1
		case j == 0 || j == m || !pat[j-1]:
			white = j
		}
		if j < m && pat[j] {
			black = j + 1
		}
		d.Next[j] = []int{white, black}
	}
	return d
}

// encodeDFA writes the clauses of one line: clue over the literals x
// (constants for known cells), whose known colours are line.
func encodeDFA(w *clauseWriter, clue nonogram.Clue, x []sat.Lit, line []nonogram.Cell) {
	pos := make([][]sat.Lit, len(x))
	for i, l := range x {
		pos[i] = []sat.Lit{l.Not(), l} // white, black
		switch line[i] {
		case nonogram.Black:
			pos[i][0] = 0
		case nonogram.White:
			pos[i][1] = 0
		}
	}
	if err := encode.Regular(w.s, clueDFA(clue), pos); err != nil {
		panic("nonogram: " + err.Error()) // clueDFA is well formed
	}
}
