package walk_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/portfolio"
	"github.com/satsolve/satsolve/sat/sattest"
	"github.com/satsolve/satsolve/sat/walk"
)

// load adds every clause of f to s, after allocating its variables.
func load(s sat.Solver, f *sat.Formula) {
	for s.NewVar() < sat.Var(f.NumVars) {
	}
	for _, c := range f.Clauses {
		s.AddClause(c...)
	}
}

// TestPlanted checks that walk finds models of satisfiable random k-CNF
// (planted, below and near the threshold), and that each model satisfies
// the formula according to Formula.Check and agrees with Value.
func TestPlanted(t *testing.T) {
	cases := []struct{ n, m, k int }{
		{50, 200, 3}, {300, 1200, 3}, {1000, 4000, 3}, {200, 3000, 5}, {100, 3000, 7}, {40, 40, 1}, {60, 100, 2},
	}
	for i, tc := range cases {
		t.Run(fmt.Sprintf("n=%d m=%d k=%d", tc.n, tc.m, tc.k), func(t *testing.T) {
			f, _ := sattest.PlantedKSAT(uint64(i+1), tc.n, tc.m, tc.k)
			s := walk.New(walk.WithSeed(uint64(i)))
			load(s, f)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			st, err := s.Solve(ctx)
			if st != sat.Sat || err != nil {
				t.Fatalf("Solve = %v, %v after %d flips", st, err, s.Flips())
			}
			m := s.Model()
			if err := f.Check(m); err != nil {
				t.Fatal(err)
			}
			for v := 1; v <= tc.n; v++ {
				if s.Value(sat.Lit(v)) != m[v] {
					t.Fatalf("Value(%d) disagrees with Model", v)
				}
			}
		})
	}
}

// TestAgainstGini runs walk with a flip limit on random 3-SAT at the
// threshold: where gini says Sat, walk must find a model or give up with
// ErrUnknown (never a wrong answer); where gini says Unsat, walk must give
// up. Most satisfiable ones must be found (the test fails if walk finds
// fewer than half, which would mean the search is broken).
func TestAgainstGini(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (differential): skipped by go test -short; go test ./... runs it")
	}
	found, satisfiable := 0, 0
	for seed := uint64(1); seed <= 60; seed++ {
		f := sattest.RandomKSAT(seed, 40, 170, 3)
		g := gini.New()
		load(g, f)
		want, err := g.Solve(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		s := walk.New(walk.WithSeed(seed), walk.WithMaxFlips(200_000))
		load(s, f)
		st, err := s.Solve(context.Background())
		switch {
		case st == sat.Sat:
			if want != sat.Sat {
				t.Fatalf("seed %d: walk Sat, gini %v", seed, want)
			}
			if err := f.Check(s.Model()); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			found++
		case st == sat.Unknown && errors.Is(err, sat.ErrUnknown):
		default:
			t.Fatalf("seed %d: walk %v, %v (gini %v)", seed, st, err, want)
		}
		if want == sat.Sat {
			satisfiable++
		}
	}
	if satisfiable == 0 || found < satisfiable/2 {
		t.Fatalf("walk found %d of %d satisfiable formulas", found, satisfiable)
	}
	t.Logf("walk found %d of %d satisfiable formulas", found, satisfiable)
}

// TestAssumptions checks that assumptions hold in the model, and the
// cases where walk may answer Unsat: complementary assumptions, a clause
// falsified by the assumptions, an empty clause.
func TestAssumptions(t *testing.T) {
	f, hidden := sattest.PlantedKSAT(7, 30, 90, 3)
	s := walk.New()
	load(s, f)
	// Assumptions agreeing with the hidden model keep the formula
	// satisfiable; 35 is a variable above the pool, and NewVar must stay
	// above it afterwards.
	as := append(hidden.Lits(3), 35)
	if st, err := s.Solve(context.Background(), as...); st != sat.Sat || err != nil {
		t.Fatalf("Solve under satisfiable assumptions = %v, %v", st, err)
	}
	if err := f.CheckUnder(s.Model(), as); err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if !s.Value(a) {
			t.Fatalf("assumption %v does not hold in the model", a)
		}
	}
	if v := s.NewVar(); v != 36 {
		t.Fatalf("NewVar after assuming 35 = %d", v)
	}
	if st, err := s.Solve(context.Background(), 4, -4); st != sat.Unsat || err != nil || len(s.Failed()) == 0 {
		t.Fatalf("complementary assumptions: %v, %v, failed %v", st, err, s.Failed())
	}
	s.AddClause(5, 6)
	// The failed set is never empty here: empty would say the clauses
	// alone are unsatisfiable (sat.FailedAssumer).
	if st, err := s.Solve(context.Background(), -5, -6); st != sat.Unsat || err != nil || len(s.Failed()) == 0 {
		t.Fatalf("clause falsified by assumptions: %v, %v, failed %v", st, err, s.Failed())
	}
	s.AddClause()
	if st, err := s.Solve(context.Background()); st != sat.Unsat || err != nil {
		t.Fatalf("empty clause: %v, %v", st, err)
	}
}

