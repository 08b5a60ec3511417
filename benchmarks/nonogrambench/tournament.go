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

// tournamentModes are the tournament runs: one solution per puzzle (the
// tournament rule) and uniqueness (two solutions asked for).
var tournamentModes = map[string]int{"first": 1, "unique": 2}

// tournamentTargets are issue 19's targets per set, CPU seconds.
var tournamentTargets = map[string]string{"first": "≤ 10 (stretch ≤ 2)", "unique": "≤ 30"}

// published prints the published tournament figures the tables are read
// against (sources: /work/shared/research/nonogram.md §1.5 and issue 19).
func published() {
	fmt.Println("Published figures, for reading the tables (other machines and years; not re-run here):")
	fmt.Println()
	fmt.Println("| program | set | one solution per puzzle, whole set | machine | source |")
	fmt.Println("|---|---|---:|---|---|")
	fmt.Println("| LalaFrogKK (Wu et al.) | TAAI 2011 (`taai2011.txt`) | 645.5 s | tournament machine, 2011 | tournament result, as cited in issue 19 |")
	fmt.Println("| LalaFrogKK | Computer Olympiad 2013 (not in the corpus) | 22.6 s | tournament machine, 2013 | tournament result, as cited in issue 19 |")
	fmt.Println("| FP2 + Min-logd (Wu et al., IEEE TCIAIG 5(3), 2013, Table I) | TAAI 2011 \"set 1\" | 1.10 s, 1,199 backtracks (per set or per puzzle: unclear) | i5-2400 | third-party notes [S], research §1.5 |")
	fmt.Println("| Requiem (ICGA J. 42(1), 2020) | every tournament set 2011–2018 | faster than every earlier medal program; no figure at hand | — | [S], research §1.5 |")
	fmt.Println()
}

// tournaments measures each tournament set with every solver, in each
// mode.
func (r *report) tournaments() error {
	fmt.Println("## Tournament sets")
	fmt.Println()
	fmt.Printf("Each set holds 1,000 puzzles of 25×25 (`tournament/question/`), solved one after another in this process, limit %v CPU per puzzle: \"first\" asks for one solution per puzzle (the tournament rule, `satsolve nonogram solve` without `--unique`), \"unique\" for two (`--unique`). Every solution is checked against the clues. Targets (issue 19), CPU seconds per set: first ≤ 10 s (stretch ≤ 2 s), unique ≤ 30 s. \"generator pictures\" (`tournament/solution/`) are checked against the clues, and every puzzle proved unique must have its generator picture as its solution.\n\n", r.timeout)
	published()
	for _, set := range r.sets {
		if err := r.tournament(set); err != nil {
			return err
		}
	}
	return nil
}

