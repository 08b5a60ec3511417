package chipfire

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/gophersat"
)

// randomDivisor draws values in −spread..spread with an occasional bias
// so that both winnable and unwinnable divisors appear.
func randomDivisor(rng *rand.Rand, g *Graph, spread int64) Divisor {
	d := make(Divisor, g.N())
	bias := rng.Int64N(3) - 1
	for v := range d {
		d[v] = rng.Int64N(2*spread+1) - spread + bias
	}
	return d
}

// TestNativeAndSATAgree decides thousands of random divisors on random
// small multigraphs with the greedy algorithm, Dhar's algorithm at a random
// vertex, Winnable, and the bounded SAT model (gini, and every 50th case
// gophersat with native PB constraints, every 10th the plain model
// without windows); all must agree, every winning
// script must replay to an effective divisor, and every Dhar certificate
// must pass CheckCertificate.
func TestNativeAndSATAgree(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(6, 6))
	cases := 2000
	if testing.Short() {
		cases = 300
	}
	var won, lost int
	for i := range cases {
		n := 1 + rng.IntN(8)
		g := randomGraph(t, rng, n, rng.IntN(2*n))
		d := randomDivisor(rng, g, 1+rng.Int64N(4))
		gr, err := Greedy(ctx, g, d)
		if err != nil {
			t.Fatal(err)
		}
		q := rng.IntN(n)
		red, err := Reduce(ctx, g, d, q)
		if err != nil {
			t.Fatal(err)
		}
		script, cert, err := Winnable(ctx, g, d)
		if err != nil {
			t.Fatal(err)
		}
		var s sat.Solver = gini.New()
		opt := DefaultOptions()
		switch {
		case i%50 == 0:
			s, opt.PB = gophersat.New(), encode.PBNative
		case i%10 == 1:
			opt.Plain = true
		}
		sr, err := SolveWin(ctx, g, d, s, opt)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		want := red.Winnable()
		if gr.Winnable != want || (script != nil) != want || sr.Winnable != want {
			t.Fatalf("case %d, %v on %v: greedy %v, Dhar@%d %v (reduced %v), Winnable %v, SAT %v",
				i, d, g.Edges(), gr.Winnable, q, want, red.Divisor, script != nil, sr.Winnable)
		}
		if want {
			won++
			for name, f := range map[string]Script{"greedy": gr.Script, "Dhar": red.Script, "Winnable": script, "SAT": sr.Script} {
				if err := g.CheckWin(d, f); err != nil {
					t.Fatalf("case %d: %s script %v: %v", i, name, f, err)
				}
			}
			if sr.Script.Moves() > 0 && slices.Min(sr.Script) != 0 {
				t.Errorf("case %d: SAT script %v is not normalised", i, sr.Script)
			}
			continue
		}
		lost++
		if err := g.CheckCertificate(d, 0, *cert); err != nil {
			t.Fatalf("case %d: certificate: %v", i, err)
		}
		if err := g.CheckCertificate(d, 0, Certificate{Order: red.Order, Script: red.Script}); err != nil {
			t.Fatalf("case %d: certificate at %d: %v", i, q, err)
		}
	}
	if won < cases/5 || lost < cases/5 {
		t.Errorf("unbalanced sample: %d winnable, %d unwinnable", won, lost)
	}
}

