package portfolio

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/sattest"
)

// plain hides every facet of a solver but sat.Solver's, PBAdder's too.
type plain struct{ sat.Solver }

// TestAddPBSplits checks AddPB's two ways: the member that takes PB
// constraints gets each one as it is, the other gets clauses equivalent to
// it (every assignment of its variables extends to a model of the clauses
// exactly when it satisfies the constraint), and both members' variable
// pools stay in step.
func TestAddPBSplits(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for i := range 200 {
		native, clausal := &fake{}, &fake{}
		p := New(Member{"native", native}, Member{"clausal", plain{clausal}})
		const n = 6
		for range n {
			p.NewVar()
		}
		c := sattest.RandomPBMix(rng, n)
		p.AddPB(c)
		if len(native.PBs) != 1 || len(native.Clauses) != 0 || len(clausal.PBs) != 0 {
			t.Fatalf("%d: native member has %d PB, %d clauses; clausal member %d PB", i, len(native.PBs), len(native.Clauses), len(clausal.PBs))
		}
		if native.NumVars != clausal.NumVars {
			t.Fatalf("%d: pools %d and %d", i, native.NumVars, clausal.NumVars)
		}
		p.NewVar() // panics if the pools disagree
		g := gini.New()
		if err := sattest.Load(g, &clausal.Formula); err != nil {
			t.Fatal(err)
		}
		a := sat.NewAssignment(n)
		for bits := range 1 << n {
			var as []sat.Lit
			for v := 1; v <= n; v++ {
				a[v] = bits>>(v-1)&1 != 0
				as = append(as, sat.Var(v).Lit(a[v]))
			}
			st, err := g.Solve(context.Background(), as...)
			if err != nil || (st == sat.Sat) != c.Holds(a) {
				t.Fatalf("%d: %v: the clauses and the constraint disagree on %v", i, c, as)
			}
		}
	}
}
