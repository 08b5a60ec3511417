package encode

// Reduced ordered BDDs for Σ aᵢxᵢ ≤ K (Abío, Nieuwenhuis, Oliveras,
// Rodríguez-Carbonell 2011).
//
// Order the terms by decreasing coefficient (ties keep their input order)
// and build the reduced BDD of the constraint top-down. A node at level i
// stands for Σ_{j≥i} aⱼxⱼ ≤ K' for a whole interval of K' (those with the
// same function); remembering the interval of every node built so far
// makes construction polynomial in the BDD's size, which is at most
// O(n·K) and often far less. Terminals are recognised directly: K' < 0 is
// false, K' ≥ the remaining sum is true.
//
// Each internal node with selector x, high child h (x true) and low child
// l gets one variable v and, since the function is monotone, two clauses
// instead of Tseitin's six:
//
//	v ∧ x → h,   v → l
//
// where a true child drops its clause and a false child its literal (the
// low child is never false). The root is asserted with a unit clause.
// Size: one variable per node, at most two clauses per node plus one;
// precisely Σ over nodes of [h ≠ true] + [l ≠ true], plus 1. Nodes at
// level i are the distinct functions of x_i..x_n, obtained by fixing
// x_1..x_(i−1), that depend on x_i.
//
// ≥ K is encoded as Σ aᵢ·¬xᵢ ≤ Σaᵢ − K (the BDD of the complemented
// constraint is the mirror image, so the size is the same, unlike the
// sequential counter's), = K as both.
//
// Unit propagation is arc-consistent for ≤ and ≥ (Abío et al., for these
// two clauses per node on monotone BDDs), though not for =, the
// conjunction of two BDDs (no method here is: that would decide subset
// sum).
//
// I. Abío, R. Nieuwenhuis, A. Oliveras, E. Rodríguez-Carbonell, BDDs for
// pseudo-Boolean constraints – revisited, SAT 2011, LNCS 6695, 61–75.

import (
	"math"
	"sort"

	"github.com/satsolve/satsolve/sat"
)

type bddEntry struct {
	lo, hi int64
	node   part
}

type bdd struct {
	s      sat.Sink
	terms  []sat.Term
	suffix []int64 // suffix[i] = Σ_{j≥i} aⱼ
	memo   [][]bddEntry
}

// bddAtMost encodes Σ terms ≤ k; coefficients must be positive.
func bddAtMost(s sat.Sink, terms []sat.Term, k int64) {
	ts := append([]sat.Term(nil), terms...)
	sort.SliceStable(ts, func(i, j int) bool { return ts[i].Coef > ts[j].Coef })
	b := &bdd{s: s, terms: ts, suffix: make([]int64, len(ts)+1), memo: make([][]bddEntry, len(ts))}
	for i := len(ts) - 1; i >= 0; i-- {
		b.suffix[i] = b.suffix[i+1] + ts[i].Coef
	}
	_, _, root := b.build(0, k)
	emit(s, root)
}

// build returns the node for Σ_{j≥i} ≤ k and the interval of bounds with
// the same function.
func (b *bdd) build(i int, k int64) (lo, hi int64, node part) {
	if k < 0 {
		return math.MinInt64, -1, partFalse
	}
	if k >= b.suffix[i] {
		return b.suffix[i], math.MaxInt64, partTrue
	}
	for _, e := range b.memo[i] {
		if e.lo <= k && k <= e.hi {
			return e.lo, e.hi, e.node
		}
	}
	a, x := b.terms[i].Coef, b.terms[i].Lit
	lo1, hi1, h := b.build(i+1, k-a)
	lo0, hi0, l := b.build(i+1, k)
	lo, hi = max(shift(lo1, a), lo0), min(shift(hi1, a), hi0)
	// No reduction is ever needed: the children differ. Both terminal is
	// impossible (h true would mean k ≥ suffix[i], l false k < 0), and
	// both the same inner node would need an interval of level i+1 to hold
	// k−a and k, but those intervals lie between consecutive subset sums
	// of the remaining terms, less than their smallest coefficient ≤ a
	// apart (this is what the decreasing order buys).
	v := part{l: b.s.NewVar().Pos()}
	emit(b.s, v.not(), part{l: x.Not()}, h)
	emit(b.s, v.not(), l)
	node = v
	b.memo[i] = append(b.memo[i], bddEntry{lo, hi, node})
	return lo, hi, node
}

// shift adds a ≥ 0 to an interval end, keeping the infinities.
func shift(v, a int64) int64 {
	if v == math.MinInt64 || v == math.MaxInt64 {
		return v
	}
	return v + a
}
