package compare

import (
	"math"
	"math/big"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// cardPB returns Σ x1..xn op k.
func cardPB(n int, op sat.Op, k int64) sat.PB {
	c := sat.PB{Op: op, K: k}
	for i := 1; i <= n; i++ {
		c.Terms = append(c.Terms, sat.Term{Coef: 1, Lit: sat.Lit(i)})
	}
	return c
}

// weighted returns Σ coefs[i]·x(i+1) op k.
func weighted(coefs []int64, op sat.Op, k int64) sat.PB {
	c := sat.PB{Op: op, K: k}
	for i, a := range coefs {
		c.Terms = append(c.Terms, sat.Term{Coef: a, Lit: sat.Lit(i + 1)})
	}
	return c
}

// TestThresholdDensityClosedForm checks the threshold of "exactly k" with
// an independent set, where one size counts and the expected number of
// solutions C(n,k)·(1−p)^C(k,2) is 1 at p = 1 − C(n,k)^(−1/C(k,2)).
func TestThresholdDensityClosedForm(t *testing.T) {
	cases := []struct{ n, k int }{{57, 8}, {20, 5}, {100, 3}, {30, 15}}
	for _, tc := range cases {
		binom, _ := new(big.Float).SetInt(new(big.Int).Binomial(int64(tc.n), int64(tc.k))).Float64()
		want := 1 - math.Pow(binom, -1/float64(tc.k*(tc.k-1)/2))
		got := ThresholdDensity(cardPB(tc.n, sat.Equal, int64(tc.k)), tc.n, false, 1)
		if math.Abs(got-want) > 0.0005+1e-9 {
			t.Errorf("n=%d k=%d: density %v, want %.4f", tc.n, tc.k, got, want)
		}
	}
}

// TestThresholdDensityWeighted checks the sampled threshold of weighted
// constraints against the expected number of solutions computed by
// enumerating every subset: about one at the density returned.
func TestThresholdDensityWeighted(t *testing.T) {
	cases := []struct {
		name  string
		coefs []int64
		op    sat.Op
		k     int64
	}{
		{"cover le", []int64{3, 5, 7, 11, 2, 4, 6, 1, 9, 8, 3, 5, 7, 10, 2, 1, 4, 6}, sat.AtMost, 40},
		{"independent ge", []int64{3, 5, 7, 11, 2, 4, 6, 1, 9, 8, 3, 5, 7, 10, 2, 1, 4, 6}, sat.AtLeast, 30},
		{"independent eq", []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, sat.Equal, 24},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n := len(tc.coefs)
			c := weighted(tc.coefs, tc.op, tc.k)
			cover := tc.op == sat.AtMost
			p := ThresholdDensity(c, n, cover, 7)
			if p <= 0 || p >= 1 {
				t.Fatalf("density %v, want an interior threshold", p)
			}
			var expected float64
			for x := 0; x < 1<<n; x++ {
				var sum int64
				size := 0
				for i, a := range tc.coefs {
					if x>>i&1 == 1 {
						sum, size = sum+a, size+1
					}
				}
				if !holds(sum, tc.op, tc.k) {
					continue
				}
				t := size
				if cover {
					t = n - size
				}
				expected += math.Pow(1-p, float64(t*(t-1)/2))
			}
			if expected < 0.7 || expected > 1.4 {
				t.Errorf("density %v: %.3f solutions expected, want about 1", p, expected)
			}
		})
	}
}

// TestThresholdDensityEnds checks the clamps: no edges when even the empty
// graph leaves at most one solution, the complete graph when it still
// leaves one.
func TestThresholdDensityEnds(t *testing.T) {
	if p := ThresholdDensity(cardPB(10, sat.Equal, 10), 10, false, 1); p != 0 {
		t.Errorf("all of 10 inputs: density %v, want 0", p)
	}
	if p := ThresholdDensity(cardPB(10, sat.AtMost, 9), 10, true, 1); p != 1 {
		t.Errorf("a cover of at most 9 of 10: density %v, want 1 (K10 still has covers of 9)", p)
	}
}

// TestRandomGraph checks that the graph is simple, seeded and about as
// dense as asked.
func TestRandomGraph(t *testing.T) {
	g := mustGraph(t, 200, 0.3, 5)
	seen := map[[2]int]bool{}
	for _, e := range g.Edges {
		if e[0] >= e[1] || e[1] >= 200 || seen[e] {
			t.Fatalf("bad or repeated edge %v", e)
		}
		seen[e] = true
	}
	pairs := 200 * 199 / 2
	if got := float64(len(g.Edges)) / float64(pairs); math.Abs(got-0.3) > 0.02 {
		t.Errorf("density %.3f, want about 0.3", got)
	}
	h := mustGraph(t, 200, 0.3, 5)
	if !slices.Equal(h.Edges, g.Edges) {
		t.Error("the same seed gave another graph")
	}
	if other := mustGraph(t, 200, 0.3, 6); slices.Equal(other.Edges, g.Edges) {
		t.Error("another seed gave the same graph")
	}
	if e := mustGraph(t, 7, 1, 1); len(e.Edges) != 21 {
		t.Errorf("G(7, 1) has %d edges, want 21", len(e.Edges))
	}
	if e := mustGraph(t, 7, 0, 1); len(e.Edges) != 0 {
		t.Errorf("G(7, 0) has %d edges, want none", len(e.Edges))
	}
}

func mustGraph(t *testing.T, n int, p float64, seed uint64) Graph {
	t.Helper()
	g, err := RandomGraph(n, p, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestLinearText(t *testing.T) {
	cases := []struct {
		c    sat.PB
		want string
	}{
		{cardPB(57, sat.Equal, 8), "x1 + … + x57 = 8"},
		{cardPB(3, sat.AtMost, 1), "x1 + x2 + x3 <= 1"},
		{weighted([]int64{3, 5, 7, 11}, sat.AtMost, 17), "3 x1 + 5 x2 + 7 x3 + 11 x4 <= 17"},
		{weighted([]int64{3, -5, 7, 1, 1, 1, 2}, sat.AtLeast, 2), "3 x1 + -5 x2 + … + 2 x7 >= 2"},
	}
	for _, tc := range cases {
		if got := LinearText(tc.c); got != tc.want {
			t.Errorf("LinearText = %q, want %q", got, tc.want)
		}
	}
}
