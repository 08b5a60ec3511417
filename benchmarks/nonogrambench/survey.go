package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
	"github.com/satsolve/satsolve/models/nonogram"
)

// surveyFiles are the redistributable puzzles of Wolter's survey sample
// set with the manifest's answer (third-party for knotty and faase).
var surveyFiles = []struct{ file, want string }{
	{"webpbn-00001.non", "unique"}, {"webpbn-00006.non", "unique"}, {"webpbn-00016.non", "unique"},
	{"webpbn-00021.non", "unique"}, {"webpbn-00023.non", "unique"}, {"webpbn-00027.non", "unique"},
	{"webpbn-00065.non", "unique"}, {"webpbn-00436.non", "unique"}, {"webpbn-00529.non", "unique"},
	{"webpbn-00803.non", "unique"}, {"webpbn-01611.non", "unique"}, {"webpbn-06574.non", "unique"},
	{"knotty.non", "multiple"}, {"faase.non", "multiple"},
}

// domFile holds the n-Dom family (3-Dom to 9-Dom, all unique).
const domFile = "picross-solver/inputs/domino_logic.txt"

// survey measures the survey puzzles and the n-Dom family, cold and seeded
// with the goal image.
func (r *report) survey() error {
	var ps []*nonogram.Puzzle
	var wants []string
	for _, f := range surveyFiles {
		got, err := nonogram.ParseFile(filepath.Join(r.corpus, "webpbn-survey", f.file), nonogram.FormatAuto)
		if err != nil {
			return err
		}
		ps = append(ps, got[0])
		wants = append(wants, f.want)
	}
	doms, err := nonogram.ParseFile(filepath.Join(r.corpus, domFile), nonogram.FormatAuto)
	if err != nil {
		return err
	}
	for _, p := range doms {
		ps = append(ps, p)
		wants = append(wants, "unique")
	}
	ps, wants = benchmarks.Select(r.shard, ps), benchmarks.Select(r.shard, wants)
	r.memory = true
	defer func() { r.memory = false }()
	fmt.Println("## Wolter's survey puzzles and the n-Dom family, with uniqueness")
	fmt.Println()
	fmt.Printf("The 14 redistributable puzzles of `webpbn-survey/` and the n-Dom family (`%s`, 3-Dom to 9-Dom), %d in all. Each solver is asked for two solutions, so a unique puzzle is proved unique and the others get two checked solutions; limit %v CPU per solve. SAT: native line solving first, then the encoding of the cells left, solved, the solution blocked over the cell variables and solved again (incrementally for gini; cadical is rerun on the whole CNF through `sat/external`). Native: line solving to a fixpoint, probing, backtracking. \"manifest\" is the corpus manifest's answer (third-party for knotty and faase). A time is marked with the verdict when it differs from the manifest's. \"MB\" columns are the peak Go heap during the solve above the heap at its start (sampled every millisecond after a collection, so a lower bound; gini and the native solver are both Go; cadical's memory, a child process, is not counted). Targets (issue 19): native no slower than SAT on every puzzle, 9-Dom ≤ 3 s, knotty and faase settled cold in ≤ 120 s each, native peak memory no more than the SAT path's.\n\n", domFile, len(ps), r.timeout)
	if err := r.surveyTable(ps, wants, false); err != nil {
		return err
	}
	fmt.Println("### Seeded with the goal image")
	fmt.Println()
	fmt.Println("The same solves with the file's goal image, checked against the clues, taken as the first solution (`satsolve nonogram solve --unique --use-goal`): the second solution is looked for in windows around it (10, 16 and 24 cells square, native search of at most 2,000 nodes per window), then globally with the goal blocked. This is how knotty and faase, which no solver of the 2013 survey finished in 30 minutes and which no solver here finishes cold within the limit, are settled: both have at least two solutions, each checked against the clues.")
	fmt.Println()
	return r.surveyTable(ps, wants, true)
}

// surveyTable prints one table of the survey section.
func (r *report) surveyTable(ps []*nonogram.Puzzle, wants []string, seeded bool) error {
	head := "| puzzle | size | manifest | verdict |"
	rule := "|---|---|---|---|"
	for _, s := range r.solvers {
		head += " " + s.name + " |"
		rule += "---:|"
	}
	for _, s := range r.solvers {
		head += " " + s.name + " MB |"
		rule += "---:|"
	}
	// The last column compares the first solver with the native one (the
	// issue's criterion), or with the last when native is not run.
	cmp := len(r.solvers) - 1
	for i, s := range r.solvers {
		if s.name == "native" {
			cmp = i
		}
	}
	fmt.Println(head + " " + r.solvers[0].name + " / " + r.solvers[cmp].name + " |")
	fmt.Println(rule + "---:|")
	totals := make([]time.Duration, len(r.solvers))
	for k, p := range ps {
		var hint *nonogram.Grid
		if seeded && p.Goal == nil {
			continue // n-Dom: no goal image in the file
		}
		if seeded {
			if nonogram.Check(p, p.Goal) != nil {
				return fmt.Errorf("%s: no goal image satisfying the clues", p.Source.File)
			}
			hint = p.Goal
		}
		outs := make([]outcome, len(r.solvers))
		for i, s := range r.solvers {
			o, err := r.measure(s, p, hint, r.runs, 2)
			if err != nil {
				return err
			}
			outs[i] = o
			totals[i] += o.cpu
		}
		verdict := r.agree(p.Source.File, wants[k], outs)
		name := strings.TrimSuffix(filepath.Base(p.Source.File), ".non")
		if p.Name != "" && !strings.HasSuffix(p.Source.File, ".non") {
			name = p.Name
		}
		row := fmt.Sprintf("| %s | %dx%d | %s | %s |", name, p.Width, p.Height, wants[k], verdict)
		for _, o := range outs {
			row += " " + o.cell(wants[k]) + " |"
		}
		for _, o := range outs {
			row += fmt.Sprintf(" %.1f |", float64(o.peak)/(1<<20))
		}
		fmt.Println(row + " " + ratio(outs[0], outs[cmp]) + " |")
	}
	row := "| **total** | | | |"
	for _, t := range totals {
		row += " " + seconds(t) + " |"
	}
	row += strings.Repeat(" |", len(r.solvers))
	fmt.Println(row + " |")
	fmt.Println()
	return nil
}

// agree returns the verdict the finished solves share, and counts a
// disagreement (marked in the verdict) when they differ from each other
// or from want ("unique" or "multiple"; anything else is not checked).
func (r *report) agree(file, want string, outs []outcome) string {
	verdict := ""
	for _, o := range outs {
		if o.timeout {
			continue
		}
		v := o.verdict()
		if verdict == "" {
			verdict = v
		} else if v != verdict {
			r.disagreements++
			return "**solvers disagree**"
		}
	}
	switch {
	case verdict == "":
		return "none finished"
	case (want == "unique" || want == "multiple") && verdict != want:
		r.disagreements++
		return "**" + verdict + ", manifest " + want + "**"
	}
	return verdict
}

// ratio returns a's CPU time over b's, or "–" when either timed out.
func ratio(a, b outcome) string {
	if a.timeout || b.timeout || b.cpu <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", a.cpu.Seconds()/b.cpu.Seconds())
}
