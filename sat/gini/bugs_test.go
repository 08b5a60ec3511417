package gini_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/satsolve/satsolve/sat"
	ginisat "github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/sattest"
)

// TestBugGiniSolveAfterUnsat drives the adapter through every trigger of
// gini's pending level-0 conflict (log.Fatalf "internal error in solve: sat
// model", or an index panic in the trail): Solve again after UNSAT, clauses
// added until UNSAT then two solves, many assumption queries on an UNSAT
// base, and a long random incremental run. It runs in a child process so a
// regression fails the test instead of killing the binary.
func TestBugGiniSolveAfterUnsat(t *testing.T) {
	isolated(t, func(t *testing.T) {
		ctx := context.Background()
		t.Run("Repeat", func(t *testing.T) {
			s := load(sattest.Pigeonhole(4, 3))
			for i := range 5 {
				want(t, s, ctx, sat.Unsat, fmt.Sprint("solve ", i))
			}
		})
		t.Run("AddedUntilUnsat", func(t *testing.T) {
			s := ginisat.New()
			s.AddClause(1, 2)
			want(t, s, ctx, sat.Sat, "")
			s.AddClause(-1)
			s.AddClause(-2)
			want(t, s, ctx, sat.Unsat, "first")
			want(t, s, ctx, sat.Unsat, "second")
		})
		t.Run("AssumptionsOnUnsatBase", func(t *testing.T) {
			s := load(sattest.Pigeonhole(5, 4))
			rng := rand.New(rand.NewPCG(1, 2))
			for i := range 20 {
				as := []sat.Lit{sat.Lit(1 + rng.IntN(20)), -sat.Lit(1 + rng.IntN(20))}
				want(t, s, ctx, sat.Unsat, fmt.Sprint("query ", i, as), as...)
			}
		})
		t.Run("RandomIncremental", func(t *testing.T) {
			for seed := uint64(1); seed <= 10; seed++ {
				randomIncremental(t, seed)
			}
		})
	})
}

// TestBugGiniSolveAfterUnsatCanary checks that the trigger used above
// really ends a raw gini process. If it starts failing, upstream fixed the
// bug and the guard could be relaxed.
func TestBugGiniSolveAfterUnsatCanary(t *testing.T) {
	if inChild(t) {
		g := gini.New()
		for _, c := range sattest.Pigeonhole(4, 3).Clauses {
			for _, l := range c {
				g.Add(z.Dimacs2Lit(int(l)))
			}
			g.Add(z.LitNull)
		}
		fmt.Println("first", g.Solve())
		fmt.Println("second", g.Solve())
		return
	}
	out, err := runChild(t)
	if err == nil || !strings.Contains(out, "internal error in solve") && !strings.Contains(out, "panic") {
		t.Fatalf("raw gini survived Solve after UNSAT (%v):\n%s", err, out)
	}
}

// randomIncremental mixes clause additions and assumption queries on a
// formula that becomes UNSAT along the way, checking every answer with the
// oracle.
func randomIncremental(t *testing.T, seed uint64) {
	const n = 12
	rng := rand.New(rand.NewPCG(seed, 99))
	f := sattest.RandomKSAT(seed, n, 30, 3)
	o := sattest.NewOracle(f)
	s := load(f)
	for step := range 150 {
		if rng.IntN(4) == 0 {
			c := []sat.Lit{sat.Var(1 + rng.IntN(n)).Lit(rng.IntN(2) == 0), sat.Var(1 + rng.IntN(n)).Lit(rng.IntN(2) == 0)}
			o.AddClause(c...)
			s.AddClause(c...)
			continue
		}
		var as []sat.Lit
		for range rng.IntN(4) {
			as = append(as, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0))
		}
		w := sat.Unsat
		if o.Satisfiable(as...) {
			w = sat.Sat
		}
		want(t, s, context.Background(), w, fmt.Sprintf("seed %d step %d", seed, step), as...)
	}
}

