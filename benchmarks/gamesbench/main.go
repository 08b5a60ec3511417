// Command gamesbench measures package models/games and prints a Markdown
// report: Grundy sequences to 100,000 (Kayles, Dawson's chess, Dawson's
// Kayles) with their proven periods; node-Kayles on random graphs of 20–30
// vertices, memoised by vertex set and by canonical form; the native
// evaluators against the kernel and one-hot Grundy SAT encodings on
// explicit game graphs, per backend; and the misère Kayles search over
// single rows up to 70.
//
//	go run ./benchmarks/gamesbench [-runs 3] [-graphs 10] [-misere-max 70]
//
// Times are medians over -runs repetitions (the machine is shared and
// noisy); every answer is checked against the research brief's values or
// against the other method before it is reported.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
	"github.com/satsolve/satsolve/sat/gophersat"
)

func main() {
	gophersat.ServeIfChild() // the gophersat backend re-executes this binary as its worker
	runs := flag.Int("runs", 3, "repetitions per measurement; the report gives medians")
	graphs := flag.Int("graphs", 10, "random graphs per node-Kayles cell")
	misereMax := flag.Int("misere-max", 70, "largest Kayles row of the misère search (0 skips it)")
	shard := benchmarks.ShardFlag()
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	r := &report{ctx: ctx, runs: max(*runs, 1), rows: benchmarks.Rows{Shard: *shard}}
	fmt.Println("# models/games benchmarks")
	fmt.Println()
	fmt.Printf("Wall-clock medians over %d runs (%s); on a shared machine, compare ratios within a table rather than absolute times.\n\n", r.runs, time.Now().Format("2006-01-02"))
	fmt.Print(shard.Note())
	for _, section := range []func() error{
		r.sequences,
		func() error { return r.kayles(*graphs) },
		r.satVersusNative,
		func() error { return r.misere(*misereMax) },
	} {
		if err := section(); err != nil {
			fmt.Fprintln(os.Stderr, "gamesbench:", err)
			os.Exit(1)
		}
	}
}

// report holds the settings every section uses.
type report struct {
	ctx  context.Context
	runs int
	rows benchmarks.Rows // the rows this shard computes (-shard)
}

// median runs f r.runs times and returns the median duration; f's error
// stops the measurement.
func (r *report) median(f func() error) (time.Duration, error) {
	var ds []time.Duration
	for range r.runs {
		start := time.Now()
		if err := f(); err != nil {
			return 0, err
		}
		ds = append(ds, time.Since(start))
	}
	return medianOf(ds), nil
}

func medianOf(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// ms formats a duration in milliseconds, three significant digits.
func ms(d time.Duration) string {
	return fmt.Sprintf("%.3g", float64(d.Nanoseconds())/1e6)
}
