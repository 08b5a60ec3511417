package optimize_test

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/sat"
)

// TestSolveWide: MaxSAT-shaped instances with a few soft clauses weighing
// about 2^62 beside light ones, so that the weights sum beyond int64; the
// optimum (found by enumeration in exact arithmetic) must come out, for
// every strategy, with the best model's exact cost.
func TestSolveWide(t *testing.T) {
	r := rand.New(rand.NewSource(30))
	solved, refused := 0, 0
	for round := range 30 {
		m := randomSoftWidth(r, 5+r.Intn(5), r.Intn(8), 6+r.Intn(6), 1000, 2)
		for i := range 2 + r.Intn(3) {
			w := int64(1)<<62 + r.Int63n(1<<61)
			m.w[i] = w
			m.in.obj[i].Coef = w
		}
		best, ok := (*big.Int)(nil), false
		a := sat.NewAssignment(m.in.f.NumVars)
		for mask := uint64(0); mask < 1<<m.n; mask++ {
			for v := 1; v <= m.n; v++ {
				a[v] = mask>>(v-1)&1 == 1
			}
			m.improve(a)
			if m.in.f.Check(a) == nil {
				if c := sat.BigSum(m.in.obj, a); !ok || c.Cmp(best) < 0 {
					best, ok = c, true
				}
			}
		}
		for _, st := range []optimize.Strategy{optimize.Core, optimize.CoreBoosted, optimize.LinearSatUnsat, optimize.Binary} {
			o := optimize.DefaultOptions()
			o.Strategy, o.Improve = st, m.improve
			name := fmt.Sprintf("round %d %v", round, st)
			res, err := optimize.Solve(t.Context(), engines(&m.in.f)["cdcl"], m.in.obj, o)
			if errors.Is(err, optimize.ErrTooWide) {
				// The heavy soft clauses cannot all hold: the reduction
				// refuses, and must say so rather than answer.
				if res.Optimal || sat.BigSum(m.in.obj, allTrue(m.in.f.NumVars)).IsInt64() {
					t.Fatalf("%s: %v, but the weights sum within int64", name, err)
				}
				refused++
				continue
			}
			if !ok {
				if err != nil || res.Status != sat.Unsat {
					t.Fatalf("%s: %v %v, want UNSAT", name, res.Status, err)
				}
				continue
			}
			if err != nil || !res.Optimal || big.NewInt(res.Cost).Cmp(best) != 0 {
				t.Fatalf("%s: %+v %v, want optimum %v", name, res, err, best)
			}
			if c := sat.BigSum(m.in.obj, res.Model); c.Cmp(best) != 0 || m.in.f.Check(res.Model) != nil {
				t.Fatalf("%s: the model costs %v", name, c)
			}
			solved++
		}
	}
	t.Logf("%d optima, %d refused", solved, refused)
	if solved < 60 {
		t.Fatalf("only %d of 120 runs were solved", solved)
	}
}

// TestSolveWideRefused: three unit soft clauses of weight 2^62 over x
// and ¬x sum beyond int64, and the heaviest cannot all hold; the error
// is ErrTooWide and the model returned is checked with its cost
// saturated.
func TestSolveWideRefused(t *testing.T) {
	var in instance
	x := in.f.NewVar()
	in.obj = []sat.Term{{Coef: 1 << 62, Lit: x.Pos()}, {Coef: 1 << 62, Lit: x.Neg()}, {Coef: 1 << 62, Lit: x.Neg()}}
	res, err := optimize.Solve(t.Context(), engines(&in.f)["cdcl"], in.obj, optimize.DefaultOptions())
	if !errors.Is(err, optimize.ErrTooWide) || res.Status != sat.Sat || res.Optimal || res.Model == nil {
		t.Fatalf("%+v %v", res, err)
	}
	if c := sat.BigSum(in.obj, res.Model); c.IsInt64() && c.Int64() != res.Cost || !c.IsInt64() && res.Cost != math.MaxInt64 {
		t.Fatalf("cost %d, the model costs %v", res.Cost, c)
	}
}

// allTrue is the assignment with every variable true.
func allTrue(n int) sat.Assignment {
	a := sat.NewAssignment(n)
	for v := range a {
		a[v] = true
	}
	return a
}
