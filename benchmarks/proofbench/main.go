// Command proofbench measures UNSAT proofs on the corpus: for every UNSAT
// instance of the manifest, side by side in one run,
//
//   - sat/cdcl's solve without a proof, then writing binary DRAT, then
//     writing LRAT (each a fresh solver, same options, proof to a file):
//     CPU times and the overhead ratios with/without;
//   - the check of each proof by sat/proof (CheckDRAT, backward; CheckLRAT,
//     forward), with its CPU time and verdict;
//   - where cadical is on PATH, CaDiCaL's binary DRAT proof of the same
//     instance ("cadical -q FILE PROOF") checked by CheckDRAT.
//
// Every proof must verify: a proof that does not is reported (and makes
// the command exit 1). Instances cdcl does not solve within the limit get
// no proof. It prints Markdown on stdout and writes one CSV row per
// instance:
//
//	go run ./benchmarks/proofbench [-corpus ../shared/corpus/cnf] [-timeout 120s]
//	    [-check-timeout 600s] [-filter RE] [-csv proof.csv] [-shard i/n]
//	go run ./benchmarks/proofbench -report -csv proof.csv   # the report of a CSV file
//
// CPU times are this process's (getrusage) with one solve or check
// running at a time; runs under 1 s are repeated (see timed) so that
// millisecond solves are measured beyond the noise.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"regexp"

	"github.com/satsolve/satsolve/benchmarks"
)

func main() {
	corpus := flag.String("corpus", "../shared/corpus/cnf", "corpus directory holding manifest.csv")
	timeout := flag.Duration("timeout", 120e9, "CPU-time limit of each solve")
	checkTimeout := flag.Duration("check-timeout", 600e9, "CPU-time limit of each proof check")
	filter := flag.String("filter", "", "only instances whose path matches this regular expression")
	csvPath := flag.String("csv", "proofbench.csv", "CSV file of per-instance results (rewritten); with -report, a comma-separated list of files or globs to merge (the shards of an array job)")
	noCadical := flag.Bool("no-cadical", false, "do not check cadical's proofs even when cadical is on PATH")
	only := flag.Bool("report", false, "only print the report of the CSV file")
	shard := benchmarks.ShardFlag()
	flag.Parse()
	var re *regexp.Regexp
	if *filter != "" {
		var err error
		if re, err = regexp.Compile(*filter); err != nil {
			fail(err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	b := &bench{ctx: ctx, corpus: *corpus, limit: *timeout, checkLimit: *checkTimeout, shard: *shard, filter: re}
	if !*noCadical {
		if path, err := exec.LookPath("cadical"); err == nil {
			b.cadical = path
		}
	}
	if *only {
		rows, err := readCSV(*csvPath)
		if err != nil {
			fail(err)
		}
		b.cadical = ""
		report(os.Stdout, rows, b)
		return
	}
	if err := b.run(*csvPath); err != nil {
		fail(err)
	}
	if b.failures > 0 {
		os.Exit(1)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "proofbench:", err)
	os.Exit(1)
}
