package chipfire

import (
	"context"
	"math/rand/v2"
	"testing"
)

// inBox reports the first vertex whose script value lies outside the box,
// or −1.
func inBox(b scriptBox, f Script) int {
	for v := range f {
		if f[v] < b.lo[v] || f[v] > b.hi[v] {
			return v
		}
	}
	return -1
}

// randomEffective returns an effective divisor of degree k on n vertices.
func randomEffective(rng *rand.Rand, n int, k int64) Divisor {
	e := make(Divisor, n)
	for range k {
		e[rng.IntN(n)]++
	}
	return e
}

// TestBoxesContainReducedScripts checks the claim the models rest on
// (green.go): the script, with f(0) = 0, of the 0-reduced divisor of
// D − E (Dhar's algorithm, independent of the boxes) lies in
// reducedBox(D, deg E) for any effective E, and that of D − e_w lies in
// gonalityBox(w, deg D) for effective D; on random multigraphs with
// divisors of widely spread values, winnable or not.
func TestBoxesContainReducedScripts(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 9))
	for i := range 600 {
		n := 2 + rng.IntN(11)
		g := randomGraph(t, rng, n, rng.IntN(3*n))
		d := randomDivisor(rng, g, 1+rng.Int64N(30))
		k := rng.Int64N(4)
		e := randomEffective(rng, n, k)
		de := make(Divisor, n)
		for v := range d {
			de[v] = d[v] - e[v]
		}
		red, err := Reduce(ctx, g, de, 0)
		if err != nil {
			t.Fatal(err)
		}
		box, ok := g.reducedBox(d, k, MaxScript)
		if !ok {
			t.Fatalf("case %d: no box for %v on %v", i, d, g.Edges())
		}
		if v := inBox(box, red.Script); v >= 0 {
			t.Fatalf("case %d: D = %v, E = %v on %v: script %v leaves the box [%d, %d] at %d",
				i, d, e, g.Edges(), red.Script, box.lo[v], box.hi[v], v)
		}

		deg := 1 + rng.Int64N(int64(n)+2)
		dd := randomEffective(rng, n, deg)
		w := rng.IntN(n)
		dd[w]--
		red, err = Reduce(ctx, g, dd, 0)
		if err != nil {
			t.Fatal(err)
		}
		box, ok = g.gonalityBox(w, deg, MaxScript)
		if !ok {
			t.Fatalf("case %d: no gonality box on %v", i, g.Edges())
		}
		if v := inBox(box, red.Script); v >= 0 {
			t.Fatalf("case %d: D − e_%d = %v on %v: script %v leaves the box [%d, %d] at %d",
				i, w, dd, g.Edges(), red.Script, box.lo[v], box.hi[v], v)
		}
	}
}

// TestUpperGreenCertified checks on larger random graphs that the integer
// bounds exist (the repair stays within its limits) and satisfy
// L_0·u ≥ b exactly, recomputed here from the edge list.
func TestUpperGreenCertified(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	for _, n := range []int{2, 10, 60, 400} {
		g := randomGraph(t, rng, n, n)
		b := make([]int64, n)
		for v := 1; v < n; v++ {
			b[v] = rng.Int64N(2001) - 1000
		}
		u, ok := g.upperGreen(b)
		if !ok {
			t.Fatalf("n = %d: no bound", n)
		}
		for v := 1; v < n; v++ {
			r := -b[v]
			for _, e := range g.Edges() {
				if e.U == v {
					r += u[v] - u[e.V]
				} else if e.V == v {
					r += u[v] - u[e.U]
				}
			}
			if r < 0 {
				t.Fatalf("n = %d: L_0·u < b at %d", n, v)
			}
		}
		if u[0] != 0 {
			t.Errorf("n = %d: u(0) = %d", n, u[0])
		}
	}
}
