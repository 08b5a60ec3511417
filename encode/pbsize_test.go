package encode_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// TestPBSize checks that PBSize counts exactly what PB writes, for every
// method on random constraints, and that a budget stops the count.
func TestPBSize(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		n := 1 + r.IntN(12)
		c := sat.PB{Op: ops[r.IntN(3)], K: int64(r.IntN(60) - 5)}
		for range n {
			c.Terms = append(c.Terms, sat.Term{Coef: int64(r.IntN(30) - 8), Lit: sat.Var(1 + r.IntN(n)).Lit(r.IntN(2) == 0)})
		}
		for _, m := range encode.PBMethods() {
			if m == encode.PBNative {
				continue
			}
			f := &sat.Formula{NumVars: n}
			if err := encode.PB(f, c, m); err != nil {
				t.Fatal(err)
			}
			vars, clauses, err := encode.PBSize(context.Background(), c, m, 0)
			if err != nil || vars != int64(f.NumVars-n) || clauses != int64(len(f.Clauses)) {
				t.Fatalf("%v %v: PBSize %d vars %d clauses (%v), PB wrote %d and %d", m, c, vars, clauses, err, f.NumVars-n, len(f.Clauses))
			}
			if clauses > 1 {
				_, got, err := encode.PBSize(context.Background(), c, m, clauses-1)
				if err != nil || got != clauses {
					t.Fatalf("%v %v: stop at %d counted %d (%v), want %d", m, c, clauses-1, got, err, clauses)
				}
			}
		}
	}
}

// TestPBSizeStops: a BDD of about 10^8 nodes (200 diverse coefficients)
// is counted only up to the budget, and not at all after the context
// ended.
func TestPBSizeStops(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	c := sat.PB{Op: sat.AtMost}
	for v := 1; v <= 200; v++ {
		c.Terms = append(c.Terms, sat.Term{Coef: 1 + r.Int64N(1<<33), Lit: sat.Var(v).Pos()})
		c.K += c.Terms[v-1].Coef / 2
	}
	_, clauses, err := encode.PBSize(context.Background(), c, encode.PBBDD, 100_000)
	if err != nil || clauses != 100_001 {
		t.Fatalf("counted %d clauses (%v), want to stop at 100001", clauses, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, clauses, err := encode.PBSize(ctx, c, encode.PBBDD, 0); !errors.Is(err, context.Canceled) || clauses > 4096 {
		t.Fatalf("after cancel: %d clauses, %v", clauses, err)
	}
	if _, _, err := encode.PBSize(context.Background(), sat.PB{Terms: []sat.Term{{Coef: 1}}}, encode.PBBDD, 0); err == nil {
		t.Fatal("a zero literal was accepted")
	}
}
