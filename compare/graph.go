package compare

import (
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/graph/graphs/gen"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/satsolve/satsolve/sat"
)

// The solved instance of Card and PB: the constraint over inputs x1..xn
// plus a random graph G(n, p) on the inputs, read as "the true inputs form
// an independent set" (no edge has both ends true) for ≥ and =, and as "the
// true inputs form a vertex cover" (every edge has a true end) for ≤. The
// graph pulls the count against the bound, so the instance asks for a
// large independent set or a small vertex cover: NP-complete, with the
// cardinality or PB encoding doing the counting.
//
// The default density is the first-moment threshold: the p at which the
// expected number of solutions, Σₛ N(s)·(1−p)^C(t,2) over the number s of
// true inputs (N(s) subsets of size s satisfy the constraint; t = s for an
// independent set, n − s for a vertex cover), is 1. There about half the
// random instances are satisfiable and they are hardest (the phase
// transition). N(s) is C(n,s) times the fraction of s-subsets that
// satisfy the constraint: exact when all coefficients are equal, estimated
// from samplesPerSize seeded random subsets otherwise.

// samplesPerSize is the number of random subsets per size used to estimate
// which fraction satisfies a weighted constraint.
const samplesPerSize = 2048

// A Graph is a simple undirected graph on vertices 0..N-1, its edges
// sorted, each with the smaller end first.
type Graph struct {
	N     int
	Edges [][2]int
}

// RandomGraph draws G(n, p) with gonum's generator (Batagelj–Brandes, the
// project's one G(n, p) generator) from a source seeded with seed: the
// same seed gives the same graph.
func RandomGraph(n int, p float64, seed uint64) (Graph, error) {
	sg := simple.NewUndirectedGraph()
	if err := gen.Gnp(sg, n, p, rand.NewPCG(seed, 0x9e3779b97f4a7c15)); err != nil {
		return Graph{}, err
	}
	// gonum numbers the nodes it makes 0..n-1 in order.
	g := Graph{N: n}
	edges := sg.Edges()
	for edges.Next() {
		e := edges.Edge()
		u, v := int(e.From().ID()), int(e.To().ID())
		g.Edges = append(g.Edges, [2]int{min(u, v), max(u, v)})
	}
	slices.SortFunc(g.Edges, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return g, nil
}

// ThresholdDensity returns the edge probability, rounded to three
// decimals, at which the expected number of solutions of c (over variables
// 1..n) with a G(n, p) independent-set (cover false) or vertex-cover
// (cover true) condition is 1; see the comment at the top of graph.go.
func ThresholdDensity(c sat.PB, n int, cover bool, seed uint64) float64 {
	logN := solutionsBySize(c, n, seed)
	pairs := func(s int) float64 {
		t := s
		if cover {
			t = n - s
		}
		return float64(t) * float64(t-1) / 2
	}
	// logE returns ln of the expected number of solutions at density p.
	logE := func(p float64) float64 {
		terms := make([]float64, 0, len(logN))
		for s, l := range logN {
			if math.IsInf(l, -1) {
				continue
			}
			switch k := pairs(s); {
			case k == 0:
				terms = append(terms, l)
			case p < 1:
				terms = append(terms, l+k*math.Log1p(-p))
			}
		}
		return logSumExp(terms)
	}
	switch {
	case logE(0) <= 0:
		return 0
	case logE(1) >= 0:
		return 1
	}
	lo, hi := 0.0, 1.0
	for range 60 {
		mid := (lo + hi) / 2
		if logE(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return math.Round((lo+hi)/2*1000) / 1000
}

// solutionsBySize returns, for s = 0..n, ln of the number of assignments
// with s true inputs that satisfy c (−Inf for none).
func solutionsBySize(c sat.PB, n int, seed uint64) []float64 {
	samples := samplesPerSize
	if equalCoefficients(c) {
		samples = 1 // every subset of a size has the same sum
	}
	r := rand.New(rand.NewPCG(seed, 0x6a09e667f3bcc909))
	perm := make([]int, n)
	a := sat.NewAssignment(n)
	out := make([]float64, n+1)
	for s := 0; s <= n; s++ {
		hits := 0
		for range samples {
			sampleSubset(r, perm, a, s)
			if c.Holds(a) {
				hits++
			}
		}
		out[s] = lnBinomial(n, s) + math.Log(float64(hits)/float64(samples))
	}
	return out
}

// sampleSubset sets a, an assignment of variables 1..len(perm), to s
// random variables true and the others false, using perm as scratch space.
func sampleSubset(r *rand.Rand, perm []int, a sat.Assignment, s int) {
	for i := range perm {
		perm[i] = i
	}
	clear(a)
	for i := 0; i < s; i++ {
		j := i + r.IntN(len(perm)-i)
		perm[i], perm[j] = perm[j], perm[i]
		a[perm[i]+1] = true
	}
}

func equalCoefficients(c sat.PB) bool {
	for _, t := range c.Terms {
		if t.Coef != c.Terms[0].Coef {
			return false
		}
	}
	return true
}

// lnBinomial returns ln C(n, k).
func lnBinomial(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// logSumExp returns ln Σ exp(xs), or −Inf for no terms.
func logSumExp(xs []float64) float64 {
	if len(xs) == 0 {
		return math.Inf(-1)
	}
	m := xs[0]
	for _, x := range xs {
		m = math.Max(m, x)
	}
	var sum float64
	for _, x := range xs {
		sum += math.Exp(x - m)
	}
	return m + math.Log(sum)
}
