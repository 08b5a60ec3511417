package gini_test

import (
	"context"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
	ginisat "github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/sattest"
)

// BenchmarkSolve measures a whole solve on a fresh solver: building the
// gini instance from the clause copy, solving, and checking the model.
// "unit" is one clause, so it shows the fixed cost.
func BenchmarkSolve(b *testing.B) {
	planted, _ := sattest.PlantedKSAT(1, 50, 200, 3)
	unit := &sat.Formula{}
	unit.AddClause(1)
	for _, c := range []struct {
		name string
		f    *sat.Formula
	}{{"unit", unit}, {"planted50", planted}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				s := ginisat.New()
				_ = sattest.Load(s, c.f)
				if st, err := s.Solve(context.Background()); st != sat.Sat {
					b.Fatal(st, err)
				}
			}
			b.ReportMetric(float64(len(c.f.Clauses)), "clauses")
		})
	}
}

// BenchmarkUnsatUnderAssumptions measures the price of the rebuild rule:
// every UNSAT answer under assumptions discards the gini instance, so the
// next query rebuilds it from the clause copy. PHP(7,7) plus two pigeons
// assumed into one hole is refuted by propagation.
func BenchmarkUnsatUnderAssumptions(b *testing.B) {
	f := sattest.Pigeonhole(7, 7)
	s := ginisat.New()
	_ = sattest.Load(s, f)
	as := []sat.Lit{sattest.PigeonholeVar(0, 0, 7).Pos(), sattest.PigeonholeVar(1, 0, 7).Pos()}
	for b.Loop() {
		if st, err := s.Solve(context.Background(), as...); st != sat.Unsat {
			b.Fatal(st, err)
		}
	}
}

// BenchmarkCancelLatency cancels a hard solve (PHP(11,10), after 10ms)
// and reports the time from the cancel to Solve's return (cancel-µs, mean;
// worst-cancel-µs) and to the end of a trivial follow-up Solve, which
// first waits for gini to notice the stop (resume-µs, mean).
func BenchmarkCancelLatency(b *testing.B) {
	f, sel := guarded(10)
	s := load(f)
	var total, worst, resume time.Duration
	for range b.N {
		lat, fired := cancelOnce(b, s, sel.Pos())
		total += lat
		worst = max(worst, lat)
		if st, err := s.Solve(context.Background(), sel.Neg()); st != sat.Sat {
			b.Fatal(st, err)
		}
		resume += time.Since(fired)
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N), "cancel-µs")
	b.ReportMetric(float64(worst.Microseconds()), "worst-cancel-µs")
	b.ReportMetric(float64(resume.Microseconds())/float64(b.N), "resume-µs")
}

// cancelOnce runs one hard solve cancelled after 10ms and returns the time
// from the cancel to Solve's return, and the moment of the cancel.
func cancelOnce(b *testing.B, s sat.Solver, as ...sat.Lit) (time.Duration, time.Time) {
	ctx, cancel := context.WithCancel(context.Background())
	fired := make(chan time.Time, 1)
	time.AfterFunc(10*time.Millisecond, func() {
		fired <- time.Now()
		cancel()
	})
	if st, err := s.Solve(ctx, as...); st != sat.Unknown {
		b.Fatal("solved before the cancel:", st, err)
	}
	at := <-fired
	return time.Since(at), at
}