// TestCancel checks that a deadline stops the search on an unsatisfiable
// formula with the context's error, and that the solver answers again
// afterwards.
func TestCancel(t *testing.T) {
	s := walk.New()
	load(s, sattest.Pigeonhole(9, 8))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	st, err := s.Solve(ctx)
	if st != sat.Unknown || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Solve = %v, %v", st, err)
	}
	pre, stop := context.WithCancel(context.Background())
	stop()
	if st, err := s.Solve(pre); st != sat.Unknown || !errors.Is(err, context.Canceled) {
		t.Fatalf("pre-cancelled Solve = %v, %v", st, err)
	}
	ok := walk.New()
	load(ok, sattest.Pigeonhole(5, 5))
	if st, err := ok.Solve(context.Background()); st != sat.Sat || err != nil {
		t.Fatalf("PHP(5,5) = %v, %v", st, err)
	}
}

// TestDeterministic checks that a seed fixes the search.
func TestDeterministic(t *testing.T) {
	f, _ := sattest.PlantedKSAT(3, 200, 840, 3)
	var flips [2]int64
	for i := range flips {
		s := walk.New(walk.WithSeed(42))
		load(s, f)
		if st, err := s.Solve(context.Background()); st != sat.Sat || err != nil {
			t.Fatal(st, err)
		}
		flips[i] = s.Flips()
	}
	if flips[0] != flips[1] {
		t.Fatalf("same seed, %d and %d flips", flips[0], flips[1])
	}
}

// TestPortfolioWithGini runs the standard differential set through a
// portfolio of gini and walk: walk may win the satisfiable ones, gini must
// answer the rest, and the answers must be right.
func TestPortfolioWithGini(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (differential): skipped by go test -short; go test ./... runs it")
	}
	for _, inst := range sattest.DifferentialInstances(11, 3) {
		t.Run(inst.Name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			sattest.Compare(t, ctx, inst,
				sattest.Backend{Name: "gini+walk", New: func() sat.Solver {
					return portfolio.New(portfolio.Member{Name: "gini", Solver: gini.New()}, portfolio.Member{Name: "walk", Solver: walk.New()})
				}},
				sattest.Backend{Name: "gini", New: func() sat.Solver { return gini.New() }})
		})
	}
}

// TestCancelWhileBuilding is the regression test for a Solve that ignored
// its context while building the search's view of the clauses (seconds on
// ten million clauses: a --timeout overrun of 5 s on a 3-million-clause
// file): the context ends during the build, and Solve stops there.
func TestCancelWhileBuilding(t *testing.T) {
	s := walk.New()
	for v := sat.Lit(1); v <= 20000; v++ {
		s.AddClause(v, v+1)
	}
	ctx := sattest.Countdown(2)
	st, err := s.Solve(ctx)
	if st != sat.Unknown || !errors.Is(err, context.Canceled) {
		t.Fatalf("Solve = %v, %v; want Unknown, canceled during the build", st, err)
	}
	if ctx.Asked != 3 {
		t.Errorf("Err asked %d times, want 3: stop at the first look after the end", ctx.Asked)
	}
	if st, err := s.Solve(context.Background()); st != sat.Sat || err != nil {
		t.Fatalf("then Solve = %v, %v", st, err)
	}
	// Every phase of the build looks: Solve first (1), the clauses (every
	// 4096: 5 looks), the occurrence lists (two passes of 60,000 literals,
	// every 2^16: 2) and the count of true literals before the first flip
	// (every 2^14 clauses: 2). A context that ends at any of these 10 looks
	// stops Solve at that look; one that ends later lets it answer.
	for n := 0; n <= 10; n++ {
		ctx := sattest.Countdown(n)
		st, err := s.Solve(ctx)
		if n == 10 {
			if st != sat.Sat || err != nil || ctx.Asked != 10 {
				t.Errorf("context ending after the build: Solve = %v, %v after %d looks", st, err, ctx.Asked)
			}
			break
		}
		if st != sat.Unknown || !errors.Is(err, context.Canceled) || ctx.Asked != n+1 {
			t.Errorf("context ending at look %d: Solve = %v, %v after %d looks", n+1, st, err, ctx.Asked)
		}
	}
}

// TestDeferCheck checks that walk is a sat.CheckDeferrer and still finds
// a model after DeferCheck, one that satisfies the clauses.
func TestDeferCheck(t *testing.T) {
	s := walk.New()
	f := &sat.Formula{}
	f.AddClause(1, 2)
	f.AddClause(-1, 3)
	f.AddClause(-3)
	load(s, f)
	if !sat.DeferCheck(s) {
		t.Fatal("walk is not a sat.CheckDeferrer")
	}
	st, err := s.Solve(context.Background())
	if st != sat.Sat || err != nil {
		t.Fatalf("%v, %v", st, err)
	}
	if err := f.Check(s.Model()); err != nil {
		t.Error(err)
	}
	if sat.DeferCheck(gini.New()) {
		t.Error("gini claims to defer its check")
	}
}
