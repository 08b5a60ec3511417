package portfolio

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/satsolve/satsolve/encode"
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
		if err := p.flushPB(context.Background()); err != nil {
			t.Fatal(err)
		}
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

// TestAddPBLarge checks the clausal member's copy of a constraint whose
// BDD would be large (48 terms, coefficients up to 2^40), for which AddPB
// takes the adder network: it must stay small, and agree with the
// constraint on random assignments of its variables.
func TestAddPBLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	const n = 48
	native, clausal := &fake{}, &fake{}
	p := New(Member{"native", native}, Member{"clausal", plain{clausal}})
	c := sat.PB{Op: sat.AtMost}
	var sum int64
	for v := 1; v <= n; v++ {
		co := 1 + rng.Int64N(1<<40)
		c.Terms = append(c.Terms, sat.Term{Coef: co, Lit: sat.Var(v).Pos()})
		sum += co
	}
	c.K = sum / 2
	if clausify(c) != encode.PBAdder {
		t.Fatal("a 48-term knapsack with 40-bit coefficients is not encoded as an adder network")
	}
	p.AddPB(c)
	if err := p.flushPB(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(clausal.Clauses) > 20000 {
		t.Fatalf("%d clauses for 48 terms", len(clausal.Clauses))
	}
	g := gini.New()
	if err := sattest.Load(g, &clausal.Formula); err != nil {
		t.Fatal(err)
	}
	a := sat.NewAssignment(n)
	for range 200 {
		var as []sat.Lit
		for v := 1; v <= n; v++ {
			a[v] = rng.IntN(2) == 0
			as = append(as, sat.Var(v).Lit(a[v]))
		}
		st, err := g.Solve(context.Background(), as...)
		if err != nil || (st == sat.Sat) != c.Holds(a) {
			t.Fatalf("the clauses say %v, the constraint %v", st, c.Holds(a))
		}
	}
}

// TestAddPBInterrupted checks a clausification that the context stops:
// the Solve answers Unknown with the context's error, the members without
// native constraints are retired and the others go on; with no member
// left, every later Solve fails.
func TestAddPBInterrupted(t *testing.T) {
	var running atomic.Int32
	native := &fake{status: sat.Sat, running: &running}
	clausal := &fake{status: sat.Unsat, running: &running}
	p := New(Member{"native", native}, Member{"clausal", plain{clausal}})
	p.AddPB(sat.PB{Terms: []sat.Term{{Coef: 1, Lit: 1}, {Coef: 2, Lit: 2}, {Coef: 3, Lit: 3}}, Op: sat.AtLeast, K: 3})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if st, err := p.Solve(ctx); st != sat.Unknown || err != context.Canceled {
		t.Fatalf("cancelled clausification: %v, %v", st, err)
	}
	if st, err := p.Solve(context.Background()); st != sat.Sat || err != nil || p.Winner() != "native" {
		t.Fatalf("after the retirement: %v, %v, winner %q", st, err, p.Winner())
	}
	p.NewVar() // the retired member's pool no longer counts

	q := New(Member{"a", plain{&fake{running: &running}}}, Member{"b", plain{&fake{running: &running}}})
	q.AddPB(sat.PB{Terms: []sat.Term{{Coef: 1, Lit: 1}, {Coef: 1, Lit: 2}}, Op: sat.AtLeast, K: 1})
	if _, err := q.Solve(ctx); err != context.Canceled {
		t.Fatalf("cancelled clausification without native member: %v", err)
	}
	if _, err := q.Solve(context.Background()); err != errPartial {
		t.Fatalf("later Solve: %v, want errPartial", err)
	}
}
