// Command cnfbench runs satsolve's backends and the reference solvers side
// by side on the CNF corpus and prints solved counts and PAR-2 per solver,
// as Markdown on stdout and as CSV (one row per run) in a file.
//
//	go run ./benchmarks/cnfbench -corpus ../shared/corpus/cnf -timeout 120s \
//	    -solvers gini,gophersat,portfolio,minisat,cadical -csv results.csv
//
// Solvers named gini, gophersat, portfolio, cdcl or any "satsolve:ARGS" run the
// satsolve binary built from this module (built once, before timing, with
// "solve --no-model" plus the backend); minisat, cadical, picosat and
// cryptominisat5 run the binaries on PATH (scripts/install-solvers.sh
// installs them). Every input is decompressed once into a cache directory
// before timing, as in the reference runs. Rows already present in the CSV
// file are not run again, so an interrupted run resumes; -report prints the
// report of the CSV file alone, over the instances every listed solver has
// a run for.
//
// A sweep can run as an array job: -shard i/n runs the i-th of n parts of
// the instance list (benchmarks.Shard), each part writing its own CSV, and
// -report -csv 'cnf-*.csv' merges the parts into one report:
//
//	go run ./benchmarks/cnfbench -shard 0/4 -csv cnf-0.csv   # ... -shard 3/4
//	go run ./benchmarks/cnfbench -report -csv 'cnf-*.csv'
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
)

func main() {
	corpus := flag.String("corpus", "../shared/corpus/cnf", "corpus directory holding manifest.csv")
	timeout := flag.Duration("timeout", 120*time.Second, "CPU-time limit per run")
	solvers := flag.String("solvers", "gini,gophersat,portfolio,minisat,cadical", "comma-separated solvers (semicolon-separated when a solver's arguments hold a comma)")
	csvPath := flag.String("csv", "cnfbench.csv", "CSV file of per-run results (appended; existing rows are reused); with -report, a comma-separated list of files or globs to merge (the shards of an array job)")
	filter := flag.String("filter", "", "only instances whose path matches this regular expression")
	cache := flag.String("cache", os.TempDir()+"/satsolve-cnfbench", "directory for decompressed inputs")
	only := flag.Bool("report", false, "only print the report of the runs already in the CSV files")
	shard := benchmarks.ShardFlag()
	flag.Parse()

	re, err := benchmarks.Filter(*filter)
	if err != nil {
		fail(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	b := &bench{corpus: *corpus, cache: *cache, limit: *timeout, csvPath: *csvPath, shard: *shard}
	if *only {
		if err := b.summarise(benchmarks.SplitSolvers(*solvers), re); err != nil {
			fail(err)
		}
		return
	}
	if err := b.run(ctx, benchmarks.SplitSolvers(*solvers), re); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "cnfbench:", err)
	os.Exit(1)
}
