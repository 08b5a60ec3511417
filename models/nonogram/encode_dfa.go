package nonogram

// The automaton encoding.
//
// A line with clue L_0..L_{k−1} is a word of the regular language
// 0* 1^{L_0} 0+ 1^{L_1} 0+ … 1^{L_{k−1}} 0*. Its deterministic automaton
// has the states 0..m, m = ΣL_j + k − 1: state j has read the first j
// symbols of the shortest word p = 1^{L_0} 0 1^{L_1} 0 … 1^{L_{k−1}}.
// Reading 1 in state j goes to j+1 when p[j] = 1; reading 0 goes to j+1
// when p[j] = 0 (the gap a block needs) and stays in j before the first
// block, after a gap and after the last block; every other move fails.
// State m accepts.
//
// The SAT decomposition (Bacchus, GAC via unit propagation, CP 2007;
// Quimper and Walsh 2006) has a variable q(i,j) for "after i cells the
// automaton is in state j", kept only for the states reachable from the
// start and co-reachable to the accepting state given the cells already
// known (a state alone at its position is the constant true), and a
// transition variable t(i,j,c) for each live move: from state j at
// position i on symbol c into a live state. With x_i the literal of cell i
// and x_i=c meaning x_i or ¬x_i:
//
//	definition  t(i,j,c) ↔ q(i,j) ∧ (x_i=c)            (three clauses)
//	successor   ¬t(i,j,c) ∨ q(i+1, δ(j,c))
//	forward     ¬q(i,j) ∨ ∨{ t(i,j,c) : live moves out of j }
//	backward    ¬q(i+1,t) ∨ ∨{ t(i,j,c) : live moves into t }
//	value       ¬(x_i=c) ∨ ∨{ t(i,j,c) : live moves on c at i }
//
// The encoding is exact: in a model, the states along the run of the
// cells are true (the forward clauses from the start state and the
// successor clauses follow the run), a dead move is excluded by the
// forward clause of its state, so the run ends in the accepting state;
// conversely an accepted word extends by its run, with the other states
// and transitions false. Unit propagation on it enforces generalised arc
// consistency of the line (Bacchus): the value clauses remove a colour of
// a cell once no live move at that cell reads it. A line costs at most
// 2n(m+1) transition variables and n(m+1) state variables, and about five
// clauses per transition, fewer after pruning. Measured on the first 150
// TAAI 2011 puzzles with uniqueness, this is about 2.5 times faster with
// gini than the smaller decomposition without transition variables
// (transition and state-support clauses only), although it is twice as
// large.

import "github.com/satsolve/satsolve/sat"

// encodeDFA writes the clauses of one line: clue over the literals x
// (constants for known cells), whose known colours are line.
func encodeDFA(w *clauseWriter, clue Clue, x []sat.Lit, line []Cell) {
	n := len(x)
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
	// delta returns the successor of state j on symbol black (or white), or −1.
	delta := func(j int, black bool) int {
		switch {
		case black:
			if j < m && pat[j] {
				return j + 1
			}
		case j < m && !pat[j]:
			return j + 1
		case j == 0 || j == m || !pat[j-1]:
			return j
		}
		return -1
	}
	allowed := func(i int, black bool) bool {
		return line[i] == Unknown || (line[i] == Black) == black
	}
	// live[i*(m+1)+j]: state j at position i is reachable and co-reachable.
	s := m + 1
	fw := make([]bool, (n+1)*s)
	live := make([]bool, (n+1)*s)
	fw[0] = true
	for i := 0; i < n; i++ {
		for j := 0; j <= m; j++ {
			if !fw[i*s+j] {
				continue
			}
			for _, b := range [2]bool{false, true} {
				if t := delta(j, b); t >= 0 && allowed(i, b) {
					fw[(i+1)*s+t] = true
				}
			}
		}
	}
	if !fw[n*s+m] {
		w.add()
		return
	}
	live[n*s+m] = true
	for i := n - 1; i >= 0; i-- {
		for j := 0; j <= m; j++ {
			if !fw[i*s+j] {
				continue
			}
			for _, b := range [2]bool{false, true} {
				if t := delta(j, b); t >= 0 && allowed(i, b) && live[(i+1)*s+t] {
					live[i*s+j] = true
				}
			}
		}
	}
	// State literals.
	q := make([]sat.Lit, (n+1)*s)
	for i := 0; i <= n; i++ {
		count := 0
		for j := 0; j <= m; j++ {
			if live[i*s+j] {
				count++
			}
		}
		for j := 0; j <= m; j++ {
			switch {
			case !live[i*s+j]:
				q[i*s+j] = litFalse
			case count == 1:
				q[i*s+j] = litTrue
			default:
				q[i*s+j] = w.newVar()
			}
		}
	}
	cellIs := func(i int, black bool) sat.Lit {
		if black {
			return x[i]
		}
		return x[i].Not()
	}
	// Transition literals t(i,j,c) ↔ q(i,j) ∧ x_i=c (and then q(i+1,δ(j,c))).
	type trans struct {
		t    sat.Lit
		from int
		b    bool
	}
	in := make([][]trans, s) // incoming transitions of states at i+1
	byVal := [2][]sat.Lit{}
	out := make([]sat.Lit, 0, 2)
	for i := 0; i < n; i++ {
		for k := range in {
			in[k] = in[k][:0]
		}
		byVal[0], byVal[1] = byVal[0][:0], byVal[1][:0]
		for j := 0; j <= m; j++ {
			if !live[i*s+j] {
				continue
			}
			out = out[:0]
			for _, b := range [2]bool{false, true} {
				t := delta(j, b)
				if t < 0 || !allowed(i, b) || !live[(i+1)*s+t] {
					continue
				}
				var tl sat.Lit
				switch {
				case q[i*s+j] == litTrue && x[i] == litTrue && b, q[i*s+j] == litTrue && x[i] == litFalse && !b:
					tl = litTrue
				default:
					tl = w.newVar()
					w.add(tl.Not(), q[i*s+j])
					w.add(tl.Not(), cellIs(i, b))
					w.add(tl, q[i*s+j].Not(), cellIs(i, b).Not())
				}
				w.add(tl.Not(), q[(i+1)*s+t])
				out = append(out, tl)
				in[t] = append(in[t], trans{tl, j, b})
				vb := 0
				if b {
					vb = 1
				}
				byVal[vb] = append(byVal[vb], tl)
			}
			// Forward support.
			w.add(append([]sat.Lit{q[i*s+j].Not()}, out...)...)
		}
		// Backward support.
		for t := 0; t <= m; t++ {
			if !live[(i+1)*s+t] {
				continue
			}
			c := []sat.Lit{q[(i+1)*s+t].Not()}
			for _, tr := range in[t] {
				c = append(c, tr.t)
			}
			w.add(c...)
		}
		// Value support.
		for vb, ts := range byVal {
			c := []sat.Lit{cellIs(i, vb == 1).Not()}
			c = append(c, ts...)
			w.add(c...)
		}
	}
}
