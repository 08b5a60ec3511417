package chipfire

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
)

func newGini() sat.Solver { return gini.New() }

// TestRiemannRoch checks r(D) − r(K − D) = deg D + 1 − g with the
// brute-force rank, which uses no theorem, on random divisors of the
// brief's small graphs.
func TestRiemannRoch(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(10, 10))
	for name, g := range smallGraphs(t) {
		t.Run(name, func(t *testing.T) {
			k := g.Canonical()
			genus := int64(g.Genus())
			for range 40 {
				d := randomDivisor(rng, g, 2)
				kd := make(Divisor, len(d))
				for v := range d {
					kd[v] = k[v] - d[v]
				}
				r1, err := BruteRank(ctx, g, d, 1<<16)
				if err != nil {
					t.Fatal(err)
				}
				r2, err := BruteRank(ctx, g, kd, 1<<16)
				if err != nil {
					t.Fatal(err)
				}
				if int64(r1-r2) != d.Deg()+1-genus {
					t.Fatalf("D = %v: r(D) = %d, r(K−D) = %d, deg D + 1 − g = %d", d, r1, r2, d.Deg()+1-genus)
				}
			}
		})
	}
}

// TestRankSATAgainstBruteForce compares the SAT rank, pure and with
// Riemann–Roch, with the brute-force rank on random divisors, and with
// Cori–Le Borgne on complete graphs; every witness must pass
// CheckCertificate.
func TestRankSATAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 11))
	graphs := smallGraphs(t)
	graphs["K5"] = complete(t, 5)
	graphs["K2"] = complete(t, 2)
	for name, g := range graphs {
		t.Run(name, func(t *testing.T) {
			for i := range 8 {
				d := randomDivisor(rng, g, 2)
				want, err := BruteRank(ctx, g, d, 1<<16)
				if err != nil {
					t.Fatal(err)
				}
				if g.IsComplete() {
					if r, err := CoriLeBorgne(ctx, g, d); err != nil || r != want {
						t.Errorf("%v: Cori–Le Borgne %d (%v), brute force %d", d, r, err, want)
					}
				}
				res, err := Rank(ctx, g, d, newGini, RankOptions{Options: DefaultOptions(), Pure: i%2 == 0})
				if err != nil {
					t.Fatal(err)
				}
				if res.Rank != want {
					t.Errorf("%v (pure %v): SAT rank %d, brute force %d", d, i%2 == 0, res.Rank, want)
				}
				scanned := int64(res.Rank) // r(Scanned)
				if res.Dual {
					scanned -= d.Deg() + 1 - int64(g.Genus())
				}
				if err := g.CheckCertificate(res.Scanned, scanned+1, res.Witness); err != nil {
					t.Errorf("%v: witness: %v", d, err)
				}
			}
		})
	}
}

// TestCoriLeBorgne compares the Cori–Le Borgne rank with brute force on
// K3..K6, as the brief did (490 divisors there).
func TestCoriLeBorgne(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(12, 12))
	for n := 1; n <= 6; n++ {
		g := complete(t, n)
		for range 40 {
			d := randomDivisor(rng, g, 3)
			want, err := BruteRank(ctx, g, d, 1<<18)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := CoriLeBorgne(ctx, g, d); err != nil || got != want {
				t.Fatalf("K%d %v: Cori–Le Borgne %d (%v), brute force %d", n, d, got, err, want)
			}
		}
	}
	if _, err := CoriLeBorgne(ctx, cycle(t, 4), Divisor{1, 0, 0, 0}); err == nil {
		t.Error("Cori–Le Borgne accepted C4")
	}
}

// TestGonality checks the brief's divisorial gonalities with brute force
// and SAT.
func TestGonality(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		g    *Graph
		want int
	}{
		{"K2", complete(t, 2), 1},
		{"K3", complete(t, 3), 2},
		{"K4", complete(t, 4), 3},
		{"K5", complete(t, 5), 4},
		{"C5", cycle(t, 5), 2},
		{"P4", path(t, 4), 1},
		{"K2,3", bipartite(t, 2, 3), 2},
		{"K3,3", bipartite(t, 3, 3), 3},
		{"grid 2×4", grid(t, 2, 4), 2},
		{"grid 3×3", grid(t, 3, 3), 3},
		{"house", house(t), 2},
		{"diamond", diamond(t), 2},
		{"W5", wheel(t, 5), 4},
		{"cube", cube(t), 4},
		{"Petersen", petersen(t), 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, d, err := BruteGonality(ctx, c.g, 1<<20)
			if err != nil || got != c.want {
				t.Fatalf("brute force: %d (%v), want %d", got, err, c.want)
			}
			if d.Deg() != int64(got) || d[0] < 1 {
				t.Errorf("brute-force witness %v", d)
			}
			res, err := Gonality(ctx, c.g, newGini, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			if res.Gonality != c.want {
				t.Errorf("SAT gonality %d, want %d", res.Gonality, c.want)
			}
			if err := c.g.CheckGonality(res.Divisor, int64(res.Gonality), res.Scripts); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestRankStoppedLowerBound checks what Rank returns when its context ends
// during the scan: the degrees finished as a lower bound (issue 29: a
// stopped rank printed nothing). On K4, (1,1,1,1) has rank 2; the pure
// scan proves degree 0 and stops while on degree 1, so r ≥ 0.
func TestRankStoppedLowerBound(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	newSolver := func() sat.Solver {
		if calls++; calls == 2 {
			cancel()
		}
		return newGini()
	}
	res, err := Rank(ctx, complete(t, 4), Divisor{1, 1, 1, 1}, newSolver, RankOptions{Options: DefaultOptions(), Pure: true})
	if !errors.Is(err, context.Canceled) || res.Lower != 0 {
		t.Fatalf("err %v, lower %d; want context.Canceled and 0", err, res.Lower)
	}
	res, err = Rank(context.Background(), complete(t, 4), Divisor{1, 1, 1, 1}, newGini, RankOptions{Options: DefaultOptions(), Pure: true})
	if err != nil || res.Rank != 2 {
		t.Fatalf("unstopped: rank %d, err %v", res.Rank, err)
	}
}
