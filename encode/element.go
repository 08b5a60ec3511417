package encode

// Element: z = a[i], the index counting from first, over an array of
// constants, of integers or of literals.
//
// The index is kept within the array by two bound clauses. Over
// constants it is the support encoding (Gent 2002, with the direct
// encoding of the index):
//
//	i = u → z = a[u]                         for every index value u
//	z = w → ∨{ i = u : a[u] = w }            for every value w of the image
//
// with z first kept to the image (one clause z < lo ∨ z > hi per range of
// z's domain outside it). |D_i| binary clauses, one clause per image
// value, the value literals of i and z; unit propagation is
// domain-consistent on both. (The first clauses follow from the others,
// i taking one value: they are there for propagation from i to z.) Over integers: i = u → z = x_u, as two Leq2
// ladders guarded by i = u (O(|D|) clauses each; pseudo-Boolean
// constraints with the method m over log-encoded integers), and unit
// propagation is bounds-consistent on z once the index is fixed. Over
// literals: i = u → (c ↔ l_u), two ternary clauses per index value, and
// the same clauses give c's support.
//
// I. P. Gent, Arc consistency in SAT, ECAI 2002.

import (
	"github.com/satsolve/satsolve/sat"
)

// Element adds clauses enforcing z = a[i−first] (see the file comment).
func Element(s sat.Sink, i *Int, first int64, a []int64, z *Int) {
	valid := indexRange(s, i, first, len(a))
	support := map[int64][]part{}
	var image []int64
	for u := range valid.Values {
		w := a[u-first]
		if _, ok := support[w]; !ok {
			image = append(image, w)
		}
		at := i.eqP(s, u)
		support[w] = append(support[w], at)
		emit(s, at.not(), z.eqP(s, w))
	}
	for _, r := range z.dom.Minus(DomainOf(image...)).rs {
		emit(s, z.geP(s, r.Lo).not(), z.geP(s, r.Hi+1))
	}
	for _, w := range image {
		if z.dom.Contains(w) {
			emit(s, append([]part{z.eqP(s, w).not()}, support[w]...)...)
		}
	}
}

// ElementInts adds clauses enforcing z = xs[i−first] (see the file
// comment). The error is ErrNotApplicable when a pseudo-Boolean
// constraint is needed and m does not apply to s, or reports
// coefficients out of range.
func ElementInts(s sat.Sink, i *Int, first int64, xs []*Int, z *Int, m PBMethod) error {
	valid := indexRange(s, i, first, len(xs))
	for u := range valid.Values {
		g := guardPart(s, i.eqP(s, u))
		if g == nil {
			continue
		}
		x := xs[u-first]
		if err := Leq2(g, 1, z, -1, x, 0, m); err != nil {
			return err
		}
		if err := Leq2(g, -1, z, 1, x, 0, m); err != nil {
			return err
		}
	}
	return nil
}

// ElementLits adds clauses enforcing c ↔ lits[i−first].
func ElementLits(s sat.Sink, i *Int, first int64, lits []sat.Lit, c sat.Lit) {
	checkLits(append([]sat.Lit{c}, lits...))
	valid := indexRange(s, i, first, len(lits))
	for u := range valid.Values {
		at := i.eqP(s, u).not()
		l := part{l: lits[u-first]}
		emit(s, at, part{l: c.Not()}, l)
		emit(s, at, part{l: c}, l.not())
	}
}

// indexRange adds first ≤ i ≤ first+n−1 and returns the index values
// within it.
func indexRange(s sat.Sink, i *Int, first int64, n int) Domain {
	emit(s, i.geP(s, first))
	emit(s, i.leP(s, first+int64(n)-1))
	return i.dom.Intersect(RangeDomain(first, first+int64(n)-1))
}
