package main

import (
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
)

// report prints the overall table and the per-family table in Markdown.
func report(w io.Writer, all []benchmarks.Outcome, limit time.Duration) {
	sums := benchmarks.Summarise(all, limit)
	fmt.Fprintf(w, "CPU seconds, limit %.0f s; PAR-2 counts an unsolved run as %.0f s.\n\n", limit.Seconds(), 2*limit.Seconds())
	fmt.Fprintln(w, "| solver | runs | solved | SAT | UNSAT | timeouts | wrong | errors | PAR-2 | median s |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|")
	for _, s := range sums {
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %d | %d | %.0f | %.2f |\n", s.Solver, s.Runs, s.Solved, s.Sat, s.Unsat,
			s.Timeouts, s.Wrong, s.Errs, s.PAR2.Seconds(), s.Median.Seconds())
	}
	byFamily := map[string][]benchmarks.Outcome{}
	var fams []string
	for _, o := range all {
		if _, ok := byFamily[o.Family]; !ok {
			fams = append(fams, o.Family)
		}
		byFamily[o.Family] = append(byFamily[o.Family], o)
	}
	sort.Strings(fams)
	fmt.Fprintln(w, "\nPer family: solved / PAR-2 seconds.")
	fmt.Fprint(w, "\n| family |")
	for _, s := range sums {
		fmt.Fprintf(w, " %s |", s.Solver)
	}
	fmt.Fprint(w, "\n|---|")
	for range sums {
		fmt.Fprint(w, "---|")
	}
	fmt.Fprintln(w)
	for _, f := range fams {
		fs := benchmarks.Summarise(byFamily[f], limit)
		by := map[string]benchmarks.Summary{}
		for _, s := range fs {
			by[s.Solver] = s
		}
		fmt.Fprintf(w, "| %s (%d) |", f, by[sums[0].Solver].Runs)
		for _, s := range sums {
			x := by[s.Solver]
			fmt.Fprintf(w, " %d / %.1f |", x.Solved, x.PAR2.Seconds())
		}
		fmt.Fprintln(w)
	}
	ratios(w, all, sums)
}

// randomFamilies are the corpus families of random instances; the others
// are the structured ones the CPU ratios are taken over too.
var randomFamilies = map[string]bool{"uf": true, "uuf": true, "lran": true, "sat09-random": true, "gcp": true}

// ratios prints each solver's CPU time against the first solver's, as the
// geometric mean over the instances both solve: on all of them and on
// the structured families, once over every such instance and once over
// those where one of the two needed 0.1 s or more (start-up left out).
func ratios(w io.Writer, all []benchmarks.Outcome, sums []benchmarks.Summary) {
	if len(sums) < 2 {
		return
	}
	var structured []benchmarks.Outcome
	for _, o := range all {
		if !randomFamilies[o.Family] {
			structured = append(structured, o)
		}
	}
	base := sums[0].Solver
	fmt.Fprintf(w, "\nCPU time against %s: geometric mean of the ratios over the instances both solve (instances).\n\n", base)
	fmt.Fprintln(w, "| solver | all | all, ≥ 0.1 s | structured | structured, ≥ 0.1 s |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	for _, s := range sums[1:] {
		fmt.Fprintf(w, "| %s |", s.Solver)
		for _, set := range [][]benchmarks.Outcome{all, structured} {
			for _, floor := range []time.Duration{0, 100 * time.Millisecond} {
				r := benchmarks.CPURatio(set, base, s.Solver, floor)
				if r.Both == 0 {
					fmt.Fprint(w, " – |")
					continue
				}
				fmt.Fprintf(w, " %.2f× (%d) |", r.GeoMean, r.Both)
			}
		}
		fmt.Fprintln(w)
	}
}
