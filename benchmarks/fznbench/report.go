package main

import (
	"fmt"
	"io"
	"math"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
)

// report prints the summary, the comparisons and the per-instance table
// in Markdown. The base of the comparisons is gecode when it ran, else the
// first solver.
func report(w io.Writer, all []outcome, solvers []string, limit time.Duration, shard benchmarks.Shard) {
	fmt.Fprint(w, shard.Note())
	base := solvers[0]
	for _, s := range solvers {
		if s == "gecode" {
			base = s
		}
	}
	by := map[string]map[string]outcome{} // instance key without solver → solver → outcome
	var order []string
	for _, o := range all {
		k := o.model + "\x00" + o.data
		if by[k] == nil {
			by[k] = map[string]outcome{}
			order = append(order, k)
		}
		by[k][o.solver] = o
	}
	fmt.Fprintf(w, "%.0f CPU-s per run, minizinc's and the solver's together, flattening included.\n\n", limit.Seconds())
	fmt.Fprintln(w, "| solver | runs | completed | SAT | OPT | UNSAT | FEAS | UNKNOWN | ERROR | verified | wrong |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|")
	completed := map[string]int{}
	for _, s := range solvers {
		n := map[string]int{}
		runs := 0
		for _, k := range order {
			o, ok := by[k][s]
			if !ok {
				continue
			}
			runs++
			n[o.status]++
			n["v"+o.verified]++
			if o.completed() {
				completed[s]++
			}
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n", s, runs, completed[s], n["SAT"], n["OPT"], n["UNSAT"],
			n["FEAS"], n["UNKNOWN"], n["ERROR"], n["vyes"], n["vno"])
	}
	for _, s := range solvers {
		if s == base || completed[base] == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s completes %d searches, %s %d: %.2f×.\n", s, completed[s], base, completed[base], float64(completed[s])/float64(completed[base]))
	}

	for _, s := range solvers {
		if s == base {
			continue
		}
		geo, both := geomean(order, by, base, s)
		fmt.Fprintf(w, "\nCPU time of %s against %s where both complete (%d instances): geometric mean of the ratios %.2f", s, base, both, geo)
		if geo > 0 {
			fmt.Fprintf(w, " (%s %.2f× %s)", s, 1/geo, map[bool]string{true: "faster", false: "slower"}[geo < 1])
		}
		fmt.Fprintln(w, ".")
		better, equal, worse, onlyS, onlyB := objectives(order, by, base, s)
		fmt.Fprintf(w, "\nBest objective where neither completes: %s better on %d, equal on %d, worse on %d; a solution from %s alone on %d, from %s alone on %d.\n",
			s, better, equal, worse, s, onlyS, base, onlyB)
	}

	fmt.Fprintln(w, "\nDisagreements (a status or an optimum one solver contradicts):")
	n := 0
	for _, k := range order {
		for _, s := range solvers {
			if s == base {
				continue
			}
			if d := disagree(by[k][base], by[k][s]); d != "" {
				fmt.Fprintf(w, "- %s: %s\n", by[k][base].name(), d)
				n++
			}
		}
	}
	if n == 0 {
		fmt.Fprintln(w, "none.")
	}

	fmt.Fprint(w, "\n| instance | kind |")
	for _, s := range solvers {
		fmt.Fprintf(w, " %s | obj | CPU s |", s)
	}
	fmt.Fprint(w, "\n|---|---|")
	for range solvers {
		fmt.Fprint(w, "---|---|---|")
	}
	fmt.Fprintln(w)
	for _, k := range order {
		row := by[k]
		var any outcome
		for _, o := range row {
			any = o
		}
		fmt.Fprintf(w, "| %s | %s |", any.name(), any.kind)
		for _, s := range solvers {
			o, ok := row[s]
			if !ok {
				fmt.Fprint(w, " | | |")
				continue
			}
			st := o.status
			if o.verified == "no" {
				st += " (WRONG)"
			}
			fmt.Fprintf(w, " %s | %s | %.2f |", st, o.objText(), o.cpu.Seconds())
		}
		fmt.Fprintln(w)
	}
}

// geomean returns the geometric mean of s's CPU time over base's on the
// instances both complete, each time raised to 10 ms.
func geomean(order []string, by map[string]map[string]outcome, base, s string) (float64, int) {
	sum, n := 0.0, 0
	for _, k := range order {
		b, ok1 := by[k][base]
		x, ok2 := by[k][s]
		if !ok1 || !ok2 || !b.completed() || !x.completed() {
			continue
		}
		sum += math.Log(max(x.cpu, 10*time.Millisecond).Seconds() / max(b.cpu, 10*time.Millisecond).Seconds())
		n++
	}
	if n == 0 {
		return 0, 0
	}
	return math.Exp(sum / float64(n)), n
}

// objectives compares s's best objective with base's on the optimisation
// instances neither completes.
func objectives(order []string, by map[string]map[string]outcome, base, s string) (better, equal, worse, onlyS, onlyB int) {
	for _, k := range order {
		b, ok1 := by[k][base]
		x, ok2 := by[k][s]
		if !ok1 || !ok2 || b.kind == "satisfy" || b.completed() || x.completed() {
			continue
		}
		switch {
		case x.hasObj && !b.hasObj:
			onlyS++
		case b.hasObj && !x.hasObj:
			onlyB++
		case !b.hasObj:
		case x.objective == b.objective:
			equal++
		case (x.objective < b.objective) == (b.kind == "minimize"):
			better++
		default:
			worse++
		}
	}
	return
}

// disagree describes how two runs on one instance contradict each other,
// or returns "".
func disagree(a, b outcome) string {
	if a.solver == "" || b.solver == "" {
		return ""
	}
	switch {
	case a.status == "UNSAT" && b.solutions > 0, b.status == "UNSAT" && a.solutions > 0:
		return fmt.Sprintf("%s %s, %s %s", a.solver, a.status, b.solver, b.status)
	case a.status == "OPT" && b.status == "OPT" && a.objective != b.objective:
		return fmt.Sprintf("optimum %d by %s, %d by %s", a.objective, a.solver, b.objective, b.solver)
	case a.status == "OPT" && b.hasObj && beats(b, a):
		return fmt.Sprintf("%s's objective %s beats %s's proved optimum %s", b.solver, b.objText(), a.solver, a.objText())
	case b.status == "OPT" && a.hasObj && beats(a, b):
		return fmt.Sprintf("%s's objective %s beats %s's proved optimum %s", a.solver, a.objText(), b.solver, b.objText())
	}
	return ""
}

// beats reports whether x's objective is strictly better than y's.
func beats(x, y outcome) bool {
	if x.kind == "minimize" {
		return x.objective < y.objective
	}
	return x.objective > y.objective
}
