// Command nonogrambench measures package models/nonogram and prints a
// Markdown report:
//
//   - the 14 redistributable puzzles of Wolter's survey sample set and the
//     n-Dom family, each
//     solved with uniqueness (two solutions asked for) by SAT with gini
//     (block-start and automaton encodings), by cadical on the same CNF
//     (through sat/external, when cadical is on PATH) and by the native
//     solver, side by side, first from the clues alone and then seeded
//     with the file's goal image, with the peak heap of each solve;
//
//   - the tournament sets (TAAI 2011, ICGA 2023: 1,000 puzzles of 25×25
//     each), one solution per puzzle and with uniqueness, per solver:
//     total, median and slowest puzzle, verdict counts, agreement between
//     solvers, the generator pictures checked against the clues and the
//     unique solutions, beside the published tournament figures;
//
//   - the whole-corpus check: every file parses or gets a clear error, and
//     SAT and native agree with the manifest wherever it says unique or
//     multiple.
//
//     go run ./benchmarks/nonogrambench [-corpus DIR] [-timeout 30s] [-runs 3]
//     [-sections survey,tournament,corpus]
//     [-solvers starts,dfa,cdcl-starts,cdcl-dfa,cadical,native]
//     [-sets taai2011.txt,icga2023.txt] [-modes first,unique]
//
// Times are CPU seconds of this process and its children (cadical), the
// median over up to -runs repetitions of fast solves; the machine is
// shared, so compare ratios within a table. Every solution is checked
// against the clues by the package before it is counted, and the exit
// status is 1 when solvers or the manifest disagree.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
)

func main() {
	corpus := flag.String("corpus", "../shared/corpus/nonogram", "the shared nonogram corpus")
	timeout := flag.Duration("timeout", 30*time.Second, "CPU-time limit per solve (this process and its children), with a wall-clock guard of 4 times as much")
	runs := flag.Int("runs", 3, "repetitions of solves that take under a second; times are medians")
	sections := flag.String("sections", "survey,tournament,corpus", "comma-separated sections to run")
	sets := flag.String("sets", strings.Join(tournamentSets, ","), "comma-separated tournament sets (files of tournament/question)")
	shard := benchmarks.ShardFlag()
	modes := flag.String("modes", "first,unique", "comma-separated tournament modes: first (one solution per puzzle) and unique (two asked for)")
	only := flag.String("solvers", "starts,dfa,cadical,native", "comma-separated solvers for the survey and tournament tables: starts and dfa (SAT, gini), cdcl-starts and cdcl-dfa (SAT, sat/cdcl), cadical (starts encoding; skipped when not on PATH), native, portfolio (native and gini taking turns; portfolio:N for a first native turn of N line solves)")
	timesFile := flag.String("times", "", "write every tournament solve's CPU time to this CSV file (set,mode,puzzle,solver,seconds,verdict)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	r := &report{ctx: ctx, corpus: *corpus, timeout: *timeout, runs: max(*runs, 1), sets: strings.Split(*sets, ","), shard: *shard}
	if *timesFile != "" {
		f, err := os.Create(*timesFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "nonogrambench:", err)
			os.Exit(1)
		}
		defer f.Close()
		r.times = f
	}
	for _, m := range strings.Split(*modes, ",") {
		if _, ok := tournamentModes[m]; !ok {
			fmt.Fprintf(os.Stderr, "nonogrambench: unknown mode %q\n", m)
			os.Exit(2)
		}
		r.modes = append(r.modes, m)
	}
	for _, name := range strings.Split(*only, ",") {
		s, ok := solverNames[name]
		if w, found := strings.CutPrefix(name, "portfolio:"); found {
			n, err := strconv.ParseInt(w, 10, 64)
			s, ok = portfolioSolver(n), err == nil && n > 0
		}
		if !ok {
			fmt.Fprintf(os.Stderr, "nonogrambench: unknown solver %q\n", name)
			os.Exit(2)
		}
		if _, err := exec.LookPath("cadical"); name == "cadical" && err != nil {
			continue
		}
		r.solvers = append(r.solvers, s)
	}
	if len(r.solvers) == 0 {
		fmt.Fprintln(os.Stderr, "nonogrambench: no solver to run")
		os.Exit(2)
	}
	fmt.Println("# models/nonogram benchmarks")
	fmt.Println()
	fmt.Printf("Command: `go run ./benchmarks/nonogrambench %s`\n\n", strings.Join(os.Args[1:], " "))
	fmt.Printf("Run of %s on %s. Times are CPU seconds of this process and its children (cadical), medians over up to %d runs for solves under a second (a child's CPU time is known only when it exits, so cadical is stopped by the wall-clock guard, 4 times the limit); the machine has 2 cores shared with other jobs, so compare ratios within a table. Every solution is checked against the clues.\n\n",
		time.Now().Format("2006-01-02 15:04"), loadNote(), r.runs)
	fmt.Print(r.shard.Note())
	all := map[string]func() error{"survey": r.survey, "tournament": r.tournaments, "corpus": r.corpusCheck}
	if err := benchmarks.RunSections(*sections, all); err != nil {
		fmt.Fprintln(os.Stderr, "nonogrambench:", err)
		if errors.Is(err, benchmarks.ErrUnknownSection) {
			os.Exit(2)
		}
		os.Exit(1)
	}
	if r.disagreements > 0 {
		fmt.Fprintf(os.Stderr, "nonogrambench: %d disagreements (see the report)\n", r.disagreements)
		os.Exit(1)
	}
}

// report holds the settings every section uses and counts disagreements.
type report struct {
	ctx           context.Context
	corpus        string
	timeout       time.Duration
	runs          int
	solvers       []solver
	sets          []string
	modes         []string         // tournament modes (tournamentModes)
	memory        bool             // sample the peak heap of each solve
	shard         benchmarks.Shard // the puzzles this shard solves (-shard)
	disagreements int
	times         io.Writer // per-solve CPU times (-times), or nil
}

// loadNote describes the machine's load when the run starts.
func loadNote() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "this machine"
	}
	f := strings.Fields(string(data))
	return fmt.Sprintf("a machine with load average %s (1 min) / %s (5 min) at the start", f[0], f[1])
}
