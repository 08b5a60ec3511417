package encode

// The block-start encoding.
//
// Block j of a line (length L_j) starts at an integer s_j whose domain D_j
// is the set of starts that occur in some completion of the line given the
// cells already known: the exact line solver computes it (line.Solver.Starts), so
// line solving shrinks the domains before anything is encoded, as in
// nonogrid. s_j is order-encoded with encode.NewInt: one literal
// g(j,a) ↔ s_j ≥ a per value above min D_j, chained g(j,a+1) → g(j,a)
// (Tamura et al. 2009; the representation Copris gives the same model).
// With x_c the literal of cell c, the line's clauses are:
//
//	holes      ¬g(j,a) ∨ g(j,a+1)                     a ∉ D_j, min D_j < a < max D_j
//	order      ¬g(j,a) ∨ g(j+1, a+L_j+1)              s_{j+1} ≥ s_j + L_j + 1
//	cover      ¬g(j,c−L_j+1) ∨ g(j,c+1) ∨ x_c         block j on c → c black
//	support    ¬x_c ∨ ¬g(0,c+1)                       c black → some block starts ≤ c
//	           ¬x_c ∨ g(j,c+1) ∨ ¬g(j+1,c+1) ∨ g(j,c−L_j+1)
//
// The last family says: if c is black and j is the last block starting at
// or before c (s_j ≤ c < s_{j+1}), then block j reaches c. Since the blocks
// are ordered, the last block started at or before a black cell is the only
// one that can cover it, so these clauses are exact without the auxiliary
// "block j covers c" variables of Bosch's model or nonogrid's one-hot
// positions (the "lean" block-position encoding reported up to 4.5× faster
// than a covered variant). Literals g(j,a) outside min D_j < a ≤ max D_j are
// the constants true (a ≤ min) and false (a > max), folded away, so every
// clause has at most four literals and a line costs O(Σ|range D_j| + n·k)
// clauses and Σ(|range D_j|−1) variables, besides the cells.
//
// R. A. Bosch, Painting by numbers, Optima 65, 2000. N. Tamura, A. Taga,
// S. Kitagawa, M. Banbara, Compiling finite linear CSP into SAT,
// Constraints 14, 2009.

import (
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
	"github.com/satsolve/satsolve/sat"
)

// encodeStarts writes the clauses of one line: clue over the literals x
// (constants for known cells), whose known colours are line.
func encodeStarts(w *clauseWriter, clue nonogram.Clue, x []sat.Lit, line []nonogram.Cell, ls *line.Solver) {
	n, k := len(x), len(clue)
	if k == 0 {
		for _, l := range x {
			w.add(l.Not())
		}
		return
	}
	dom := ls.Starts(clue, line)
	if dom == nil {
		w.add() // the known cells leave the line no completion
		return
	}
	lo, hi := make([]int, k), make([]int, k)
	ints := make([]*encode.Int, k)
	for j, d := range dom {
		lo[j], hi[j] = d[0], d[len(d)-1]
		if hi[j] > lo[j] {
			ints[j] = encode.NewInt(w.s, int64(lo[j]), int64(hi[j]), encode.IntOrder)
		}
	}
	g := func(j, a int) sat.Lit {
		switch {
		case a <= lo[j]:
			return litTrue
		case a > hi[j]:
			return litFalse
		}
		return ints[j].Ge(w.s, int64(a))
	}
	// count[a] = number of starts of D_j below a.
	count := make([]int, n+1)
	for j, d := range dom {
		l := clue[j]
		// Holes.
		next := 0
		for a := lo[j]; a <= hi[j]; a++ {
			if d[next] == a {
				next++
				continue
			}
			w.add(g(j, a).Not(), g(j, a+1))
		}
		// Order.
		if j+1 < k {
			for a := lo[j]; a <= hi[j]; a++ {
				w.add(g(j, a).Not(), g(j+1, a+l+1))
			}
		}
		// Cover: only cells some start of D_j covers.
		clear(count)
		for _, a := range d {
			count[a+1] = 1
		}
		for a := 1; a <= n; a++ {
			count[a] += count[a-1]
		}
		for c := lo[j]; c < hi[j]+l; c++ {
			if count[c+1]-count[max(c-l+1, 0)] > 0 {
				w.add(g(j, c-l+1).Not(), g(j, c+1), x[c])
			}
		}
	}
	// Support.
	for c := 0; c < n; c++ {
		if x[c] == litFalse {
			continue
		}
		w.add(x[c].Not(), g(0, c+1).Not())
		for j := 0; j < k; j++ {
			next := litFalse
			if j+1 < k {
				next = g(j+1, c+1).Not()
			}
			w.add(x[c].Not(), g(j, c+1), next, g(j, c-clue[j]+1))
		}
	}
}
