// Command dobblebench measures package models/dobble and prints a
// Markdown report:
//
//   - the largest-deck table for k ≤ 5 (k=3: n=6..16, k=4: n=9..40, k=5:
//     n=14..40) by SAT and by the native clique search, with all bounds
//     and with the search alone proving optimality, checked against the
//     known values, with the SAT/native time ratio;
//
//   - SAT plane search for orders 4, 5 and 7: the incidence model at each
//     symmetry level and pair encoding, and the Latin-square model, per
//     backend;
//
//   - the refutation of a plane of order 6 through two orthogonal Latin
//     squares of order 6, with gini, gophersat and (when on PATH) cadical
//     through the external bridge, and 2-MOLS(7) found;
//
//   - completing decks: Dobble Kids, and planes of orders 5 to 9 with
//     random cards removed, each completion checked to be exactly the
//     removed cards and unique.
//
//     go run ./benchmarks/dobblebench [-runs 3] [-timeout 120s] [-sections max,plane,mols,complete]
//
// Times are medians over -runs repetitions, wall-clock and CPU (this
// process and its children: gophersat workers, cadical); the machine is
// shared, so compare ratios within a table. Every answer is checked
// before it is reported.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/external"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/gophersat"
)

func main() {
	gophersat.ServeIfChild() // the gophersat backend re-executes this binary as its worker
	runs := flag.Int("runs", 3, "repetitions per measurement; the report gives medians")
	timeout := flag.Duration("timeout", 120*time.Second, "CPU-time limit per search (this process and its children)")
	sections := flag.String("sections", "max,plane,mols,complete", "comma-separated sections to run")
	shard := benchmarks.ShardFlag()
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	r := &report{ctx: ctx, runs: max(*runs, 1), timeout: *timeout, rows: benchmarks.Rows{Shard: *shard}}
	if _, err := exec.LookPath("cadical"); err == nil {
		r.cadical = true
	}
	fmt.Println("# models/dobble benchmarks")
	fmt.Println()
	fmt.Printf("Medians over %d runs (%s), wall-clock and CPU seconds (CPU counts this process and its children); the machine is shared, so compare ratios within a table.\n\n",
		r.runs, time.Now().Format("2006-01-02"))
	fmt.Print(shard.Note())
	all := map[string]func() error{"max": r.maxTable, "plane": r.planes, "mols": r.mols, "complete": r.completions}
	if err := benchmarks.RunSections(*sections, all); err != nil {
		fmt.Fprintln(os.Stderr, "dobblebench:", err)
		if errors.Is(err, benchmarks.ErrUnknownSection) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// report holds the settings every section uses.
type report struct {
	ctx     context.Context
	runs    int
	timeout time.Duration
	cadical bool
	rows    benchmarks.Rows // the rows this shard computes (-shard)
}

// backend is a named solver factory.
type backend struct {
	name string
	new  func() sat.Solver
}

var (
	giniBackend      = backend{"gini", func() sat.Solver { return gini.New() }}
	gophersatBackend = backend{"gophersat", func() sat.Solver { return gophersat.New() }}
	cadicalBackend   = backend{"cadical (external)", func() sat.Solver {
		s, err := external.New("cadical")
		if err != nil {
			panic(err) // checked on PATH before use
		}
		return s
	}}
)

// timing is a median measurement.
type timing struct{ wall, cpu time.Duration }

// String formats the timing as "wall / CPU", in milliseconds below ten
// seconds and seconds above.
func (t timing) String() string { return short(t.wall) + " / " + short(t.cpu) }

func short(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

// measure runs f r.runs times and returns the median wall and CPU times;
// f's error stops the measurement. Each run is limited to r.timeout of
// CPU time (this process and its children, polled), with a wall-clock
// guard of benchmarks.WallGuard times that. A run that gives up ends the
// repetitions: its time is the measurement.
func (r *report) measure(f func(ctx context.Context) (gaveUp bool, err error)) (timing, bool, error) {
	var walls, cpus []time.Duration
	for range r.runs {
		start := time.Now()
		ctx, stop := benchmarks.WithCPULimit(r.ctx, r.timeout, 100*time.Millisecond)
		gaveUp, err := f(ctx)
		cpu := stop()
		wall := time.Since(start)
		if err != nil {
			return timing{}, false, err
		}
		if gaveUp {
			return timing{wall, cpu}, true, nil
		}
		walls, cpus = append(walls, wall), append(cpus, cpu)
	}
	return timing{median(walls), median(cpus)}, false, nil
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ratio(a, b time.Duration) string {
	if b <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", a.Seconds()/b.Seconds())
}
