package gophersat

import (
	"context"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/sattest"
)

// BenchmarkSolve measures a whole Solve in each mode: for Child, starting
// the re-executed test binary, the handshake, sending the formula and
// reading the model; for InProcess, the gate and a helper goroutine. Both
// build a fresh gophersat and check the model. "unit" is one clause, so it
// shows the fixed cost.
func BenchmarkSolve(b *testing.B) {
	planted, _ := sattest.PlantedKSAT(1, 50, 200, 3)
	unit := &sat.Formula{}
	unit.AddClause(1)
	for _, mode := range modes {
		for _, c := range []struct {
			name string
			f    *sat.Formula
		}{{"unit", unit}, {"planted50", planted}} {
			b.Run(c.name+"/"+mode.String(), func(b *testing.B) {
				s := New(WithMode(mode))
				_ = sattest.Load(s, c.f)
				for b.Loop() {
					if st, err := s.Solve(context.Background()); st != sat.Sat {
						b.Fatal(st, err)
					}
				}
				b.ReportMetric(float64(len(c.f.Clauses)), "clauses")
			})
		}
	}
}

// BenchmarkCancelLatency cancels a hard solve 10ms after it starts and
// reports the time from the cancel to Solve's return (cancel-µs, mean;
// worst-cancel-µs). In Child mode that includes killing and reaping the
// child. In InProcess mode Solve returns at once but the search runs on:
// resume-µs is the time from the cancel until the gate is free again
// (PHP(9,8) there, about a second; PHP(11,10) in Child mode).
func BenchmarkCancelLatency(b *testing.B) {
	for _, mode := range modes {
		b.Run(mode.String(), func(b *testing.B) {
			holes := 10
			if mode == InProcess {
				holes = 8
			}
			s := New(WithMode(mode))
			_ = sattest.Load(s, sattest.Pigeonhole(holes+1, holes))
			var total, worst, resume time.Duration
			for range b.N {
				ctx, cancel := context.WithCancel(context.Background())
				fired := make(chan time.Time, 1)
				time.AfterFunc(10*time.Millisecond, func() {
					fired <- time.Now()
					cancel()
				})
				if st, err := s.Solve(ctx); st != sat.Unknown {
					b.Fatal("solved before the cancel:", st, err)
				}
				at := <-fired
				lat := time.Since(at)
				total += lat
				worst = max(worst, lat)
				withGate(func() {})
				resume += time.Since(at)
			}
			b.ReportMetric(float64(total.Microseconds())/float64(b.N), "cancel-µs")
			b.ReportMetric(float64(worst.Microseconds()), "worst-cancel-µs")
			b.ReportMetric(float64(resume.Microseconds())/float64(b.N), "resume-µs")
		})
	}
}
