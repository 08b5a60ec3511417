package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
	"github.com/satsolve/satsolve/sat/satfile"
)

type instance struct {
	file, family, expected string
}

type bench struct {
	corpus, cache, csvPath string
	limit                  time.Duration
	satsolve               string // built binary
	shard                  benchmarks.Shard
}

func (b *bench) run(ctx context.Context, solvers []string, re *regexp.Regexp) error {
	insts, err := readManifest(filepath.Join(b.corpus, "manifest.csv"))
	if err != nil {
		return err
	}
	if re != nil {
		var keep []instance
		for _, in := range insts {
			if re.MatchString(in.file) {
				keep = append(keep, in)
			}
		}
		insts = keep
	}
	insts = benchmarks.Select(b.shard, insts)
	if err := b.build(); err != nil {
		return err
	}
	if strings.Contains(b.csvPath, ",") {
		return fmt.Errorf("-csv %q: a run writes one file (lists are for -report)", b.csvPath)
	}
	done, err := readResults(b.csvPath)
	if err != nil {
		return err
	}
	out, err := os.OpenFile(b.csvPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer out.Close()
	w := csv.NewWriter(out)
	if len(done) == 0 {
		w.Write([]string{"file", "family", "expected", "solver", "status", "cpu_seconds", "wall_seconds", "limit_seconds"})
	}
	var all []benchmarks.Outcome
	for i, in := range insts {
		for _, s := range solvers {
			key := in.file + "\x00" + s
			if o, ok := done[key]; ok {
				all = append(all, o)
				continue
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			o, err := b.runOne(ctx, in, s)
			if err != nil {
				return fmt.Errorf("%s on %s: %w", s, in.file, err)
			}
			fmt.Fprintf(os.Stderr, "[%d/%d] %-50s %-12s %-8s %7.2fs\n", i+1, len(insts), in.file, s, o.Status, o.CPU.Seconds())
			all = append(all, o)
			w.Write([]string{in.file, in.family, in.expected, s, o.Status,
				fmt.Sprintf("%.6f", o.CPU.Seconds()), fmt.Sprintf("%.3f", o.Wall.Seconds()), fmt.Sprintf("%.0f", b.limit.Seconds())})
			w.Flush()
			if err := w.Error(); err != nil {
				return err
			}
		}
	}
	report(os.Stdout, all, b.limit)
	return nil
}

// summarise prints the report of the runs already in the CSV file, without
// running anything, over the instances every solver has a run for (so the
// columns stay side by side when a run was cut short); it says how many
// instances that leaves out.
func (b *bench) summarise(solvers []string, re *regexp.Regexp) error {
	insts, err := readManifest(filepath.Join(b.corpus, "manifest.csv"))
	if err != nil {
		return err
	}
	done, err := mergeResults(b.csvPath)
	if err != nil {
		return err
	}
	var all []benchmarks.Outcome
	skipped := 0
	for _, in := range insts {
		if re != nil && !re.MatchString(in.file) {
			continue
		}
		var row []benchmarks.Outcome
		for _, s := range solvers {
			if o, ok := done[in.file+"\x00"+s]; ok {
				row = append(row, o)
			}
		}
		if len(row) < len(solvers) {
			skipped++
			continue
		}
		all = append(all, row...)
	}
	if skipped > 0 {
		fmt.Fprintf(os.Stdout, "(%d instances left out: not every solver has a run for them)\n\n", skipped)
	}
	report(os.Stdout, all, b.limit)
	return nil
}

func (b *bench) build() error {
	b.satsolve = filepath.Join(b.cache, "satsolve")
	if err := os.MkdirAll(b.cache, 0o755); err != nil {
		return err
	}
	return benchmarks.BuildSatsolve(b.satsolve)
}

// argv returns the command line for solver s on the plain input in and the
// canonical input canon (one clause per line, no tabs).
func (b *bench) argv(s, in, canon string) ([]string, error) {
	switch s {
	case "minisat":
		return []string{"minisat", "-verb=0", in}, nil
	case "cadical":
		return []string{"cadical", "-q", "-n", in}, nil
	case "picosat":
		return []string{"picosat", "-n", in}, nil
	case "cryptominisat5":
		// The Debian build rejects tabs and clauses spanning lines.
		return []string{"cryptominisat5", "--verb", "0", "--threads", "1", canon}, nil
	}
	args, ok := strings.CutPrefix(s, "satsolve:")
	if !ok {
		switch s {
		case "gini", "gophersat", "portfolio", "cdcl":
			args = "--backend " + s
		default:
			return nil, fmt.Errorf("unknown solver %q", s)
		}
	}
	argv := append([]string{b.satsolve, "solve", "--no-model"}, strings.Fields(args)...)
	return append(argv, in), nil
}

func (b *bench) runOne(ctx context.Context, in instance, s string) (benchmarks.Outcome, error) {
	o := benchmarks.Outcome{Instance: in.file, Family: in.family, Solver: s}
	plain, canon, err := b.inputs(in.file, s == "cryptominisat5")
	if err != nil {
		return o, err
	}
	argv, err := b.argv(s, plain, canon)
	if err != nil {
		return o, err
	}
	r, err := benchmarks.Exec(ctx, argv, b.limit)
	if err != nil {
		return o, err
	}
	o.CPU, o.Wall = r.CPU, r.Wall
	switch {
	case r.TimedOut:
		o.Status = "TIMEOUT"
	case r.ExitCode == 10:
		o.Status = "SAT"
	case r.ExitCode == 20:
		o.Status = "UNSAT"
	case r.ExitCode == 0:
		o.Status = "TIMEOUT" // gave up (UNKNOWN)
	default:
		o.Status = "ERROR"
		fmt.Fprintf(os.Stderr, "%s on %s: exit %d: %s\n", s, in.file, r.ExitCode, r.Stderr)
	}
	if o.Solved() && o.Status != in.expected && in.expected != "UNKNOWN" {
		fmt.Fprintf(os.Stderr, "WRONG ANSWER: %s on %s said %s, expected %s\n", s, in.file, o.Status, in.expected)
		o.Status = "WRONG"
	}
	return o, nil
}

// inputs returns the decompressed copy of the corpus file and, when asked,
// a canonical copy written by satsolve's own DIMACS writer.
func (b *bench) inputs(file string, wantCanon bool) (plain, canon string, err error) {
	base := strings.TrimSuffix(file, ".xz")
	plain = filepath.Join(b.cache, "plain", base)
	if _, err := os.Stat(plain); err != nil {
		if err := benchmarks.Decompress(filepath.Join(b.corpus, file), plain); err != nil {
			return "", "", err
		}
	}
	if !wantCanon {
		return plain, "", nil
	}
	canon = filepath.Join(b.cache, "canon", base)
	if _, err := os.Stat(canon); err == nil {
		return plain, canon, nil
	}
	p, err := satfile.ReadFile(plain, satfile.Options{Format: satfile.CNF})
	if err != nil {
		return "", "", err
	}
	if err := os.MkdirAll(filepath.Dir(canon), 0o755); err != nil {
		return "", "", err
	}
	f, err := os.Create(canon)
	if err != nil {
		return "", "", err
	}
	if err := satfile.WriteCNF(f, p.Formula); err != nil {
		f.Close()
		return "", "", err
	}
	return plain, canon, f.Close()
}

func readManifest(path string) ([]instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s: empty", path)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, h := range []string{"file", "family", "expected"} {
		if _, ok := col[h]; !ok {
			return nil, fmt.Errorf("%s: no %q column", path, h)
		}
	}
	var out []instance
	for _, r := range rows[1:] {
		out = append(out, instance{file: r[col["file"]], family: r[col["family"]], expected: r[col["expected"]]})
	}
	return out, nil
}

// mergeResults loads the rows of every CSV file that list names (comma
// separated, each a path or a glob), keyed by file and solver. The same run
// in two files must agree on the status; the first row is kept.
func mergeResults(list string) (map[string]benchmarks.Outcome, error) {
	all := map[string]benchmarks.Outcome{}
	from := map[string]string{}
	for _, pat := range strings.Split(list, ",") {
		paths, err := filepath.Glob(pat)
		if err != nil {
			return nil, fmt.Errorf("-csv %q: %v", pat, err)
		}
		if len(paths) == 0 {
			return nil, fmt.Errorf("-csv %q: no such file", pat)
		}
		for _, p := range paths {
			rows, err := readResults(p)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", p, err)
			}
			for k, o := range rows {
				prev, ok := all[k]
				switch {
				case !ok:
					all[k], from[k] = o, p
				case prev.Status != o.Status:
					return nil, fmt.Errorf("%s and %s disagree on %s with %s: %s against %s", from[k], p, o.Instance, o.Solver, prev.Status, o.Status)
				}
			}
		}
	}
	return all, nil
}

// readResults loads earlier rows of the CSV file, keyed by file and solver.
func readResults(path string) (map[string]benchmarks.Outcome, error) {
	done := map[string]benchmarks.Outcome{}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return done, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		if i == 0 || len(r) < 7 {
			continue
		}
		cpu, _ := strconv.ParseFloat(r[5], 64)
		wall, _ := strconv.ParseFloat(r[6], 64)
		done[r[0]+"\x00"+r[3]] = benchmarks.Outcome{Instance: r[0], Family: r[1], Solver: r[3], Status: r[4],
			CPU: time.Duration(cpu * float64(time.Second)), Wall: time.Duration(wall * float64(time.Second))}
	}
	return done, nil
}
