package optimize_test

import (
	"context"
	"fmt"
	"math/rand"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/sat"
)

// counting counts the solves and clauses a search costs.
type counting struct {
	*check.Solver
	solves, clauses int
}

func (c *counting) Solve(ctx context.Context, a ...sat.Lit) (sat.Status, error) {
	c.solves++
	return c.Solver.Solve(ctx, a...)
}

func (c *counting) AddClause(lits ...sat.Lit) {
	c.clauses++
	c.Solver.AddClause(lits...)
}

// BenchmarkMinimize compares the search strategies and bound methods on a
// random 3-CNF over 40 variables (80 clauses) with 40 objective terms of
// unit weights and of weights 1..50 on negative literals (so the test
// solver's first model, all false, is far from optimal); sub-benchmarks are
// <weights>/<strategy>/<bound>. It reports the solves and the clauses the
// search added.
func BenchmarkMinimize(b *testing.B) {
	for _, maxW := range []int64{1, 50} {
		r := rand.New(rand.NewSource(3))
		var f sat.Formula
		for range 40 {
			f.NewVar()
		}
		for range 80 {
			f.AddClause(sat.Var(1+r.Intn(40)).Lit(r.Intn(2) == 0), sat.Var(1+r.Intn(40)).Lit(r.Intn(2) == 0), sat.Var(1+r.Intn(40)).Lit(r.Intn(2) == 0))
		}
		var obj []sat.Term
		for v := 1; v <= 40; v++ {
			obj = append(obj, sat.Term{Coef: 1 + r.Int63n(maxW), Lit: sat.Var(v).Neg()})
		}
		for _, st := range []optimize.Strategy{optimize.LinearSatUnsat, optimize.Binary} {
			for _, m := range []encode.PBMethod{encode.PBGTE, encode.PBBDD, encode.PBAdder} {
				b.Run(fmt.Sprintf("w%d/%v/%v", maxW, st, m), func(b *testing.B) {
					var c *counting
					var cost int64
					for b.Loop() {
						c = &counting{Solver: check.New()}
						for range f.NumVars {
							c.NewVar()
						}
						for _, cl := range f.Clauses {
							c.Solver.AddClause(cl...)
						}
						opt, err := optimize.MinimizeWith(b.Context(), c, obj, optimize.Options{Strategy: st, Bound: m})
						if err != nil || !opt.Optimal {
							b.Fatal(opt, err)
						}
						cost = opt.Cost
					}
					b.ReportMetric(float64(c.solves), "solves")
					b.ReportMetric(float64(c.clauses), "clauses")
					b.ReportMetric(float64(cost), "cost")
				})
			}
		}
	}
}
