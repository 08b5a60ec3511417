// Command cubebench measures cube-and-conquer (sat/cube) on hard corpus
// instances and prints a Markdown report: per instance and backend, side
// by side in one run,
//
//   - the whole formula's CPU time, solved by the backend alone;
//
//   - the split's CPU time (look-ahead, the same split for every backend),
//     its cubes and refuted branches;
//
//   - every cube solved on its own, one after another with a fresh solver
//     each (as one job of an array would): the sum of the cube times
//     against the whole formula's (the overhead of splitting), the longest
//     cube, and the wall time 2 cores and 100 cores would need from
//     these CPU times: the cubes handed out in order, each core taking the
//     next when free (the longest cube bounds it from below);
//
//   - the wall time of "satsolve cubes run" with one job and with two,
//     stopping at the first satisfiable cube, best of -repeat runs
//     (alternating; -repeat 0 skips them, for a run that measures CPU
//     only on a busy machine).
//
//     go run ./benchmarks/cubebench [-corpus DIR] [-instances a,b] [-backends gini,cdcl]
//     [-cubes 100] [-timeout 300s] [-repeat 2] [-shard i/n]
//
// CPU times are this process's (getrusage), measured with one solve
// running at a time; wall times are the only measure of parallelism and
// depend on the machine's load, which the report states. Every answer is
// checked: a cube's model against the formula, the merged verdict against
// the whole formula's and the corpus manifest's.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
)

// defaultInstances are the hardest corpus instances gini solves within two
// minutes of CPU (benchmarks/results/cnf.csv), hole10 (which it does not),
// and one of each family in between.
var defaultInstances = []string{
	"hole/hole9.cnf",
	"hole/hole10.cnf",
	"uuf/uuf250-01.cnf",
	"uuf/uuf225-01.cnf",
	"uf/uf250-02.cnf",
	"qg/qg3-09.cnf",
	"crafted-satch/satch-prime4294967297.cnf",
	"beijing/2bitadd_10.cnf",
	"beijing/3bitadd_31.cnf.xz",
	"industrial/38bits_10.dimacs.cnf.xz",
}

func main() {
	corpus := flag.String("corpus", "../shared/corpus/cnf", "corpus directory holding manifest.csv")
	instances := flag.String("instances", strings.Join(defaultInstances, ","), "comma-separated corpus files")
	backends := flag.String("backends", "gini,cdcl", "comma-separated backends (gini, cdcl)")
	cubes := flag.Int("cubes", 100, "cubes per split (satsolve cube --cubes)")
	timeout := flag.Duration("timeout", 300*time.Second, "CPU-time limit per whole solve and per cube")
	repeat := flag.Int("repeat", 2, "runs of each wall-clock measurement (-j 1, -j 2), alternating; the best counts (0: no wall-clock runs)")
	shard := benchmarks.ShardFlag()
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	r := &report{ctx: ctx, corpus: *corpus, cubes: *cubes, timeout: *timeout, repeat: max(*repeat, 0)}
	for _, name := range strings.Split(*backends, ",") {
		b, ok := engines[name]
		if !ok {
			fmt.Fprintf(os.Stderr, "cubebench: unknown backend %q (want gini or cdcl)\n", name)
			os.Exit(2)
		}
		r.backends = append(r.backends, b)
	}
	expected, err := readManifest(*corpus)
	if err != nil {
		fail(err)
	}
	r.expected = expected
	fmt.Println("# Cube-and-conquer (sat/cube)")
	fmt.Println()
	fmt.Printf("Run of %s, %s. %d cubes per split (`satsolve cube --cubes %d`), limit %v of CPU per whole solve and per cube. CPU seconds unless a column says wall; the machine has 2 cores shared with other jobs, so compare within a row.\n\n",
		time.Now().Format("2006-01-02 15:04"), loadNote(), r.cubes, r.cubes, r.timeout)
	fmt.Printf("Command: `go run ./benchmarks/cubebench %s`\n\n", strings.Join(os.Args[1:], " "))
	fmt.Print(shard.Note())
	if err := r.run(benchmarks.Select(*shard, strings.Split(*instances, ","))); err != nil {
		fail(err)
	}
	if r.wrong > 0 {
		fmt.Fprintf(os.Stderr, "cubebench: %d wrong answers (see the report)\n", r.wrong)
		os.Exit(1)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "cubebench:", err)
	os.Exit(1)
}

// loadNote describes the machine's load when the run starts.
func loadNote() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "this machine"
	}
	f := strings.Fields(string(data))
	return fmt.Sprintf("load average %s (1 min) / %s (5 min) at the start", f[0], f[1])
}
