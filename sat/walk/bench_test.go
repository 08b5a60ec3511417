package walk_test

import (
	"context"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/sattest"
	"github.com/satsolve/satsolve/sat/walk"
)

// BenchmarkCancelLatency cancels a search on an unsatisfiable formula
// (PHP(12,11)) after 10ms and reports the time from the cancel to Solve's
// return.
func BenchmarkCancelLatency(b *testing.B) {
	s := walk.New()
	load(s, sattest.Pigeonhole(12, 11))
	var total, worst time.Duration
	for range b.N {
		ctx, cancel := context.WithCancel(context.Background())
		fired := make(chan time.Time, 1)
		time.AfterFunc(10*time.Millisecond, func() {
			fired <- time.Now()
			cancel()
		})
		if st, err := s.Solve(ctx); st != sat.Unknown {
			b.Fatal("answered an unsatisfiable formula:", st, err)
		}
		lat := time.Since(<-fired)
		total += lat
		worst = max(worst, lat)
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N), "cancel-µs")
	b.ReportMetric(float64(worst.Microseconds()), "worst-cancel-µs")
}

// BenchmarkRandom3SAT solves a satisfiable random 3-SAT formula near the
// threshold (1,000 variables, ratio 4.2) and reports flips per second.
func BenchmarkRandom3SAT(b *testing.B) {
	f := sattest.RandomKSAT(5, 1000, 4200, 3)
	var flips int64
	var elapsed time.Duration
	for i := range b.N {
		s := walk.New(walk.WithSeed(uint64(i)))
		load(s, f)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		start := time.Now()
		st, err := s.Solve(ctx)
		elapsed += time.Since(start)
		cancel()
		if st != sat.Sat {
			b.Fatal(st, err)
		}
		flips += s.Flips()
	}
	b.ReportMetric(float64(flips)/elapsed.Seconds()/1e6, "Mflips/s")
	b.ReportMetric(float64(flips)/float64(b.N), "flips/op")
}
