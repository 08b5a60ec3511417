package encode

// Cardinality networks (Asín, Nieuwenhuis, Oliveras, Rodríguez-Carbonell
// 2011): the sorting network pruned to the first c = limit outputs.
//
// For n ≤ c the inputs are sorted by the full odd-even merge sort
// (sortnet.go). Otherwise the first c inputs are sorted, the other n−c
// take a cardinality network of their own, and a simplified merge keeps
// only the top c outputs of merging the two: the merge is the odd-even
// merge built on demand, where an output that is not needed is not built
// and a comparator whose min is not needed is a half comparator (one
// variable, 2 upward / 1 downward clauses: just the max). With c = k+1 for
// Σ ≤ k, c = k for Σ ≥ k and c = k+1 for = k, the network has
// O(n log² c) comparators instead of O(n log² n).
//
// Counts, in comparators: full ones cost 2 variables and 3 clauses per
// direction, half ones 1 variable and 2 (upward) or 1 (downward) clauses.
// With F/H(p, q, c) the full/half comparators of the demand-driven merge
// of sorted lengths p, q to c = min(c, p+q) outputs:
//
//	c = 0, p = 0 or q = 0: none;  p = q = 1: one, full iff c = 2;
//	else: F/H(⌈p/2⌉, ⌈q/2⌉, ⌊c/2⌋+1) + F/H(⌊p/2⌋, ⌊q/2⌋, ⌊c/2⌋) plus the
//	final row, whose comparators produce outputs 2..c two at a time, the
//	last one half when c is even
//
// and the network is Card(n, c) = S(n) for n ≤ c (all full), otherwise
// S(c) + Card(n−c, c) + merge(c, min(c, n−c), c). Unit propagation is
// arc-consistent (Asín et al.).
//
// R. Asín, R. Nieuwenhuis, A. Oliveras, E. Rodríguez-Carbonell,
// Cardinality networks: a theoretical and empirical study, Constraints 16,
// 2011, 195–221.

import "github.com/satsolve/satsolve/sat"

// card returns the top min(c, len(xs)) outputs of the cardinality network.
func (w network) card(xs []sat.Lit, c int) []sat.Lit {
	if len(xs) <= c {
		return w.sort(xs)
	}
	return w.merge(w.sort(xs[:c]), w.card(xs[c:], c), c)
}
