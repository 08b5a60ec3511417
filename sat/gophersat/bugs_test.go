package gophersat

import (
	"context"
	"errors"
	"fmt"
	"go/build"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/crillab/gophersat/solver"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/sattest"
)

// modes lists both ways of running gophersat, for tests that cover each.
var modes = []Mode{Child, InProcess}

// withGate runs f while holding the in-process gate, for canaries that call
// gophersat directly.
func withGate(f func()) {
	gate <- struct{}{}
	defer func() { <-gate }()
	f()
}

func solveWant(t *testing.T, s *Solver, want sat.Status, as ...sat.Lit) {
	t.Helper()
	st, err := s.Solve(context.Background(), as...)
	if st != want || err != nil {
		t.Fatalf("Solve(%v) = %v, %v; want %v", as, st, err, want)
	}
}

// TestBugGophersatConcurrentInstances runs several solvers at once in
// parallel goroutines, in both modes. gophersat's package-global scratch
// buffer makes raw concurrent instances panic or answer wrongly; the child
// processes isolate them and the in-process gate serialises them.
func TestBugGophersatConcurrentInstances(t *testing.T) {
	type job struct {
		f    *sat.Formula
		want sat.Status
	}
	planted, _ := sattest.PlantedKSAT(5, 120, 500, 3)
	jobs := []job{
		{sattest.Pigeonhole(7, 6), sat.Unsat},
		{planted, sat.Sat},
		{sattest.Pigeonhole(6, 6), sat.Sat},
		{sattest.Pigeonhole(6, 5), sat.Unsat},
	}
	for _, mode := range modes {
		t.Run(mode.String(), func(t *testing.T) {
			var wg sync.WaitGroup
			errs := make(chan error, 4*len(jobs))
			for g := range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := range jobs {
						j := jobs[(g+i)%len(jobs)]
						s := New(WithMode(mode))
						_ = sattest.Load(s, j.f)
						st, err := s.Solve(context.Background())
						switch {
						case st != j.want || err != nil:
							errs <- fmt.Errorf("goroutine %d job %d: %v, %v; want %v", g, i, st, err, j.want)
						case st == sat.Sat:
							if err := j.f.Check(s.Model()); err != nil {
								errs <- fmt.Errorf("goroutine %d job %d: %v", g, i, err)
							}
						}
					}
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Error(err)
			}
		})
	}
}

// TestBugGophersatAssumeForgetsUnits: gophersat's Assume drops the
// problem's unit clauses and accepts x with ¬x. The adapter never calls it.
func TestBugGophersatAssumeForgetsUnits(t *testing.T) {
	for _, mode := range modes {
		t.Run(mode.String(), func(t *testing.T) {
			s := New(WithMode(mode))
			s.AddClause(1)
			s.AddClause(2, 3)
			solveWant(t, s, sat.Unsat, -1)
			solveWant(t, s, sat.Sat, 1, -2)
			solveWant(t, s, sat.Unsat, 2, -2)
		})
	}
	t.Run("RandomWithUnits", func(t *testing.T) {
		// 30 instances with three unit clauses each, 30 queries each: the
		// workload on which raw Assume gave 30 wrong answers in 3000.
		for seed := uint64(1); seed <= 30; seed++ {
			rng := rand.New(rand.NewPCG(seed, 3))
			f := sattest.RandomKSAT(seed, 10, 25, 3)
			for range 3 {
				f.AddClause(sat.Var(1 + rng.IntN(10)).Lit(rng.IntN(2) == 0))
			}
			o := sattest.NewOracle(f)
			s := New(WithMode(InProcess))
			_ = sattest.Load(s, f)
			for range 30 {
				var as []sat.Lit
				for range 1 + rng.IntN(3) {
					as = append(as, sat.Var(1+rng.IntN(10)).Lit(rng.IntN(2) == 0))
				}
				want := sat.Unsat
				if o.Satisfiable(as...) {
					want = sat.Sat
				}
				solveWant(t, s, want, as...)
			}
		}
	})
	t.Run("RawStillWrong", func(t *testing.T) {
		withGate(func() {
			s := solver.New(solver.ParseSlice([][]int{{1}, {2, 3}}))
			s.Assume([]solver.Lit{solver.IntToLit(-1)})
			if s.Solve() != solver.Sat {
				t.Fatal("raw Assume now keeps unit clauses: upstream fixed the bug")
			}
		})
	})
}