// TestBugGiniTryDeadline checks that an expired deadline does not leak into
// later solves. gini's Try leaves its deadline armed, so a later Solve
// returns "unknown" at its first propagation tick; the adapter never calls
// Try. The formula has two guarded parts: PHP(11,10) under selector b,
// interrupted by a deadline, then a planted 3-SAT instance under selector
// a, random 3-SAT with 200 variables at ratio 4.1 (satisfiable), which
// needs more than one propagation tick (the canary checks it).
func TestBugGiniTryDeadline(t *testing.T) {
	f, a, b := twoParts()
	s := load(f)
	for i := range 3 {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
		st, err := s.Solve(ctx, b.Pos(), a.Neg())
		cancel()
		if st != sat.Unknown || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("round %d: hard solve with a deadline = %v, %v", i, st, err)
		}
		want(t, s, context.Background(), sat.Sat, "after the deadline", a.Pos(), b.Neg())
	}
	t.Run("RawGiniStillArmsTheDeadline", func(t *testing.T) {
		g := gini.New()
		for _, c := range f.Clauses {
			for _, l := range c {
				g.Add(z.Dimacs2Lit(int(l)))
			}
			g.Add(z.LitNull)
		}
		g.Assume(z.Dimacs2Lit(int(b)), z.Dimacs2Lit(-int(a)))
		if r := g.Try(30 * time.Millisecond); r != 0 {
			t.Fatalf("Try on PHP(11,10) = %d, want 0 (timeout)", r)
		}
		g.Assume(z.Dimacs2Lit(int(a)), z.Dimacs2Lit(-int(b)))
		if r := g.Solve(); r != 0 {
			t.Fatalf("raw Solve after an expired Try = %d, want the bug's 0: upstream fixed it, or the planted part is too easy to reach a propagation tick", r)
		}
	})
}

// twoParts returns a satisfiable random 3-SAT formula on 200 variables
// guarded by ¬a and PHP(11,10) guarded by ¬b.
func twoParts() (f *sat.Formula, a, b sat.Var) {
	random := sattest.RandomKSAT(5, 200, 820, 3)
	php := sattest.Pigeonhole(11, 10)
	a = sat.Var(201 + php.NumVars)
	b = a + 1
	f = &sat.Formula{NumVars: int(b)}
	for _, c := range random.Clauses {
		f.AddClause(append(c, a.Neg())...)
	}
	for _, c := range php.Clauses {
		shifted := make([]sat.Lit, 0, len(c)+1)
		for _, l := range c {
			shifted = append(shifted, sat.Var(int(l.Var())+200).Lit(l.IsPos()))
		}
		f.AddClause(append(shifted, b.Neg())...)
	}
	return f, a, b
}

// TestBugGiniStopDeadlock cancels solves at many moments, including races
// with the search ending by itself. With Wait in one goroutine and Stop in
// another, gini deadlocks; a watchdog turns a hang into a failure.
func TestBugGiniStopDeadlock(t *testing.T) {
	hard, sel := guarded(10)
	easy, _ := sattest.PlantedKSAT(3, 150, 500, 3)
	s := load(hard)
	e := load(easy)
	delays := []time.Duration{0, time.Microsecond, 30 * time.Microsecond, 300 * time.Microsecond, time.Millisecond, 3 * time.Millisecond, 10 * time.Millisecond}
	for round := range 40 {
		d := delays[round%len(delays)]
		watch(t, fmt.Sprint("hard, cancel after ", d), func() {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(d, cancel)
			if st, err := s.Solve(ctx, sel.Pos()); st != sat.Unknown || !errors.Is(err, context.Canceled) {
				t.Errorf("hard solve cancelled after %v = %v, %v", d, st, err)
			}
		})
		watch(t, fmt.Sprint("easy, cancel after ", d), func() {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(d, cancel)
			st, err := e.Solve(ctx)
			switch {
			case st == sat.Sat:
				if err := easy.Check(e.Model()); err != nil {
					t.Errorf("model after a racing cancel: %v", err)
				}
			case st != sat.Unknown || !errors.Is(err, context.Canceled):
				t.Errorf("easy solve cancelled after %v = %v, %v", d, st, err)
			}
		})
	}
	want(t, s, context.Background(), sat.Sat, "after the cancels", sel.Neg())
}

