package optimize_test

import (
	"context"
	"errors"
	"math/rand"
	"testing"
	"time"

	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/internal/memlimit"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
)

// TestWeightedObjectiveBounded is the regression test for the search that
// encoded a generalised totalizer of about 10^8 clauses (200 soft weights
// up to 300, first cost about 30,000: every relaxation variable true) and
// took tens of gigabytes and minutes past its deadline. Under a 1 GiB
// address-space budget, with a 1 s deadline, the search must end with a
// checked model, with and without model improvement.
func TestWeightedObjectiveBounded(t *testing.T) {
	if !memlimit.Run(t, 1<<30) {
		return
	}
	m := randomSoft(rand.New(rand.NewSource(1)), 120, 400, 200, 300)
	var relax []sat.Lit
	for i := range m.softs {
		relax = append(relax, sat.Var(m.n+1+i).Pos())
	}
	for _, improve := range []bool{false, true} {
		for _, st := range []optimize.Strategy{optimize.LinearSatUnsat, optimize.Binary} {
			s := gini.New()
			for range m.in.f.NumVars {
				s.NewVar()
			}
			for _, c := range m.in.f.Clauses {
				s.AddClause(c...)
			}
			o := optimize.Options{Strategy: st, Bound: optimize.DefaultBound}
			if improve {
				o.Improve = m.improve
			}
			ctx, cancel := context.WithTimeout(t.Context(), time.Second)
			opt, err := optimize.MinimizeWith(ctx, &lazy{Solver: s, relax: relax}, m.in.obj, o)
			cancel()
			if err != nil && !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("improve %v, %v: %v", improve, st, err)
			}
			if opt.Status != sat.Sat || m.in.f.Check(opt.Model) != nil || sat.Sum(m.in.obj, opt.Model) != opt.Cost {
				t.Fatalf("improve %v, %v: %v cost %d, not a checked model", improve, st, opt.Status, opt.Cost)
			}
			if improve && m.cost(opt.Model) != opt.Cost {
				t.Fatalf("improve %v, %v: cost %d, soft cost %d", improve, st, opt.Cost, m.cost(opt.Model))
			}
			t.Logf("improve %v, %v: cost %d, optimal %v", improve, st, opt.Cost, opt.Optimal)
		}
	}
}
