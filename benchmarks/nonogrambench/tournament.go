package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
	"github.com/satsolve/satsolve/models/nonogram"
)

// tournamentSets are the TAAI/ICGA files of the corpus.
var tournamentSets = []string{"taai2011.txt", "icga2023.txt"}

// tournaments measures each tournament set with every solver.
func (r *report) tournaments() error {
	fmt.Println("## Tournament sets, with uniqueness")
	fmt.Println()
	fmt.Printf("Each set holds 1,000 puzzles of 25×25 (`tournament/question/`), solved one after another as `satsolve nonogram solve --unique` does, one run per puzzle, limit %v per puzzle. Target: under 60 s per set. \"generator pictures\" (`tournament/solution/`) are checked against the clues, and every puzzle proved unique must have its generator picture as its solution.\n\n", r.timeout)
	for _, set := range r.sets {
		ps, err := nonogram.ParseFile(filepath.Join(r.corpus, "tournament", "question", set), nonogram.FormatAuto)
		if err != nil {
			return err
		}
		pics, err := readPictures(filepath.Join(r.corpus, "tournament", "solution", set))
		if err != nil {
			return err
		}
		if len(pics) != len(ps) {
			return fmt.Errorf("%s: %d generator pictures for %d puzzles", set, len(pics), len(ps))
		}
		ps, pics = benchmarks.Select(r.shard, ps), benchmarks.Select(r.shard, pics)
		fmt.Printf("### %s (%d puzzles)\n\n", set, len(ps))
		fmt.Println("| solver | total CPU s | median ms | slowest (puzzle, s) | unique | multiple | no solution | timeout |")
		fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|")
		verdicts := make([][]string, len(ps))
		var uniqueSols map[int]*nonogram.Grid
		for _, s := range r.solvers {
			var times []time.Duration
			var total time.Duration
			counts := map[string]int{}
			slowest := 0
			sols := map[int]*nonogram.Grid{}
			for k, p := range ps {
				o, err := r.measure(s, p, nil, 1)
				if err != nil {
					return fmt.Errorf("puzzle %d: %w", k+1, err)
				}
				times = append(times, o.cpu)
				total += o.cpu
				if o.cpu > times[slowest] {
					slowest = k
				}
				v := o.verdict()
				counts[v]++
				verdicts[k] = append(verdicts[k], v)
				if v == "unique" {
					sols[k] = o.res.Solutions[0]
				}
			}
			if uniqueSols == nil {
				uniqueSols = sols
			}
			sorted := slices.Sorted(slices.Values(times))
			fmt.Printf("| %s | %s | %.2f | %d, %s | %d | %d | %d | %d |\n", s.name, seconds(total),
				float64(sorted[len(sorted)/2].Microseconds())/1000, slowest+1, seconds(times[slowest]),
				counts["unique"], counts["multiple"], counts["no solution"], counts["timeout"])
		}
		fmt.Println()
		disagree := 0
		for k, vs := range verdicts {
			var done []string
			for _, v := range vs {
				if v != "timeout" {
					done = append(done, v)
				}
			}
			if len(slices.Compact(done)) > 1 {
				disagree++
				fmt.Printf("- **puzzle %d: solvers disagree: %s**\n", k+1, strings.Join(vs, ", "))
			}
		}
		r.disagreements += disagree
		valid, matched := 0, 0
		for k, g := range pics {
			if nonogram.Check(ps[k], g) == nil {
				valid++
			}
			if u, ok := uniqueSols[k]; ok {
				if u.Equal(g) {
					matched++
				} else {
					r.disagreements++
					fmt.Printf("- **puzzle %d: unique, but its generator picture is another grid**\n", k+1)
				}
			}
		}
		if valid != len(pics) {
			r.disagreements++
		}
		fmt.Printf("Solvers agree on %d of %d puzzles (timeouts aside); %d of %d generator pictures satisfy their clues; the %d puzzles proved unique all have their generator picture as solution: %v.\n\n",
			len(ps)-disagree, len(ps), valid, len(pics), len(uniqueSols), matched == len(uniqueSols))
	}
	return nil
}

// readPictures reads a tournament solution file: "$n" lines, each followed
// by the rows of a picture as 0/1 numbers separated by blanks.
func readPictures(path string) ([]*nonogram.Grid, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []*nonogram.Grid
	var rows [][]string
	flush := func() error {
		if len(rows) == 0 {
			rows = nil
			return nil
		}
		g := nonogram.NewGrid(len(rows[0]), len(rows))
		for r, row := range rows {
			if len(row) != g.Width {
				return fmt.Errorf("%s: picture %d: ragged rows", path, len(out)+1)
			}
			for c, v := range row {
				g.Set(r, c, nonogram.White)
				if v == "1" {
					g.Set(r, c, nonogram.Black)
				}
			}
		}
		out = append(out, g)
		rows = nil
		return nil
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "$"):
			if err := flush(); err != nil {
				return nil, err
			}
			rows = [][]string{}
		case line != "" && rows != nil:
			rows = append(rows, strings.Fields(line))
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, sc.Err()
}
