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
// known (a state alone at its position is the constant true). With x_i
// the literal of cell i and x_i=c meaning x_i or ¬x_i:
//
//	transition  ¬q(i,j) ∨ ¬(x_i=c) ∨ q(i+1, δ(j,c))    (without the last literal when δ(j,c) is not live)
//	support     ¬q(i+1,t) ∨ ∨{ q(i,j) : δ(j,c) = t for some c }
//
// Transitions alone are exact: in a model, the states along the run of the
// cells are forced true, so a word the automaton rejects falsifies some
// transition clause, and an accepted word extends by its run. Support
// clauses add backward propagation. A line costs at most 2n(m+1)
// transition and n(m+1) support clauses and n(m+1) variables, fewer after
// pruning; this is the encoding the research brief's cross-check used.

import "satsolve/sat"

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
	preds := make([]sat.Lit, 0, 3)
	for i := 0; i < n; i++ {
		for j := 0; j <= m; j++ {
			if !live[i*s+j] {
				continue
			}
			for _, b := range [2]bool{false, true} {
				if !allowed(i, b) {
					continue
				}
				if t := delta(j, b); t >= 0 {
					w.add(q[i*s+j].Not(), cellIs(i, b).Not(), q[(i+1)*s+t])
				} else {
					w.add(q[i*s+j].Not(), cellIs(i, b).Not())
				}
			}
		}
		for t := 0; t <= m; t++ {
			if !live[(i+1)*s+t] {
				continue
			}
			preds = append(preds[:0], q[(i+1)*s+t].Not())
			for _, j := range [2]int{t - 1, t} {
				if j < 0 || !live[i*s+j] {
					continue
				}
				for _, b := range [2]bool{false, true} {
					if delta(j, b) == t && allowed(i, b) {
						preds = append(preds, q[i*s+j])
						break
					}
				}
			}
			w.add(preds...)
		}
	}
}