// TestBugGophersatCardUnits: ParseCardConstrs answers SAT on unit
// constraints plus [1,2,3] ≥ 2, which is UNSAT. The adapter uses only the
// PB path.
func TestBugGophersatCardUnits(t *testing.T) {
	for _, mode := range modes {
		t.Run(mode.String(), func(t *testing.T) {
			s := New(WithMode(mode))
			s.AddClause(1)
			s.AddClause(-2)
			s.AddClause(-3)
			s.AddPB(sat.PB{Terms: []sat.Term{{Coef: 1, Lit: 1}, {Coef: 1, Lit: 2}, {Coef: 1, Lit: 3}}, Op: sat.AtLeast, K: 2})
			solveWant(t, s, sat.Unsat)
		})
	}
	t.Run("RawStillWrong", func(t *testing.T) {
		withGate(func() {
			p := solver.ParseCardConstrs([]solver.CardConstr{
				solver.AtLeast1(1), solver.AtLeast1(-2), solver.AtLeast1(-3), {Lits: []int{1, 2, 3}, AtLeast: 2}})
			if solver.New(p).Solve() != solver.Sat {
				t.Fatal("raw ParseCardConstrs now answers UNSAT: upstream fixed the bug")
			}
		})
	})
}

// TestBugGophersatNilCostWeights: SetCostFunc(lits, nil), documented as
// allowed, panics in Minimize. The adapter always passes weights, also for
// unit-weight objectives, and normalises negative and negated terms.
func TestBugGophersatNilCostWeights(t *testing.T) {
	for _, mode := range modes {
		t.Run(mode.String(), func(t *testing.T) {
			s := New(WithMode(mode))
			s.AddClause(1, 2)
			s.AddClause(2, 3)
			s.AddClause(-1, -3)
			obj := []sat.Term{{Coef: 1, Lit: 1}, {Coef: 1, Lit: 2}, {Coef: 1, Lit: 3}}
			opt, err := s.Minimize(context.Background(), obj)
			if err != nil || opt.Status != sat.Sat || !opt.Optimal || opt.Cost != 1 || !opt.Model.Lit(2) {
				t.Fatalf("Minimize x1+x2+x3 = %+v, %v; want the optimum 1 with x2", opt, err)
			}
			// −2·x2 + 3·¬x1: minimum −2 (x1 true, x2 true), shifted by the constant.
			obj = []sat.Term{{Coef: -2, Lit: 2}, {Coef: 3, Lit: -1}}
			opt, err = s.Minimize(context.Background(), obj)
			if err != nil || opt.Cost != -2 || !opt.Optimal {
				t.Fatalf("Minimize -2·x2 + 3·¬x1 = %+v, %v; want the optimum -2", opt, err)
			}
		})
	}
	t.Run("RawStillPanics", func(t *testing.T) {
		withGate(func() {
			defer func() {
				if recover() == nil {
					t.Fatal("raw Minimize with nil weights did not panic: upstream fixed the bug")
				}
			}()
			p := solver.ParseSlice([][]int{{1, 2}, {2, 3}})
			p.SetCostFunc(solver.IntsToLits(1, 2, 3), nil)
			solver.New(p).Minimize()
		})
	})
}

