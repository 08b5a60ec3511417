// Command optbench runs satsolve and the reference solvers side by side on
// the optimisation corpus (OPB and WCNF, ../shared/corpus/opt) and reports
// the optima each proves per format, the CPU time against clasp where
// both prove, the gap of the best cost where none proves, and the peak
// memory; as Markdown on stdout and as CSV (one row per run) in a file.
//
//	go run ./benchmarks/optbench -timeout 10s -csv opt-10.csv
//	go run ./benchmarks/optbench -timeout 60s -shard 0/4 -csv opt-60-0.csv   # … 3/4
//	go run ./benchmarks/optbench -timeout 60s -report -csv 'opt-60-*.csv'
//
// Solvers: "satsolve" runs the satsolve binary built from this module
// (built once, before timing) with its defaults, "satsolve:ARGS" with
// more arguments, and "satsolve@PATH" or "satsolve@PATH:ARGS" another
// satsolve binary (an older build, for a comparison in one run); "clasp"
// (clasp F.opb, clasp --opt-strategy=usc F.wcnf), "sat4j"
// (org.sat4j.pb.jar for OPB, org.ow2.sat4j.maxsat.jar for WCNF) and
// "minisat+" (OPB only) run the Debian packages on PATH
// (scripts/install-solvers.sh). clasp and sat4j read only the old WCNF
// dialect: a 2022 file is converted for them first (internal/oldwcnf).
//
// Each run has a CPU-time limit (-timeout): when the process group has
// used it, the group gets SIGTERM, so that every solver prints its best
// model, and SIGKILL 3 s later. Instances run one after the other, every
// solver in turn on each instance (an interleaved run). Every model
// printed is checked against the file and its cost recomputed from the
// file by this command's own reader (check.go); a printed cost that
// differs, a model that breaks a hard constraint, or a claimed optimum or
// UNSAT that contradicts the manifest's known optimum or another solver's
// model is counted as wrong.
//
// Rows already in the CSV file are not run again, so an interrupted run
// resumes; -shard i/n runs the i-th of n parts of the instance list, and
// -report merges the CSV files (globs) of the parts into one report.
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
	corpus := flag.String("corpus", "../shared/corpus/opt", "corpus directory holding manifest.csv")
	timeout := flag.Duration("timeout", 10*time.Second, "CPU-time limit per run")
	solvers := flag.String("solvers", "satsolve,clasp,sat4j,minisat+", "comma-separated solvers (semicolon-separated when a solver's arguments hold a comma)")
	csvPath := flag.String("csv", "optbench.csv", "CSV file of per-run results (appended; existing rows are reused); with -report, a comma-separated list of files or globs to merge (the shards of an array job)")
	filter := flag.String("filter", "", "only instances whose file name matches this regular expression")
	cache := flag.String("cache", os.TempDir()+"/satsolve-optbench", "directory for decompressed inputs and the satsolve binary")
	only := flag.Bool("report", false, "only print the report of the runs already in the CSV files")
	shard := benchmarks.ShardFlag()
	flag.Parse()

	re, err := benchmarks.Filter(*filter)
	if err != nil {
		fail(err)
	}
	list := benchmarks.SplitSolvers(*solvers)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	b := &bench{corpus: *corpus, cache: *cache, limit: *timeout, csvPath: *csvPath, shard: *shard}
	if *only {
		err = b.summarise(list, re)
	} else {
		err = b.run(ctx, list, re)
	}
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "optbench:", err)
	os.Exit(1)
}
