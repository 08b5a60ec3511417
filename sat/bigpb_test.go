package sat

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestBigPBSmall checks Small against Holds on random constraints, by
// enumeration: the small constraint has exactly the big one's models.
func TestBigPBSmall(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 2000 {
		n := 1 + r.IntN(5)
		g := big.NewInt(1 + r.Int64N(7))
		if round%3 == 0 {
			g.Lsh(g, 70) // a divisor that brings 2^70-size coefficients back
		}
		c := BigPB{Op: Op(r.IntN(3)), K: new(big.Int).Mul(big.NewInt(r.Int64N(40)-10), g)}
		if round%2 == 0 {
			c.K.Add(c.K, big.NewInt(r.Int64N(5)))
		}
		for range n {
			a := new(big.Int).Mul(big.NewInt(r.Int64N(15)-7), g)
			c.Terms = append(c.Terms, BigTerm{Coef: a, Lit: Var(1 + r.IntN(n)).Lit(r.IntN(2) == 0)})
		}
		pb, ok := c.Small()
		if !ok {
			t.Fatalf("%v: no small form", c)
		}
		for m := 0; m < 1<<n; m++ {
			a := NewAssignment(n)
			for v := 1; v <= n; v++ {
				a[v] = m>>(v-1)&1 == 1
			}
			if pb.Holds(a) != c.Holds(a) {
				t.Fatalf("%v as %v: they differ on %v", c, pb, a)
			}
		}
	}
	huge := BigPB{Op: AtLeast, K: big.NewInt(1), Terms: []BigTerm{{Coef: new(big.Int).Lsh(big.NewInt(1), 100), Lit: 1}, {Coef: big.NewInt(1), Lit: 2}}}
	if _, ok := huge.Small(); ok {
		t.Fatal("2^100 x1 + x2 >= 1 has no int64 form")
	}
	if got := huge.String(); got != "+1267650600228229401496703205376 x1 +1 x2 >= 1 ;" {
		t.Fatalf("String: %q", got)
	}
}

func TestBigSum(t *testing.T) {
	terms := []Term{{Coef: math.MaxInt64, Lit: 1}, {Coef: math.MaxInt64, Lit: 2}, {Coef: -5, Lit: -3}, {Coef: math.MinInt64 + 1, Lit: 4}}
	a := Assignment{false, true, true, false, true}
	want, _ := new(big.Int).SetString("9223372036854775802", 10) // 2(2^63−1) − 5 − (2^63−1)
	if got := BigSum(terms, a); got.Cmp(want) != 0 {
		t.Fatalf("BigSum = %v, want %v", got, want)
	}
	a[4] = false
	want.SetString("18446744073709551609", 10) // 2(2^63−1) − 5
	if got := BigSum(terms, a); got.Cmp(want) != 0 {
		t.Fatalf("BigSum = %v, want %v", got, want)
	}
}