// TestBugGophersatGtEqMutates: GtEq rewrites its argument slices (and a 0
// weight leaves garbage in them). The adapter hands it fresh slices with
// positive weights only; the caller's terms stay untouched.
func TestBugGophersatGtEqMutates(t *testing.T) {
	terms := []sat.Term{{Coef: 2, Lit: 1}, {Coef: 0, Lit: 2}, {Coef: -1, Lit: 3}}
	orig := slices.Clone(terms)
	s := New(WithMode(InProcess))
	s.AddPB(sat.PB{Terms: terms, Op: sat.AtLeast, K: 1}) // 2x1 − x3 ≥ 1: x1
	solveWant(t, s, sat.Sat)
	if !s.Value(1) || !slices.Equal(terms, orig) {
		t.Fatalf("model %v, terms %v (were %v)", s.Model(), terms, orig)
	}
	solveWant(t, s, sat.Unsat, -1)
	t.Run("RawStillMutates", func(t *testing.T) {
		lits, weights := []int{1, 2, 3}, []int{2, 0, -1}
		solver.GtEq(lits, weights, 1)
		if slices.Equal(lits, []int{1, 2, 3}) && slices.Equal(weights, []int{2, 0, -1}) {
			t.Fatal("raw GtEq left its arguments alone: upstream fixed it")
		}
	})
}

// TestBugGophersatStaleModel: after a later UNSAT, gophersat's Model
// returns the previous model without complaint. The adapter reads a model
// only on Sat, and Value is illegal after Unsat.
func TestBugGophersatStaleModel(t *testing.T) {
	s := New(WithMode(InProcess))
	s.AddClause(1, 2)
	solveWant(t, s, sat.Sat)
	s.AddClause(-1)
	s.AddClause(-2)
	solveWant(t, s, sat.Unsat)
	defer func() {
		if recover() == nil {
			t.Fatal("Model after Unsat returned instead of panicking")
		}
	}()
	s.Model()
}

// TestBugGophersatBigBounds: gophersat keeps a PB bound in 30 bits and
// silently wraps larger ones (found while writing this adapter). Bounds that
// dividing by the coefficients' gcd brings under 2^30 work; others are
// refused with ErrRange instead of answered wrongly.
func TestBugGophersatBigBounds(t *testing.T) {
	const big = 3 << 40
	t.Run("Reducible", func(t *testing.T) {
		s := New(WithMode(InProcess))
		s.AddPB(sat.PB{Terms: []sat.Term{{Coef: big, Lit: 1}, {Coef: big, Lit: 2}}, Op: sat.AtLeast, K: big + 1})
		solveWant(t, s, sat.Sat)
		if !s.Value(1) || !s.Value(2) {
			t.Fatalf("model %v, want both true", s.Model())
		}
		solveWant(t, s, sat.Unsat, -2)
	})
	t.Run("Refused", func(t *testing.T) {
		s := New(WithMode(InProcess))
		s.AddClause(1, 2)
		s.AddPB(sat.PB{Terms: []sat.Term{{Coef: big + 1, Lit: 1}, {Coef: big, Lit: 2}}, Op: sat.AtLeast, K: big + 1})
		if st, err := s.Solve(context.Background()); st != sat.Unknown || !errors.Is(err, ErrRange) {
			t.Fatalf("Solve = %v, %v; want UNKNOWN, ErrRange", st, err)
		}
		obj := []sat.Term{{Coef: MaxBound, Lit: 1}, {Coef: 1, Lit: -2}}
		if _, err := New().Minimize(context.Background(), obj); !errors.Is(err, ErrRange) {
			t.Fatalf("Minimize with weights summing above MaxBound: %v, want ErrRange", err)
		}
	})
	t.Run("RawStillWraps", func(t *testing.T) {
		withGate(func() {
			b := 3 << 30
			p := solver.ParsePBConstrs([]solver.PBConstr{solver.GtEq([]int{1, 2}, []int{b, b}, b+1), solver.PropClause(-2)})
			if solver.New(p).Solve() != solver.Sat {
				t.Fatal("raw gophersat now refutes b·x1 + b·x2 ≥ b+1 with ¬x2: upstream widened the bound")
			}
		})
	})
}

// TestBugGophersatBfNotImported: gophersat's bf package turns satisfiable
// formulas into unsatisfiable CNF. The adapter imports only the solver
// package.
func TestBugGophersatBfNotImported(t *testing.T) {
	p, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range p.Imports {
		if strings.HasPrefix(imp, "github.com/crillab/gophersat") && imp != "github.com/crillab/gophersat/solver" {
			t.Errorf("the adapter imports %s; only github.com/crillab/gophersat/solver is allowed", imp)
		}
	}
}