// tournament measures one set: every solver in every mode, a table row
// each, then the agreement of their answers with each other and with the
// generator pictures.
func (r *report) tournament(set string) error {
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
	fmt.Println("| mode | solver | total CPU s | target | / first row | median ms | slowest (puzzle, s) | with a solution | unique | multiple | no solution | timeout |")
	fmt.Println("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	a := answers{solutions: make([][]string, len(ps)), verdicts: make([][]string, len(ps))}
	for _, mode := range r.modes {
		var first time.Duration
		per := make([][]time.Duration, len(r.solvers)) // per solver, per puzzle
		for si, s := range r.solvers {
			run, err := r.tournamentRun(set, mode, s, ps, &a)
			if err != nil {
				return err
			}
			if si == 0 {
				first = run.total
			}
			per[si] = run.times
			run.print(mode, s.name, first)
		}
		if len(r.solvers) > 1 {
			oracleRow(mode, r.solvers, per, first)
		}
	}
	fmt.Println()
	r.agreement(ps, pics, &a)
	return nil
}

// answers are what the solvers said about each puzzle of a set.
type answers struct {
	// solutions holds per puzzle "solution" or "no solution" for every
	// finished solve, verdicts the unique-mode verdicts.
	solutions, verdicts [][]string
	// unique holds the solution of every puzzle the first solver of the
	// unique mode proved unique, by puzzle index.
	unique map[int]*nonogram.Grid
}

// A tournamentRun is one solver over a set in one mode.
type tournamentRun struct {
	times   []time.Duration // per puzzle
	total   time.Duration
	counts  map[string]int // by verdict, and "with a solution"
	slowest int            // the index of the slowest puzzle
}

// tournamentRun solves every puzzle of ps with s in mode, noting the
// answers in a.
func (r *report) tournamentRun(set, mode string, s solver, ps []*nonogram.Puzzle, a *answers) (tournamentRun, error) {
	run := tournamentRun{counts: map[string]int{}}
	sols := map[int]*nonogram.Grid{}
	for k, p := range ps {
		o, err := r.measure(s, p, nil, 1, tournamentModes[mode])
		if err != nil {
			return run, fmt.Errorf("puzzle %d: %w", k+1, err)
		}
		run.times = append(run.times, o.cpu)
		run.total += o.cpu
		r.logTime(set, mode, k+1, s.name, o)
		if o.cpu > run.times[run.slowest] {
			run.slowest = k
		}
		v := o.verdict()
		run.counts[v]++
		switch {
		case o.timeout:
		case len(o.res.Solutions) > 0:
			run.counts["with a solution"]++
			a.solutions[k] = append(a.solutions[k], "solution")
		default:
			a.solutions[k] = append(a.solutions[k], "no solution")
		}
		if mode == "unique" {
			a.verdicts[k] = append(a.verdicts[k], v)
			if v == "unique" {
				sols[k] = o.res.Solutions[0]
			}
		}
	}
	if mode == "unique" && a.unique == nil {
		a.unique = sols
	}
	return run, nil
}

// print writes the run's row of the table; first is the total of the
// mode's first solver.
func (run tournamentRun) print(mode, solver string, first time.Duration) {
	sorted := slices.Sorted(slices.Values(run.times))
	fmt.Printf("| %s | %s | %s | %s | %.2f | %.2f | %d, %s | %d | %d | %d | %d | %d |\n", mode, solver, seconds(run.total), tournamentTargets[mode],
		run.total.Seconds()/max(first.Seconds(), 1e-9), float64(sorted[len(sorted)/2].Microseconds())/1000, run.slowest+1, seconds(run.times[run.slowest]),
		run.counts["with a solution"], run.counts["unique"], run.counts["multiple"], run.counts["no solution"], run.counts["timeout"])
}

// agreement writes where the solvers and modes disagree about a puzzle
// and checks the generator pictures: each satisfies its clues, and each
// puzzle proved unique has its picture as its solution. Every fault
// counts in r.disagreements.
func (r *report) agreement(ps []*nonogram.Puzzle, pics []*nonogram.Grid, a *answers) {
	disagree := 0
	for k := range ps {
		sols := slices.Compact(slices.Sorted(slices.Values(a.solutions[k])))
		var done []string
		for _, v := range a.verdicts[k] {
			if v != "timeout" {
				done = append(done, v)
			}
		}
		if len(sols) > 1 || len(slices.Compact(done)) > 1 {
			disagree++
			fmt.Printf("- **puzzle %d: solvers disagree: %s; %s**\n", k+1, strings.Join(a.solutions[k], ", "), strings.Join(a.verdicts[k], ", "))
		}
	}
	r.disagreements += disagree
	valid, matched := 0, 0
	for k, g := range pics {
		if nonogram.Check(ps[k], g) == nil {
			valid++
		}
		if u, ok := a.unique[k]; ok {
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
	fmt.Printf("Solvers and modes agree on %d of %d puzzles (timeouts aside); %d of %d generator pictures satisfy their clues; the %d puzzles proved unique all have their generator picture as solution: %v.\n\n",
		len(ps)-disagree, len(ps), valid, len(pics), len(a.unique), matched == len(a.unique))
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

// oracleRow prints the sum over puzzles of the fastest solver's time (an
// oracle that knows beforehand which solver wins: the bound a portfolio
// of these solvers could reach without racing) and how many puzzles each
// solver wins.
func oracleRow(mode string, solvers []solver, per [][]time.Duration, first time.Duration) {
	var total time.Duration
	wins := make([]int, len(solvers))
	for k := range per[0] {
		best := 0
		for si := range solvers {
			if per[si][k] < per[best][k] {
				best = si
			}
		}
		wins[best]++
		total += per[best][k]
	}
	var w []string
	for si, s := range solvers {
		w = append(w, fmt.Sprintf("%s %d", s.name, wins[si]))
	}
	fmt.Printf("| %s | fastest per puzzle (oracle; wins: %s) | %s | | %.2f | | | | | | | |\n", mode, strings.Join(w, ", "), seconds(total), total.Seconds()/max(first.Seconds(), 1e-9))
}

// logTime writes one solve's CPU time to the -times file, if any.
func (r *report) logTime(set, mode string, puzzle int, solver string, o outcome) {
	if r.times == nil {
		return
	}
	fmt.Fprintf(r.times, "%s,%s,%d,%s,%.6f,%s\n", set, mode, puzzle, solver, o.cpu.Seconds(), o.verdict())
}
