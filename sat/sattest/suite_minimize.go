package sattest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
)

func testMinimize(t *testing.T, h *harness) {
	t.Run("Random", func(t *testing.T) { testMinimizeRandom(t, h) })
	t.Run("EmptyObjective", func(t *testing.T) {
		m := h.fresh()
		m.add(1, 2)
		opt := h.minimize(t, m, nil)
		if opt.Status != sat.Sat || !opt.Optimal || opt.Cost != 0 {
			t.Fatalf("Minimize(nothing) = %+v, want an optimal model of cost 0", opt)
		}
	})
	t.Run("Unsat", func(t *testing.T) {
		m := h.fresh()
		m.add(1)
		m.add(-1)
		opt := h.minimize(t, m, terms(1, 2))
		if opt.Status != sat.Unsat || opt.Model != nil {
			t.Fatalf("Minimize on contradictory units = %+v, want UNSAT without a model", opt)
		}
	})
	t.Run("SolveAfter", func(t *testing.T) {
		m := h.fresh()
		m.add(1, 2, 3)
		opt := h.minimize(t, m, terms(1, 1, 1, 2, 1, 3))
		if opt.Status != sat.Sat || opt.Cost != 1 {
			t.Fatalf("Minimize x1+x2+x3 over clause 1 2 3 = %+v, want cost 1", opt)
		}
		h.expect(t, m, sat.Sat, 1, 2, 3) // the objective bound is not kept
		m.add(-1)
		h.expect(t, m, sat.Sat, -2)
	})
	t.Run("CancelBeforeModel", func(t *testing.T) { testMinimizeCancelBeforeModel(t, h) })
	t.Run("CancelKeepsBest", func(t *testing.T) { testMinimizeCancelKeepsBest(t, h) })
}

// minimize runs a Minimize that must end, checks the answer's internal
// consistency, and returns it.
func (h *harness) minimize(t testing.TB, m *mirror, obj []sat.Term) sat.Optimum {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), solveTimeout)
	defer cancel()
	opt, err := m.s.(sat.Minimizer).Minimize(ctx, obj)
	if err != nil {
		t.Fatalf("Minimize(%v) = %+v, %v; want a finished search", obj, opt, err)
	}
	checkOptimum(t, m, obj, opt)
	return opt
}

// checkOptimum checks what every Minimize answer promises: a model exactly
// when the status is Sat, satisfying the constraints, with the right cost.
func checkOptimum(t testing.TB, m *mirror, obj []sat.Term, opt sat.Optimum) {
	t.Helper()
	switch opt.Status {
	case sat.Sat:
		if err := m.f.Check(opt.Model); err != nil {
			t.Fatalf("Minimize model fails the check: %v", err)
		}
		if got := sat.Sum(obj, opt.Model); got != opt.Cost {
			t.Fatalf("Minimize reports cost %d, its model costs %d", opt.Cost, got)
		}
	case sat.Unsat, sat.Unknown:
		if opt.Model != nil || opt.Optimal {
			t.Fatalf("Minimize answered %v with a model or an optimality claim: %+v", opt.Status, opt)
		}
	default:
		t.Fatalf("Minimize returned invalid status %v", opt.Status)
	}
}

// testMinimizeRandom compares optima with the oracle on small random
// formulas and objectives with negative coefficients, negated and repeated
// literals.
func testMinimizeRandom(t *testing.T, h *harness) {
	const n = 8
	_, hasPB := h.newSolver().(sat.PBAdder)
	for seed := uint64(1); seed <= 5; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 0x0b7))
			f := RandomKSAT(seed, n, 14+2*int(seed), 3)
			if hasPB {
				f.AddPB(RandomPB(rng, n))
			}
			obj := make([]sat.Term, 6)
			for i := range obj {
				obj[i] = sat.Term{Coef: int64(rng.IntN(11) - 5), Lit: sat.Var(1 + rng.IntN(n)).Lit(rng.IntN(2) == 0)}
			}
			m := h.fresh()
			m.load(f)
			opt := h.minimize(t, m, obj)
			best, ok := NewOracle(f).MinCost(obj)
			switch {
			case !ok && opt.Status != sat.Unsat:
				t.Fatalf("Minimize = %+v, but the constraints have no model", opt)
			case ok && (opt.Status != sat.Sat || !opt.Optimal || opt.Cost != best):
				t.Fatalf("Minimize = %+v, want an optimal model of cost %d", opt, best)
			}
		})
	}
}

// testMinimizeCancelBeforeModel interrupts a minimisation over constraints
// with no model that the backend cannot refute in time.
func testMinimizeCancelBeforeModel(t *testing.T, h *harness) {
	holes := h.hardHoles()
	m := h.fresh()
	m.load(Pigeonhole(holes+1, holes))
	obj := terms(1, 1, 2, 2)
	var opt sat.Optimum
	err, late := interrupt(t, cancelAfter, false, func(ctx context.Context) error {
		var err error
		opt, err = m.s.(sat.Minimizer).Minimize(ctx, obj)
		return err
	})
	if opt.Status != sat.Unknown || !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled Minimize on PHP = %+v, %v; want UNKNOWN, context.Canceled", opt, err)
	}
	checkOptimum(t, m, obj, opt)
	if late > cancelBound {
		t.Fatalf("Minimize returned %v after the cancel, bound %v", late, cancelBound)
	}
	as := []sat.Lit{PigeonholeVar(0, 0, holes).Pos(), PigeonholeVar(1, 0, holes).Pos()}
	if st, err := h.solve(t, m, as...); st != sat.Unsat {
		t.Fatalf("after the cancel, two pigeons in hole 0 answered %v (%v)", st, err)
	}
}

// testMinimizeCancelKeepsBest interrupts a minimisation whose first models
// are easy but whose optimum needs a pigeonhole refutation: p = holes+1
// pigeons, each either in a hole or paying 1 for staying out. The optimum
// is 1. An interrupted search must still return its best model.
func testMinimizeCancelKeepsBest(t *testing.T, h *harness) {
	holes := h.hardHoles()
	php := Pigeonhole(holes+1, holes)
	m := h.fresh()
	var obj []sat.Term
	for i := range holes + 1 {
		out := sat.Var(php.NumVars + 1 + i)
		obj = append(obj, sat.Term{Coef: 1, Lit: out.Pos()})
		m.add(append(php.Clauses[i], out.Pos())...)
	}
	for _, c := range php.Clauses[holes+1:] {
		m.add(c...)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(time.Second, cancel)
	opt, err := m.s.(sat.Minimizer).Minimize(ctx, obj)
	checkOptimum(t, m, obj, opt)
	switch {
	case err == nil:
		if opt.Status != sat.Sat || !opt.Optimal || opt.Cost != 1 {
			t.Fatalf("finished Minimize = %+v, want the optimum 1", opt)
		}
	case errors.Is(err, context.Canceled):
		if opt.Status != sat.Sat || opt.Optimal || opt.Cost < 1 {
			t.Fatalf("interrupted Minimize = %+v; want the best model found so far, not claimed optimal", opt)
		}
	default:
		t.Fatalf("Minimize = %+v, %v", opt, err)
	}
}
