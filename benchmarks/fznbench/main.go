// Command fznbench runs satsolve and Gecode as MiniZinc solvers side by
// side on the MiniZinc corpus (../shared/corpus/minizinc) and reports the
// searches each completes (a solution of a satisfaction problem, an
// optimum proved, unsatisfiability), the geometric mean of their CPU time
// where both complete, the best objective where neither does, and every
// disagreement between them, as Markdown on stdout and one CSV row per
// run in a file.
//
//	scripts/install-gecode.sh                    # once: MiniZinc, Gecode, the fixed library
//	go run ./benchmarks/fznbench -timeout 60s -csv fzn.csv > fzn.md
//
// Each instance runs through minizinc with -s, --output-objective and,
// for an optimisation, --intermediate (every improving solution printed
// as it is found), under a CPU-time limit on minizinc and the solver
// together, flattening included (the machines are shared: wall-clock
// limits would measure the load). satsolve is the binary built from this module, installed
// into the cache directory with satsolve fzn --install; Gecode is
// Debian's fzn-gecode with the library gecode-fix.sh patches for
// MiniZinc 2.6 (scripts/install-gecode.sh). The two solvers alternate
// which runs first on successive instances, so that neither always meets
// the machine's load first.
//
// With -verify (the default), satsolve's last solution of each instance
// is fixed into the model as constraints and Gecode must extend it to a
// solution (of the same objective): a wrong solution fails there.
//
// As cnfbench: rows already in the CSV file are not run again; -shard i/n
// runs every n-th instance; -report -csv 'fzn-*.csv' merges shards.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
)

func main() {
	home, _ := os.UserHomeDir()
	corpus := flag.String("corpus", "../shared/corpus/minizinc", "corpus directory holding manifest.csv")
	timeout := flag.Duration("timeout", 60*time.Second, "CPU-time limit per run (minizinc and the solver together, flattening included)")
	solvers := flag.String("solvers", "satsolve,gecode", "comma-separated solvers: satsolve, satsolve:FLAGS (FLAGS passed with --fzn-flags, e.g. 'satsolve:--int-encoding log'; separate solvers with ';' then), gecode")
	csvPath := flag.String("csv", "fznbench.csv", "CSV file of per-run results (appended; existing rows are reused); with -report, a comma-separated list of files or globs to merge")
	filter := flag.String("filter", "", "only instances whose model or data path matches this regular expression")
	cache := flag.String("cache", filepath.Join(os.TempDir(), "satsolve-fznbench"), "directory for the satsolve binary and its solver configuration")
	gecode := flag.String("gecode", filepath.Join(home, ".cache", "satsolve", "gecodefix"), "directory scripts/install-gecode.sh made (solvers/gecodefix.msc)")
	verify := flag.Bool("verify", true, "fix satsolve's last solution into the model and have Gecode extend it")
	only := flag.Bool("report", false, "only print the report of the runs already in the CSV files")
	shard := benchmarks.ShardFlag()
	flag.Parse()

	var re *regexp.Regexp
	if *filter != "" {
		var err error
		if re, err = regexp.Compile(*filter); err != nil {
			fail(err)
		}
	}
	list := splitSolvers(*solvers)
	b := &bench{corpus: *corpus, cache: *cache, gecode: *gecode, limit: *timeout, csvPath: *csvPath, shard: *shard, verify: *verify}
	if *only {
		if err := b.summarise(list, re); err != nil {
			fail(err)
		}
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := b.run(ctx, list, re); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "fznbench:", err)
	os.Exit(1)
}

// splitSolvers splits the -solvers list at semicolons when it has any,
// else at commas.
func splitSolvers(list string) []string {
	sep := ","
	if strings.Contains(list, ";") {
		sep = ";"
	}
	var out []string
	for _, s := range strings.Split(list, sep) {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
