package encode

// Comparing a binary number with a constant.
//
// bits holds a number least significant bit first; a 0 entry is a bit
// that is constantly false. With K's bits k_b:
//
//	value ≤ K  iff  for every b with k_b = 0:  ¬y_b ∨ ⋁{¬y_h : h > b, k_h = 1}
//	value ≥ K  iff  for every b with k_b = 1:   y_b ∨ ⋁{ y_h : h > b, k_h = 0}
//
// one clause per zero (one) bit of K: the highest position where value and
// K differ decides. A constant-false y_h with k_h = 1 makes the ≤ clause
// true and is skipped, as is a ≤ clause whose y_b is constant false; in
// the ≥ clauses constant-false bits simply drop out. Used by the adder
// network (pbadder.go) and the log encoding of integers (intvar.go). With
// one-directional adders these clauses stay correct as long as the bits
// can only overstate (for ≤) or understate (for ≥) the sum.

import "github.com/satsolve/satsolve/sat"

// binAtMost adds clauses forcing the number to be at most k.
func binAtMost(s sat.Sink, bits []sat.Lit, k int64) {
	if k < 0 {
		s.AddClause()
		return
	}
	if len(bits) < 63 && k >= 1<<len(bits)-1 {
		return
	}
	binAtMostBits(s, bits, func(b int) bool { return b < 63 && k>>b&1 == 1 })
}

// binAtLeast adds clauses forcing the number to be at least k.
func binAtLeast(s sat.Sink, bits []sat.Lit, k int64) {
	if k <= 0 {
		return
	}
	if len(bits) < 63 && k > 1<<len(bits)-1 {
		s.AddClause()
		return
	}
	binAtLeastBits(s, bits, func(b int) bool { return b < 63 && k>>b&1 == 1 })
}

// binAtMostBits adds the ≤ clauses for a K given by its bits, 0 ≤ K <
// 2^len(bits) − 1 (the callers handle the rest).
func binAtMostBits(s sat.Sink, bits []sat.Lit, kbit func(b int) bool) {
	for b, y := range bits {
		if kbit(b) || y == 0 {
			continue
		}
		c := []sat.Lit{y.Not()}
		void := false
		for h := b + 1; h < len(bits) && !void; h++ {
			if kbit(h) {
				if bits[h] == 0 {
					void = true
				}
				c = append(c, bits[h].Not())
			}
		}
		if !void {
			s.AddClause(c...)
		}
	}
}

// binAtLeastBits adds the ≥ clauses for a K given by its bits, 0 < K ≤
// 2^len(bits) − 1.
func binAtLeastBits(s sat.Sink, bits []sat.Lit, kbit func(b int) bool) {
	for b := range bits {
		if !kbit(b) {
			continue
		}
		var c []sat.Lit
		if bits[b] != 0 {
			c = append(c, bits[b])
		}
		for h := b + 1; h < len(bits); h++ {
			if !kbit(h) && bits[h] != 0 {
				c = append(c, bits[h])
			}
		}
		s.AddClause(c...)
	}
}
