// Command chipfirebench measures package models/chipfire and prints a
// Markdown report, every method side by side in one run:
//
//   - the survey of issue 29 (survey.go): -survey random games of 10–40
//     vertices, SAT winnability and the fewest moves next to Dhar's
//     algorithm, in CPU time (benchmarks/results/chipfire.md);
//
//   - native winnability on 10,000-vertex sparse graphs (a Barabási–Albert
//     graph and the 100×100 grid): the greedy algorithm, Winnable (Dhar's
//     algorithm at a central vertex, stopping once won) and the full
//     q-reduction, on divisors of degree g, g − 1 and g/2;
//
//   - SAT bounded winnability on random G(n, 6/n) and G(n, 0.3) games of
//     30, 60 and 100 vertices, gini and gophersat next to Dhar, on the
//     game's divisor (degree g, winnable) and on a poorer one (g/2 dollars
//     removed);
//
//   - the fewest moves on the winnable ones (PB optimisation, optimality
//     proved), gini and gophersat;
//
//   - the rank of random divisors on graphs of 8 to 12 vertices: SAT
//     certificates (with Riemann–Roch, and pure) against brute force.
//
//     go run ./benchmarks/chipfirebench [-runs 3] [-games 5] [-survey 200] [-timeout 30s] [-sections survey,native,win,moves,rank]
//
// Native times are medians over -runs repetitions; SAT times are medians
// over the -games random games of a row, each solved once, with the
// number solved within -timeout. Every answer is checked (scripts
// replayed, SAT against Dhar, ranks against brute force) before it is
// reported. The machine is shared: compare ratios within a table.
package main

import (
	"context"
	"errors"
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
	runs := flag.Int("runs", 3, "repetitions per native measurement; the report gives medians")
	games := flag.Int("games", 5, "random games per SAT row")
	timeout := flag.Duration("timeout", 30*time.Second, "limit per SAT solve (wall clock; CPU time in the survey)")
	survey := flag.Int("survey", 200, "random games of the survey section")
	list := flag.Bool("list", false, "list every game of the survey, not only the 10 slowest")
	sections := flag.String("sections", "survey,native,win,moves,rank", "comma-separated sections to run")
	shard := benchmarks.ShardFlag()
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	r := &report{ctx: ctx, runs: max(*runs, 1), games: max(*games, 1), surveyGames: max(*survey, 1), listAll: *list, timeout: *timeout, rows: benchmarks.Rows{Shard: *shard}}
	fmt.Println("# models/chipfire benchmarks")
	fmt.Println()
	fmt.Printf("%s; native times are medians over %d runs, SAT times medians over %d random games per row (limit %v per solve). Wall-clock on a shared 2-core machine: compare ratios within a table.\n\n",
		time.Now().Format("2006-01-02"), r.runs, r.games, r.timeout)
	fmt.Print(shard.Note())
	all := map[string]func() error{"survey": r.survey, "native": r.native, "win": r.win, "moves": r.moves, "rank": r.rank}
	if err := benchmarks.RunSections(*sections, all); err != nil {
		fmt.Fprintln(os.Stderr, "chipfirebench:", err)
		if errors.Is(err, benchmarks.ErrUnknownSection) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// report holds the settings every section uses.
type report struct {
	ctx         context.Context
	runs        int
	games       int
	surveyGames int
	listAll     bool
	timeout     time.Duration
	rows        benchmarks.Rows // the rows this shard computes (-shard)
}

// median returns the median of ds (the lower middle for an even count),
// or 0 for none.
func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[(len(s)-1)/2]
}

// ms formats a duration in milliseconds, or "–" for none.
func ms(d time.Duration) string {
	if d == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f", float64(d)/float64(time.Millisecond))
}

// ratio formats a/b, or "–" when b is zero.
func ratio(a, b time.Duration) string {
	if a == 0 || b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f×", float64(a)/float64(b))
}
