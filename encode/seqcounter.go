package encode

// The sequential counter (Sinz 2005), for weighted sums too.
//
// Upper bound Σ aᵢxᵢ ≤ K over n inputs (after normalisation n ≥ 2 and
// 1 ≤ aᵢ ≤ K): registers s(i,j) for rows i = 1..n−1 and j = 1..K, where
// s(i,j) is forced true when x1..xi sum to at least j:
//
//	row 1:        x1 → s(1,j)                    for j ≤ a1
//	row 1 < i < n: xi → s(i,j)                    for j ≤ ai
//	              s(i−1,j) → s(i,j)              for all j
//	              xi ∧ s(i−1,j) → s(i,j+ai)      for j ≤ K−ai
//	              xi → ¬s(i−1,K+1−ai)            (overflow)
//	row n:        xn → ¬s(n−1,K+1−an)            (overflow)
//
// (n−1)·K variables and a1 + (n−2)(2K+1) + 1 clauses; with unit weights
// (Sinz's LTseq for k) that is (n−1)k variables and 2nk + n − 4k clauses.
// Sinz also fixes s(1,j) false for j > 1 with k−1 unit clauses; they are
// not needed (those registers are never forced true) and are left out.
// Unit propagation is arc-consistent (Sinz, for unit weights; pbswc.go for
// weights).
//
// Lower bound Σ aᵢxᵢ ≥ K (n ≥ 2, coefficients saturated to 1 ≤ aᵢ ≤ K):
// the mirror image, with registers that may only be true when justified,
// s(i,j) → (x1..xi sum to at least j):
//
//	row 1:        s(1,j) → x1 for j ≤ a1,  ¬s(1,j) for j > a1
//	row 1 < i < n: s(i,j) → s(i−1,j) ∨ xi          for all j
//	              s(i,j) → s(i−1,j−ai)            for j > ai
//	row n:        s(n−1,K) ∨ xn,  and s(n−1,K−an) if K > an
//
// (n−1)·K variables and K + Σ over 1<i<n of (2K − ai) + 1 + [K > an]
// clauses; with unit weights (n−1)k variables and
// k + (n−2)(2k−1) + 1 + [k > 1] clauses. This is not the upper-bound
// counter applied to the negated inputs with bound n−k, which would cost
// Θ(n(n−k)). Unit propagation is arc-consistent here too (checked
// exhaustively in the tests).
//
// An equality adds both. The weighted form is Hölldobler, Manthey and
// Steinke's sequential weight counter; see pbswc.go.
//
// C. Sinz, Towards an optimal CNF encoding of Boolean cardinality
// constraints, CP 2005, LNCS 3709, 827–831.

import "github.com/satsolve/satsolve/sat"

// newRow returns k fresh register literals.
func newRow(s sat.Sink, k int64) []sat.Lit {
	row := make([]sat.Lit, k)
	for j := range row {
		row[j] = s.NewVar().Pos()
	}
	return row
}

// seqAtMost encodes Σ terms ≤ k; it needs n ≥ 2 and 1 ≤ aᵢ ≤ k.
// Registers are 0-based: reg[j-1] is s(i,j).
func seqAtMost(s sat.Sink, terms []sat.Term, k int64) {
	n := len(terms)
	var prev []sat.Lit
	for i, t := range terms {
		x, a := t.Lit, t.Coef
		if i == n-1 {
			s.AddClause(x.Not(), prev[k-a].Not())
			break
		}
		row := newRow(s, k)
		for j := int64(0); j < a; j++ {
			s.AddClause(x.Not(), row[j])
		}
		if i > 0 {
			for j := int64(0); j < k; j++ {
				s.AddClause(prev[j].Not(), row[j])
			}
			for j := int64(0); j < k-a; j++ {
				s.AddClause(x.Not(), prev[j].Not(), row[j+a])
			}
			s.AddClause(x.Not(), prev[k-a].Not())
		}
		prev = row
	}
}

// seqAtLeast encodes Σ terms ≥ k; it needs n ≥ 2 and 1 ≤ aᵢ ≤ k.
func seqAtLeast(s sat.Sink, terms []sat.Term, k int64) {
	n := len(terms)
	var prev []sat.Lit
	for i, t := range terms {
		x, a := t.Lit, t.Coef
		if i == n-1 {
			s.AddClause(prev[k-1], x)
			if k > a {
				s.AddClause(prev[k-a-1])
			}
			break
		}
		row := newRow(s, k)
		for j := int64(0); j < k; j++ {
			switch {
			case i > 0:
				s.AddClause(row[j].Not(), prev[j], x)
				if j >= a {
					s.AddClause(row[j].Not(), prev[j-a])
				}
			case j < a:
				s.AddClause(row[j].Not(), x)
			default:
				s.AddClause(row[j].Not())
			}
		}
		prev = row
	}
}
