package encode

// The commander encoding of at-most-one (Klieber and Kwon 2007).
//
// Split the n literals into groups of three (the last group may hold one or
// two). Within each group of two or three, forbid pairs and introduce a
// commander c with xi → c for each member; a group of one is its own
// commander. Then say at most one commander is true, recursively, until six
// or fewer literals remain, which take the pairwise encoding. With
// m = ⌈n/3⌉ groups:
//
//	n ≤ 6:  V(n) = 0,  C(n) = n(n−1)/2
//	n > 6:  V(n) = #groups of size ≥ 2 + V(m)
//	        C(n) = Σ over groups of size g ≥ 2 of (g + g(g−1)/2) + C(m)
//
// so a group of three costs one variable and six clauses. Unit propagation
// is arc-consistent: a true xi sets its commander, which (recursively)
// falsifies every other commander, and xj → cj then falsifies every xj
// outside the group, while the pairwise clauses handle the group itself.
//
// W. Klieber, G. Kwon, Efficient CNF encoding for selecting 1 from N
// objects, CFV workshop 2007.

import "github.com/satsolve/satsolve/sat"

func amoCommander(s sat.Sink, lits []sat.Lit) {
	if len(lits) <= 6 {
		amoPairwise(s, lits)
		return
	}
	var cmds []sat.Lit
	for i := 0; i < len(lits); i += 3 {
		g := lits[i:min(i+3, len(lits))]
		if len(g) == 1 {
			cmds = append(cmds, g[0])
			continue
		}
		amoPairwise(s, g)
		c := s.NewVar().Pos()
		for _, x := range g {
			s.AddClause(x.Not(), c)
		}
		cmds = append(cmds, c)
	}
	amoCommander(s, cmds)
}