// TestDichotomy checks the Baker–Norine dichotomy on the SAT side: the
// certificate model for k = 0 is satisfiable exactly when the winnability
// model is not.
func TestDichotomy(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range 300 {
		n := 1 + rng.IntN(6)
		g := randomGraph(t, rng, n, rng.IntN(2*n))
		d := randomDivisor(rng, g, 3)
		w, err := SolveWin(ctx, g, d, gini.New(), DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		c, err := SolveCert(ctx, g, d, 0, gini.New(), DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if w.Winnable == (c != nil) {
			t.Fatalf("case %d, %v on %v: winnable %v, certificate %v", i, d, g.Edges(), w.Winnable, c)
		}
	}
}

// TestReducedProperties checks, on random graphs of up to 90 vertices
// (where the real start is used), that D − L·script is the reduced
// divisor, that it is non-negative off q and that the fire burns everything
// (superstable), that the reduction does not depend on phase 1 (real
// start or not), that equivalent divisors reduce alike, and that
// Equivalent recovers a script between them.
func TestReducedProperties(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(8, 8))
	defer func(old int) { realStartFrom = old }(realStartFrom)
	for i := range 60 {
		n := 1 + rng.IntN(90)
		g := randomGraph(t, rng, n, rng.IntN(2*n))
		d := randomDivisor(rng, g, 4)
		q := rng.IntN(n)
		realStartFrom = 1
		r1, err := Reduce(ctx, g, d, q)
		if err != nil {
			t.Fatal(err)
		}
		realStartFrom = MaxVertices + 1
		r2, err := Reduce(ctx, g, d, q)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r1.Divisor, r2.Divisor) || !slices.Equal(r1.Script, r2.Script) {
			t.Fatalf("case %d: real start gives %v, plain %v", i, r1.Divisor, r2.Divisor)
		}
		back, _ := g.Apply(d, r1.Script)
		if !slices.Equal(back, r1.Divisor) || r1.Script[q] != 0 {
			t.Fatalf("case %d: script %v does not lead to the reduced divisor", i, r1.Script)
		}
		for v, x := range r1.Divisor {
			if v != q && x < 0 {
				t.Fatalf("case %d: reduced divisor negative at %d", i, v)
			}
		}
		if nb := newBurner(n).burn(g, r1.Divisor, q); nb != n {
			t.Fatalf("case %d: only %d of %d vertices burn", i, nb, n)
		}
		// An equivalent divisor: fire a random script.
		f := make(Script, n)
		for v := range f {
			f[v] = rng.Int64N(7) - 3
		}
		e, _ := g.Apply(d, f)
		re, err := Reduce(ctx, g, e, q)
		if err != nil || !slices.Equal(re.Divisor, r1.Divisor) {
			t.Fatalf("case %d: D − L·f reduces to %v, D to %v", i, re.Divisor, r1.Divisor)
		}
		ok, h, err := Equivalent(ctx, g, d, e)
		if err != nil || !ok {
			t.Fatalf("case %d: Equivalent = %v, %v", i, ok, err)
		}
		if got, _ := g.Apply(d, h); !slices.Equal(got, e) {
			t.Fatalf("case %d: Equivalent's script gives %v, want %v", i, got, e)
		}
	}
}

// TestCycleEquivalence checks Equivalent against the Abel–Jacobi invariant
// of the cycle C_n: D ~ D' exactly when they have the same degree and
// Σ i·D(v_i) ≡ Σ i·D'(v_i) (mod n).
func TestCycleEquivalence(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 9))
	for n := 3; n <= 8; n++ {
		g := cycle(t, n)
		aj := func(d Divisor) int64 {
			var s int64
			for i, x := range d {
				s += int64(i) * x
			}
			return ((s % int64(n)) + int64(n)) % int64(n)
		}
		for range 100 {
			d1, d2 := randomDivisor(rng, g, 2), randomDivisor(rng, g, 2)
			d2[rng.IntN(n)] += d1.Deg() - d2.Deg() // same degree
			want := aj(d1) == aj(d2)
			got, f, err := Equivalent(ctx, g, d1, d2)
			if err != nil || got != want {
				t.Fatalf("C%d: %v ~ %v: got %v (%v), Abel–Jacobi says %v", n, d1, d2, got, err, want)
			}
			if got {
				if e, _ := g.Apply(d1, f); !slices.Equal(e, d2) {
					t.Fatalf("C%d: script %v takes %v to %v, not %v", n, f, d1, e, d2)
				}
			}
		}
	}
}
