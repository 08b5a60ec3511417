package encode

// Sorting networks: Batcher's odd-even merge sort as a cardinality
// encoding (Eén and Sörensson 2006), and the comparators and merges that
// the cardinality network (cardnet.go) reuses.
//
// A comparator takes a, b and outputs max = a ∨ b and min = a ∧ b, as two
// fresh variables with half of the Tseitin clauses per direction:
//
//	upward   (for upper bounds):  a → max,  b → max,  a ∧ b → min
//	downward (for lower bounds):  max → a ∨ b,  min → a,  min → b
//
// so 2 variables and 3 clauses per direction. The odd-even merge of sorted
// sequences of lengths p and q merges the odd-indexed elements of both and
// the even-indexed ones recursively and finishes with a row of
// comparators; it works for any p and q (Knuth, TAOCP 3, 5.3.4):
//
//	M(p,q) = 0 if pq = 0;  1 if p = q = 1;
//	M(p,q) = M(⌈p/2⌉,⌈q/2⌉) + M(⌊p/2⌋,⌊q/2⌋) + ⌊(p+q−1)/2⌋ otherwise
//
// and the sort of n inputs splits them into ⌊n/2⌋ and ⌈n/2⌉:
//
//	S(n) = 0 for n ≤ 1;  S(n) = S(⌊n/2⌋) + S(⌈n/2⌉) + M(⌊n/2⌋, ⌈n/2⌉)
//
// (S(4) = 5, S(8) = 19, S(16) = 63, Batcher's counts). The full network
// costs 2·S(n) variables and 3·S(n) clauses per direction, O(n log² n),
// whatever k is; the cardinality network is the version pruned to k.
// Outputs y1 ≥ y2 ≥ … ≥ yn are the inputs sorted, true first, so Σ ≤ k is
// the unit ¬y(k+1), Σ ≥ k the unit yk, and the network is a Counter.
// Unit propagation is arc-consistent for cardinality constraints (Eén and
// Sörensson).
//
// K. E. Batcher, Sorting networks and their applications, AFIPS 1968.
// N. Eén, N. Sörensson, Translating pseudo-Boolean constraints into SAT,
// JSAT 2, 2006, 1–26.

import "github.com/satsolve/satsolve/sat"

// network builds comparators into a sink, with the clauses of the bounds.
type network struct {
	s sat.Sink
	b Bounds
}

// comparator returns max(a, b) and, when full, min(a, b); a half
// comparator (full false) builds only the max.
func (w network) comparator(a, b sat.Lit, full bool) (hi, lo sat.Lit) {
	hi = w.s.NewVar().Pos()
	if w.b&UpperBounds != 0 {
		w.s.AddClause(a.Not(), hi)
		w.s.AddClause(b.Not(), hi)
	}
	if w.b&LowerBounds != 0 {
		w.s.AddClause(hi.Not(), a, b)
	}
	if !full {
		return hi, 0
	}
	lo = w.s.NewVar().Pos()
	if w.b&UpperBounds != 0 {
		w.s.AddClause(a.Not(), b.Not(), lo)
	}
	if w.b&LowerBounds != 0 {
		w.s.AddClause(lo.Not(), a)
		w.s.AddClause(lo.Not(), b)
	}
	return hi, lo
}

// merge merges the sorted sequences a and b and returns the first need
// outputs of the result (all of them if need ≥ len(a)+len(b)), building
// only the comparators those outputs depend on.
func (w network) merge(a, b []sat.Lit, need int) []sat.Lit {
	c := min(need, len(a)+len(b))
	switch {
	case c <= 0:
		return nil
	case len(a) == 0:
		return b[:c]
	case len(b) == 0:
		return a[:c]
	case len(a) == 1 && len(b) == 1:
		hi, lo := w.comparator(a[0], b[0], c == 2)
		if c == 2 {
			return []sat.Lit{hi, lo}
		}
		return []sat.Lit{hi}
	}
	v := w.merge(every2(a, 0), every2(b, 0), c/2+1)
	u := w.merge(every2(a, 1), every2(b, 1), c/2)
	z := make([]sat.Lit, 1, c)
	z[0] = v[0]
	for i := 0; len(z) < c; i++ {
		switch {
		case i < len(u) && i+1 < len(v):
			full := len(z)+2 <= c
			hi, lo := w.comparator(u[i], v[i+1], full)
			z = append(z, hi)
			if full {
				z = append(z, lo)
			}
		case i+1 < len(v):
			z = append(z, v[i+1])
		default:
			z = append(z, u[i])
		}
	}
	return z
}

// every2 returns xs[from], xs[from+2], ….
func every2(xs []sat.Lit, from int) []sat.Lit {
	var out []sat.Lit
	for i := from; i < len(xs); i += 2 {
		out = append(out, xs[i])
	}
	return out
}

// sort returns the outputs of a full odd-even merge sort of xs.
func (w network) sort(xs []sat.Lit) []sat.Lit {
	if len(xs) <= 1 {
		return xs
	}
	mid := len(xs) / 2
	return w.merge(w.sort(xs[:mid]), w.sort(xs[mid:]), len(xs))
}
