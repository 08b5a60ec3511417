package chipfire

import (
	"context"
	"math/bits"
)

// Bounds on firing scripts.
//
// If D − L·f = E ≥ 0 then max f − min f ≤ (n−1)·deg⁺(D)/λ(G), where
// deg⁺ is the sum of the positive entries and λ the edge connectivity
// (research brief, A5). Proof: let x_1 < … < x_k be the distinct values
// of f and S_j = {v : f(v) ≥ x_j}. Each edge leaving S_j carries an
// f-difference of at least x_j − x_{j−1}, and Σ_{v∈S_j} (L·f)(v) sums the
// f-differences over the cut, so (x_j − x_{j−1})·|∂S_j| ≤ Σ_{S_j}(D − E)
// ≤ deg⁺(D); with |∂S_j| ≥ λ, summing over the k−1 ≤ n−1 steps gives the
// bound. So a search over scripts with entries in 0..B, B the floor of the
// bound, finds a winning script whenever one exists, and "no script in the
// box" proves the game unwinnable.
//
// The same argument bounds the script of a rank certificate in the form
// the model asks for (satrank.go): D − E − L·f = D' with deg E = k,
// 0 ≤ D'(v) ≤ ν_π(v) for v ≠ q and D'(q) < 0, the form Dhar's algorithm
// gives. For a level set S without q, Σ_S (D − E − D') ≤ deg⁺(D) as
// before. For S containing q, Σ_S L·f = −Σ_{V∖S} L·f = Σ_{V∖S}(E − D + D')
// ≤ k + deg⁻(D) + Σ_{v≠q} ν_π(v) = k + deg⁻(D) + g, where deg⁻ is the sum
// of the absolute values of the negative entries and Σ_v ν_π(v) = m − n.
// So the range is at most (n−1)·max(deg⁺(D), k + deg⁻(D) + g)/λ.

// WinBound returns B = ⌊(n−1)·deg⁺(D)/λ(G)⌋, the largest range
// max f − min f of a winning script that is needed. It saturates at
// MaxScript.
func WinBound(g *Graph, d Divisor) int64 {
	return scriptBound(g, d.DegPlus())
}

// winBound is WinBound, stopping with ctx.Err() when ctx ends during the
// edge connectivity (n − 1 max-flows).
func winBound(ctx context.Context, g *Graph, d Divisor) (int64, error) {
	if _, err := g.edgeConnectivityContext(ctx); err != nil {
		return 0, err
	}
	return WinBound(g, d), nil
}

// CertBound returns the script range sufficient for a certificate that
// D − E is unwinnable, deg E = k, in the form of the rank model (see the
// file comment). It saturates at MaxScript.
func CertBound(g *Graph, d Divisor, k int64) int64 {
	neg := d.DegPlus() - d.Deg()
	return scriptBound(g, max(d.DegPlus(), satAdd(satAdd(k, neg), int64(g.Genus()))))
}

// scriptBound returns ⌊(n−1)·c/λ⌋, saturated at MaxScript.
func scriptBound(g *Graph, c int64) int64 {
	n := int64(len(g.adj))
	if n == 1 || c <= 0 {
		return 0
	}
	hi, lo := bits.Mul64(uint64(n-1), uint64(c))
	if hi != 0 {
		return MaxScript
	}
	b := lo / uint64(g.EdgeConnectivity())
	if b > MaxScript {
		return MaxScript
	}
	return int64(b)
}

// satAdd adds non-negative a and b, saturating at MaxScript.
func satAdd(a, b int64) int64 {
	if a > MaxScript-b {
		return MaxScript
	}
	return a + b
}