// watch runs f and fails the test if it does not return within a minute.
func watch(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		f()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatalf("%s: no answer within a minute (deadlock?)", what)
	}
}

// TestBugGiniValueBeyondCapacity reads values of variables gini never saw
// in a clause, beyond its default capacity of 128: raw gini panics with an
// index out of range.
func TestBugGiniValueBeyondCapacity(t *testing.T) {
	s := ginisat.New()
	var last sat.Var
	for range 300 {
		last = s.NewVar()
	}
	s.AddClause(1, 2)
	want(t, s, context.Background(), sat.Sat, "")
	if s.Value(last.Pos()) || !s.Value(last.Neg()) || s.Model().NumVars() < int(last) {
		t.Fatalf("variable %d: model does not cover it as false-by-default", last)
	}
	for range 500 {
		last = s.NewVar()
	}
	want(t, s, context.Background(), sat.Sat, "", last.Pos(), 2000)
	if !s.Value(last.Pos()) || !s.Value(2000) || s.Model().NumVars() < 2000 {
		t.Fatal("assumed variables beyond gini's capacity are not true in the model")
	}
	t.Run("RawGiniStillPanics", func(t *testing.T) {
		g := gini.New()
		g.Add(z.Dimacs2Lit(1))
		g.Add(z.LitNull)
		g.Solve()
		defer func() {
			if recover() == nil {
				t.Fatal("raw gini Value(300) did not panic: upstream grew its capacity on read")
			}
		}()
		g.Value(z.Var(300).Pos())
	})
}

func load(f *sat.Formula) *ginisat.Solver {
	s := ginisat.New()
	if err := sattest.Load(s, f); err != nil {
		panic(err)
	}
	return s
}

// want solves and checks the status, the model (against the solver's own
// answer to Value for the assumptions) and the absence of errors.
func want(t *testing.T, s *ginisat.Solver, ctx context.Context, w sat.Status, what string, as ...sat.Lit) {
	t.Helper()
	st, err := s.Solve(ctx, as...)
	if st != w || err != nil {
		t.Fatalf("%s: Solve(%v) = %v, %v; want %v", what, as, st, err, w)
	}
	if st == sat.Sat {
		for _, l := range as {
			if !s.Value(l) {
				t.Fatalf("%s: assumption %v false in the model", what, l)
			}
		}
	}
}

// guarded is PHP(holes+1, holes) with every clause guarded by ¬sel.
func guarded(holes int) (*sat.Formula, sat.Var) {
	php := sattest.Pigeonhole(holes+1, holes)
	sel := sat.Var(php.NumVars + 1)
	f := &sat.Formula{NumVars: int(sel)}
	for _, c := range php.Clauses {
		f.AddClause(append(c, sel.Neg())...)
	}
	return f, sel
}

// TestCancelWhileBuilding is the regression test for a Solve that ignored
// its context while giving its clauses to a fresh gini instance (seconds
// on ten million clauses: a --timeout overrun of 3 s on a
// 3-million-clause file): the context ends during the build and Solve
// stops there; the next Solve gives gini the rest, each clause once (the
// clauses x1, x1 → x2, …, whose only model is all true, and the model
// check catch a clause skipped).
func TestCancelWhileBuilding(t *testing.T) {
	const n = 20000
	s := ginisat.New()
	s.AddClause(1)
	for v := sat.Lit(1); v < n; v++ {
		s.AddClause(-v, v+1)
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
	for v := sat.Var(1); v <= n; v++ {
		if !s.Value(v.Pos()) {
			t.Fatalf("x%d false", v)
		}
	}
}
