package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/satsolve/satsolve/benchmarks"
	"github.com/satsolve/satsolve/models/nonogram"
)

// corpusCheck reads every file of the manifest and solves, with SAT (gini)
// and native, every puzzle whose answer the manifest states.
func (r *report) corpusCheck() error {
	f, err := os.Open(filepath.Join(r.corpus, "manifest.csv"))
	if err != nil {
		return err
	}
	recs, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		return err
	}
	fmt.Println("## Whole corpus")
	fmt.Println()
	fmt.Printf("Every file of `manifest.csv` is parsed (format sniffed from the content). Every puzzle whose answer the manifest states (unique, multiple, \"all unique\", or one answer per puzzle) is solved with uniqueness by SAT (gini, block starts), by the native solver and by the portfolio (the two taking turns), limit %v each; a solver that does not finish a puzzle cold solves it again seeded with its goal image (as in the survey section). Tournament sets (\"mixed\") are the previous section.\n\n", r.timeout)
	var parsed, puzzles, refused, checked, agreed, seeded int
	var errs []string
	for _, rec := range benchmarks.Select(r.shard, recs[1:]) {
		file, want := rec[0], rec[4]
		ps, err := nonogram.ParseFile(filepath.Join(r.corpus, file), nonogram.FormatAuto)
		if err != nil {
			var pe *nonogram.ParseError
			switch {
			case errors.Is(err, nonogram.ErrColour), errors.As(err, &pe):
				refused++
				errs = append(errs, fmt.Sprintf("| %s | %s | %s |", file, want, strings.ReplaceAll(err.Error(), "|", `\|`)))
			default:
				r.disagreements++
				errs = append(errs, fmt.Sprintf("| %s | %s | **unclear error: %v** |", file, want, err))
			}
			continue
		}
		parsed++
		puzzles += len(ps)
		wants := expected(want, len(ps))
		if wants == nil {
			continue
		}
		for k, p := range ps {
			checked++
			ok, usedGoal, err := r.corpusSolve(file, k, p, wants[k])
			if err != nil {
				return err
			}
			if ok {
				agreed++
			}
			if usedGoal {
				seeded++
			}
		}
	}
	fmt.Printf("%d files in the manifest: %d parsed (%d puzzles), %d refused with an error (below). %d puzzles with a stated answer: SAT, native and the portfolio all gave the manifest's answer for %d (%d of them seeded with the goal image).\n\n",
		len(recs)-1, parsed, puzzles, refused, checked, agreed, seeded)
	fmt.Println("| file | manifest | error |")
	fmt.Println("|---|---|---|")
	for _, e := range errs {
		fmt.Println(e)
	}
	fmt.Println()
	return nil
}

// expected returns the answer the manifest states for each of n puzzles,
// or nil when it states none.
func expected(want string, n int) []string {
	var out []string
	switch want {
	case "unique", "multiple", "all unique":
		for range n {
			out = append(out, strings.TrimPrefix(want, "all "))
		}
	case "multiple (3rd-party)":
		out = []string{"multiple"}
	default:
		if parts := strings.Split(want, ";"); len(parts) == n && n > 1 {
			out = parts
		}
	}
	if len(out) != n {
		return nil
	}
	return out
}

// corpusSolve solves one puzzle with SAT, native and the portfolio, each again seeded
// with the goal image when it did not finish cold; it reports whether both
// all gave want, printing a line when not, and whether the goal image was
// needed.
func (r *report) corpusSolve(file string, k int, p *nonogram.Puzzle, want string) (ok, usedGoal bool, err error) {
	pair := []solver{giniStarts, native, portfolioSolver(0)}
	outs := make([]outcome, len(pair))
	for i, s := range pair {
		if outs[i], err = r.measure(s, p, nil, 1, 2); err != nil {
			return false, false, err
		}
	}
	for i, s := range pair {
		if outs[i].timeout && p.Goal != nil && nonogram.Check(p, p.Goal) == nil {
			usedGoal = true
			if outs[i], err = r.measure(s, p, p.Goal, 1, 2); err != nil {
				return false, false, err
			}
		}
	}
	if outs[0].verdict() == want && outs[1].verdict() == want && outs[2].verdict() == want {
		return true, usedGoal, nil
	}
	r.disagreements++
	fmt.Printf("- **%s puzzle %d: manifest %s, SAT %s, native %s, portfolio %s**\n", file, k+1, want, outs[0].verdict(), outs[1].verdict(), outs[2].verdict())
	return false, usedGoal, nil
}
