package encode_test

import (
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/sat"
)

// TestIncTotalizerExhaustive builds the totalizer over n ≤ 7 inputs at a
// small cap, raises it step by step, and checks after every step, under
// every assignment of the inputs, that ¬Output(k+1) holds exactly when at
// most k inputs are true, that the clauses alone exclude no assignment,
// and that propagation is arc-consistent for Σ ≤ k.
func TestIncTotalizerExhaustive(t *testing.T) {
	for n := 1; n <= 7; n++ {
		for first := 1; first <= n; first++ {
			f, vars, lits := inputs(n)
			tot := encode.NewIncTotalizer(f, lits, first)
			for limit := first; limit <= n; limit++ {
				tot.Extend(limit)
				if got := tot.Limit(); got != limit {
					t.Fatalf("n=%d: Limit() = %d after Extend(%d)", n, got, limit)
				}
				exhaust(t, f, vars, func(uint64) bool { return true })
				for k := 0; k < limit; k++ {
					g := f.Copy()
					g.AddClause(tot.AtMost(k))
					holds := func(m uint64) bool { return popcount(m) <= k }
					if got, want := exhaust(t, g, vars, holds), cardCount(n, sat.AtMost, k); got != want {
						t.Fatalf("n=%d cap %d k=%d: %d assignments, want %d", n, limit, k, got, want)
					}
					if err := check.CheckAC(g, vars, holds); err != nil {
						t.Fatalf("n=%d cap %d k=%d: %v", n, limit, k, err)
					}
				}
			}
		}
	}
}

// TestIncTotalizerSameAsFresh checks the claim of the essay: extended step
// by step, the totalizer has exactly the variables and clauses of one
// built at the final cap at once.
func TestIncTotalizerSameAsFresh(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		n := 1 + r.IntN(40)
		final := 1 + r.IntN(n)
		f, _, lits := inputs(n)
		tot := encode.NewIncTotalizer(f, lits, 1+r.IntN(final))
		added := 0
		for tot.Limit() < final {
			added += tot.Extend(tot.Limit() + 1 + r.IntN(final-tot.Limit()))
		}
		g, _, glits := inputs(n)
		encode.NewIncTotalizer(g, glits, final)
		fv, fc := size(f, n)
		gv, gc := size(g, n)
		if fv != gv || fc != gc {
			t.Fatalf("n=%d cap %d: extended %d vars %d clauses, fresh %d vars %d clauses", n, final, fv, fc, gv, gc)
		}
		if added > fc {
			t.Fatalf("Extend reported %d clauses, the formula has %d", added, fc)
		}
	}
}

func TestIncTotalizerEdges(t *testing.T) {
	f, _, lits := inputs(3)
	tot := encode.NewIncTotalizer(f, lits, 10)
	if tot.Limit() != 3 || tot.Inputs() != 3 {
		t.Fatalf("cap %d inputs %d, want 3 and 3", tot.Limit(), tot.Inputs())
	}
	if tot.Extend(2) != 0 {
		t.Fatal("a lower limit added clauses")
	}
	// AtMost(3) is a constant true, AtMost(-1) a constant false.
	g := f.Copy()
	g.AddClause(tot.AtMost(3))
	g.AddClause(tot.AtMost(-1).Not())
	if _, err := check.Exhaust(g, []sat.Var{1, 2, 3}, func(uint64) bool { return true }); err != nil {
		t.Fatal(err)
	}
	g.AddClause(tot.AtMost(-1))
	if _, err := check.Exhaust(g, []sat.Var{1, 2, 3}, func(uint64) bool { return false }); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []func(){
		func() { encode.NewIncTotalizer(f, nil, 1) },
		func() { encode.NewIncTotalizer(f, []sat.Lit{1, 0}, 1) },
		func() { encode.NewIncTotalizer(f, lits, 1).Output(2) },
		func() { encode.NewIncTotalizer(f, lits, 1).AtMost(1) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			bad()
		}()
	}
}
