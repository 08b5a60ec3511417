package encode

// The sequential weight counter (Hölldobler, Manthey, Steinke 2012).
//
// Sinz's sequential counter with weights: row i of registers s(i,1..K)
// holds the partial sum of x1..xi in unary, and input xi with weight aᵢ
// shifts the row by aᵢ. The code is shared with the cardinality counter
// (seqcounter.go), which is the case aᵢ = 1; sizes, for n normalised terms
// (1 ≤ aᵢ ≤ K):
//
//	≤ K:  (n−1)·K variables,  a1 + (n−2)(2K+1) + 1 clauses
//	≥ K:  (n−1)·K variables,  K + Σ_{1<i<n} (2K − aᵢ) + 1 + [K > an] clauses
//	= K:  both
//
// pseudo-polynomial: O(n·K), so large coefficients call for the BDD or
// the adder network. Unit propagation is arc-consistent for ≤ and for ≥
// (falsity flows back down the register rows to every input that would
// overflow); the tests check this exhaustively on small instances, and it
// held on 3000 random ones. For = it is not, as for every method here:
// that would decide subset sum.
//
// S. Hölldobler, N. Manthey, P. Steinke, A compact encoding of
// pseudo-Boolean constraints into SAT, KI 2012, LNCS 7526, 107–118.
