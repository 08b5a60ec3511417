package main

import (
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"sort"
	"strings"
)

var groups = []string{"OPB optimisation", "OPB decision", "WCNF"}

// proved reports whether r settles its instance: an optimum proved, UNSAT,
// or an answer to a decision instance.
func proved(r row) bool {
	return r.status == "OPTIMUM" || r.status == "UNSAT" || r.group == "OPB decision" && r.status == "SAT"
}

func hasModel(r row) bool { return r.status == "SAT" || r.status == "OPTIMUM" }

// crossCheck marks as WRONG the claims that another run's model refutes:
// an optimum above a model's cost, two optima that differ, an UNSAT
// beside a model.
func crossCheck(rows []row) {
	by := map[string][]int{}
	for i, r := range rows {
		by[r.file] = append(by[r.file], i)
	}
	for _, idx := range by {
		var best *big.Int
		model := false
		for _, i := range idx {
			if hasModel(rows[i]) {
				model = true
				if c, ok := new(big.Int).SetString(rows[i].cost, 10); ok && (best == nil || c.Cmp(best) < 0) {
					best = c
				}
			}
		}
		for _, i := range idx {
			r := &rows[i]
			switch {
			case r.status == "UNSAT" && model:
				r.status, r.note = "WRONG", "UNSAT claimed, another solver printed a model"
			case r.status == "OPTIMUM" && best != nil && !sameNumber(r.cost, best.String()):
				r.status, r.note = "WRONG", fmt.Sprintf("optimum %s claimed, another solver's model costs %v", r.cost, best)
			}
		}
	}
}

func report(w io.Writer, insts []instance, solvers []string, all []row, limit float64) error {
	var rows []row
	for _, r := range all {
		if r.limit == limit && slices.Contains(solvers, r.solver) {
			rows = append(rows, r)
		}
	}
	crossCheck(rows)
	fmt.Fprintf(w, "## %g CPU-s per run\n\n", limit)
	count := map[string]int{}
	for _, in := range insts {
		count[in.group]++
	}
	fmt.Fprintf(w, "| solver |")
	for _, g := range groups {
		fmt.Fprintf(w, " %s (of %d) |", g, count[g])
	}
	fmt.Fprintf(w, " wrong | errors | runs |\n|---|")
	for range groups {
		fmt.Fprintf(w, "---:|")
	}
	fmt.Fprintf(w, "---:|---:|---:|\n")
	for _, s := range solvers {
		per := map[string]int{}
		models := map[string]int{}
		wrong, errs, runs := 0, 0, 0
		for _, r := range rows {
			if r.solver != s {
				continue
			}
			runs++
			if proved(r) {
				per[r.group]++
			}
			if hasModel(r) {
				models[r.group]++
			}
			switch r.status {
			case "WRONG":
				wrong++
			case "ERROR":
				errs++
			}
		}
		fmt.Fprintf(w, "| %s |", s)
		for _, g := range groups {
			fmt.Fprintf(w, " %d proved, %d models |", per[g], models[g])
		}
		fmt.Fprintf(w, " %d | %d | %d |\n", wrong, errs, runs)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `"proved": an optimum proved (OPTIMUM FOUND), UNSAT, or a decision instance settled; "models": runs that printed a checked model.`)
	fmt.Fprintln(w)
	for _, s := range solvers {
		if strings.HasPrefix(s, "satsolve") && slices.Contains(solvers, "clasp") {
			compare(w, insts, solvers, rows, s, "clasp")
		}
	}
	var bad []row
	for _, r := range rows {
		if r.status == "WRONG" {
			bad = append(bad, r)
		}
	}
	if len(bad) > 0 {
		fmt.Fprintf(w, "### Wrong answers\n\n")
		for _, r := range bad {
			fmt.Fprintf(w, "- %s on %s: %s\n", r.solver, r.file, r.note)
		}
		fmt.Fprintln(w)
	}
	return nil
}

// compare prints subject against base: CPU where both prove, what the
// anchors prove that subject does not, the cost gap where none proves,
// peak memory, and the instances where base prints a model and subject
// none.
func compare(w io.Writer, insts []instance, solvers []string, rows []row, subject, base string) {
	at := map[string]map[string]row{}
	for _, r := range rows {
		if at[r.file] == nil {
			at[r.file] = map[string]row{}
		}
		at[r.file][r.solver] = r
	}
	fmt.Fprintf(w, "### %s against %s\n\n", subject, base)
	var logs []float64
	var both []string
	var missed, noModel, rss4 []string
	var gaps []string
	worstRSS, worstFile := 0.0, ""
	for _, in := range insts {
		rs := at[in.file]
		s, okS := rs[subject]
		b, okB := rs[base]
		if !okS {
			continue
		}
		if okB && proved(s) && proved(b) {
			logs = append(logs, math.Log(max(s.cpu, 0.001)/max(b.cpu, 0.001)))
			both = append(both, in.file)
		}
		if !proved(s) {
			var who []string
			for _, a := range solvers {
				if a != subject && !strings.HasPrefix(a, "satsolve") && proved(rs[a]) && rs[a].status != "" {
					who = append(who, a)
				}
			}
			if len(who) > 0 {
				missed = append(missed, fmt.Sprintf("%s (%s)", in.file, strings.Join(who, ", ")))
			}
		}
		if okB && hasModel(b) && !hasModel(s) && !proved(s) {
			noModel = append(noModel, in.file)
		}
		if okB && b.rssMB > 0 && b.status != "ERROR" {
			ratio := s.rssMB / b.rssMB
			if ratio > worstRSS {
				worstRSS, worstFile = ratio, in.file
			}
			if ratio > 4 {
				rss4 = append(rss4, fmt.Sprintf("%s (%.0f MB against %.0f MB)", in.file, s.rssMB, b.rssMB))
			}
		}
		anyProved := false
		var best *big.Int
		bestBy := ""
		for _, a := range solvers {
			r, ok := rs[a]
			if !ok {
				continue
			}
			anyProved = anyProved || proved(r)
			if a != subject && !strings.HasPrefix(a, "satsolve") && hasModel(r) {
				if c, ok := new(big.Int).SetString(r.cost, 10); ok && (best == nil || c.Cmp(best) < 0) {
					best, bestBy = c, a
				}
			}
		}
		if !anyProved && in.group != "OPB decision" {
			mine := "no model"
			if hasModel(s) {
				mine = s.cost
			}
			other, gap := "no model", ""
			if best != nil {
				other = fmt.Sprintf("%v (%s)", best, bestBy)
				if c, ok := new(big.Int).SetString(s.cost, 10); ok && hasModel(s) && best.Sign() != 0 {
					d, _ := new(big.Float).SetInt(new(big.Int).Sub(c, best)).Float64()
					bf, _ := new(big.Float).SetInt(best).Float64()
					gap = fmt.Sprintf("%+.1f%%", 100*d/math.Abs(bf))
				}
			}
			gaps = append(gaps, fmt.Sprintf("| %s | %s | %s | %s |", in.file, mine, other, gap))
		}
	}
	if len(logs) > 0 {
		var s float64
		for _, l := range logs {
			s += l
		}
		fmt.Fprintf(w, "- CPU time over %s's, geometric mean over the %d instances both prove: **%.2f×**\n", base, len(logs), math.Exp(s/float64(len(logs))))
	}
	fmt.Fprintf(w, "- peak RSS over %s's: at most **%.2f×** (%s); above 4×: %d", base, worstRSS, worstFile, len(rss4))
	if len(rss4) > 0 {
		fmt.Fprintf(w, ": %s", strings.Join(rss4, "; "))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "- %s printed a model and %s none: %d", base, subject, len(noModel))
	if len(noModel) > 0 {
		fmt.Fprintf(w, ": %s", strings.Join(noModel, ", "))
	}
	fmt.Fprintln(w)
	sort.Strings(missed)
	fmt.Fprintf(w, "- settled by an anchor but not by %s: %d", subject, len(missed))
	if len(missed) > 0 {
		fmt.Fprintf(w, ": %s", strings.Join(missed, "; "))
	}
	fmt.Fprintf(w, "\n\n")
	if len(gaps) > 0 {
		fmt.Fprintf(w, "Where no solver proves the optimum, %s's best cost against the anchors' best:\n\n| instance | %s | best anchor | gap |\n|---|---:|---:|---:|\n", subject, subject)
		for _, g := range gaps {
			fmt.Fprintln(w, g)
		}
		fmt.Fprintln(w)
	}
}
