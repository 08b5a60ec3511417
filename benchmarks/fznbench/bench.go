package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
)

// instance is one row of the corpus manifest: a model and its data.
type instance struct {
	problem, model, data, kind string
}

// name identifies the instance in reports: problem/data (or the model).
func (in instance) name() string {
	if in.data == "" {
		return strings.TrimSuffix(in.model, ".mzn")
	}
	return in.problem + "/" + strings.TrimSuffix(filepath.Base(in.data), ".dzn")
}

type bench struct {
	corpus, cache, gecode, csvPath string
	limit                          time.Duration
	shard                          benchmarks.Shard
	verify                         bool
}

// header is the CSV header: one row per run.
var header = []string{"problem", "model", "data", "kind", "solver", "status", "objective", "solutions",
	"cpu_seconds", "wall_seconds", "limit_seconds", "verified"}

// readManifest reads manifest.csv of the corpus.
func readManifest(path string) ([]instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(recs) == 0 || len(recs[0]) < 4 || recs[0][0] != "problem" || recs[0][3] != "kind" {
		return nil, fmt.Errorf("%s: not the MiniZinc corpus manifest", path)
	}
	var out []instance
	for _, r := range recs[1:] {
		out = append(out, instance{problem: r[0], model: r[1], data: r[2], kind: r[3]})
	}
	return out, nil
}

// selected returns the manifest's instances that the filter and the shard
// keep.
func (b *bench) selected(re *regexp.Regexp) ([]instance, error) {
	insts, err := readManifest(filepath.Join(b.corpus, "manifest.csv"))
	if err != nil {
		return nil, err
	}
	var keep []instance
	for _, in := range insts {
		if re == nil || re.MatchString(in.model) || re.MatchString(in.data) {
			keep = append(keep, in)
		}
	}
	return benchmarks.Select(b.shard, keep), nil
}

// setup builds satsolve, installs it as a MiniZinc solver in the cache,
// and points MiniZinc at it and at the fixed Gecode.
func (b *bench) setup(solvers []string) error {
	if _, err := exec.LookPath("minizinc"); err != nil {
		return fmt.Errorf("minizinc is not on PATH (scripts/install-gecode.sh installs it)")
	}
	if err := os.MkdirAll(b.cache, 0o755); err != nil {
		return err
	}
	exe := filepath.Join(b.cache, "satsolve")
	if err := benchmarks.BuildSatsolve(exe); err != nil {
		return err
	}
	mine := filepath.Join(b.cache, "solvers")
	if out, err := exec.Command(exe, "fzn", "--install", mine).CombinedOutput(); err != nil {
		return fmt.Errorf("satsolve fzn --install: %v\n%s", err, out)
	}
	path := mine
	if b.needGecode(solvers) {
		msc := filepath.Join(b.gecode, "solvers", "gecodefix.msc")
		if _, err := os.Stat(msc); err != nil {
			return fmt.Errorf("no %s: run scripts/install-gecode.sh %s", msc, b.gecode)
		}
		path += string(os.PathListSeparator) + filepath.Join(b.gecode, "solvers")
	}
	return os.Setenv("MZN_SOLVER_PATH", path)
}

func (b *bench) needGecode(solvers []string) bool {
	for _, s := range solvers {
		if s == "gecode" {
			return true
		}
	}
	return b.verify
}

func (b *bench) run(ctx context.Context, solvers []string, re *regexp.Regexp) error {
	insts, err := b.selected(re)
	if err != nil {
		return err
	}
	if strings.Contains(b.csvPath, ",") {
		return fmt.Errorf("-csv %q: a run writes one file (lists are for -report)", b.csvPath)
	}
	if err := b.setup(solvers); err != nil {
		return err
	}
	done := map[string]outcome{}
	if _, err := os.Stat(b.csvPath); err == nil {
		rows, err := benchmarks.MergeCSV(b.csvPath, header, []int{1, 2, 4}, nil)
		if err != nil {
			return err
		}
		for _, r := range rows {
			o, err := parseRow(r)
			if err != nil {
				return err
			}
			done[o.key()] = o
		}
	}
	f, err := os.OpenFile(b.csvPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	w := csv.NewWriter(f)
	if len(done) == 0 {
		w.Write(header)
	}
	var all []outcome
	for i, in := range insts {
		// Alternate which solver runs first.
		order := solvers
		if i%2 == 1 {
			order = reversed(solvers)
		}
		for _, s := range order {
			o := outcome{instance: in, solver: s}
			if d, ok := done[o.key()]; ok {
				all = append(all, d)
				continue
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			o, err := b.runOne(ctx, in, s)
			if err != nil {
				return fmt.Errorf("%s on %s: %w", s, in.name(), err)
			}
			fmt.Fprintf(os.Stderr, "[%d/%d] %-45s %-12s %-7s %8s %7.2fs %s\n", i+1, len(insts), in.name(), s, o.status, o.objText(), o.cpu.Seconds(), o.verified)
			all = append(all, o)
			w.Write(o.row(b.limit))
			w.Flush()
			if err := w.Error(); err != nil {
				return err
			}
		}
	}
	report(os.Stdout, all, solvers, b.limit, b.shard)
	return nil
}

func reversed(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[len(xs)-1-i] = x
	}
	return out
}

// summarise prints the report of the runs in the CSV files, over the
// instances every solver has a run for.
func (b *bench) summarise(solvers []string, re *regexp.Regexp) error {
	insts, err := readManifest(filepath.Join(b.corpus, "manifest.csv"))
	if err != nil {
		return err
	}
	rows, err := benchmarks.MergeCSV(b.csvPath, header, []int{1, 2, 4}, []int{5, 6})
	if err != nil {
		return err
	}
	done := map[string]outcome{}
	for _, r := range rows {
		o, err := parseRow(r)
		if err != nil {
			return err
		}
		done[o.key()] = o
	}
	var all []outcome
	skipped := 0
	for _, in := range insts {
		if re != nil && !re.MatchString(in.model) && !re.MatchString(in.data) {
			continue
		}
		var row []outcome
		for _, s := range solvers {
			if o, ok := done[outcome{instance: in, solver: s}.key()]; ok {
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
		fmt.Printf("(%d instances left out: not every solver has a run for them)\n\n", skipped)
	}
	report(os.Stdout, all, solvers, b.limit, benchmarks.Shard{})
	return nil
}

// argv returns minizinc's command line for solver s on in.
func (b *bench) argv(in instance, s string, extra ...string) ([]string, error) {
	// The limit is CPU time, enforced by benchmarks.Exec on minizinc's
	// process group; MiniZinc's wall-clock --time-limit is a backstop at
	// four times it. With --intermediate an optimisation prints every
	// improving solution as it comes, so the best one before the limit is
	// in the output.
	argv := []string{"minizinc", "-s", "--output-mode", "dzn", "--output-objective",
		"--time-limit", strconv.FormatInt(4*b.limit.Milliseconds(), 10)}
	if in.kind != "satisfy" {
		argv = append(argv, "--intermediate")
	}
	switch {
	case s == "gecode":
		argv = append(argv, "--solver", "org.gecode.gecodefix")
	case s == "satsolve":
		argv = append(argv, "--solver", "org.satsolve.satsolve")
	case strings.HasPrefix(s, "satsolve:"):
		argv = append(argv, "--solver", "org.satsolve.satsolve", "--fzn-flags", strings.TrimPrefix(s, "satsolve:"))
	default:
		return nil, fmt.Errorf("unknown solver %q (want satsolve, satsolve:FLAGS or gecode)", s)
	}
	argv = append(argv, filepath.Join(b.corpus, in.model))
	if in.data != "" {
		argv = append(argv, filepath.Join(b.corpus, in.data))
	}
	return append(argv, extra...), nil
}

func (b *bench) runOne(ctx context.Context, in instance, s string) (outcome, error) {
	argv, err := b.argv(in, s)
	if err != nil {
		return outcome{}, err
	}
	r, err := benchmarks.Exec(ctx, argv, b.limit)
	if err != nil {
		return outcome{}, err
	}
	o := parseOutput(in, s, r)
	if b.verify && strings.HasPrefix(s, "satsolve") && o.last != "" {
		o.verified, err = b.verifyOne(ctx, in, o)
		if err != nil {
			return o, err
		}
	}
	return o, nil
}

// verifyOne fixes o's last solution into the model as constraints and
// asks Gecode for a solution: "yes" when it finds one, "no" when it
// proves there is none (the solution was wrong), "unknown" otherwise.
func (b *bench) verifyOne(ctx context.Context, in instance, o outcome) (string, error) {
	fix, err := os.CreateTemp(b.cache, "fix-*.mzn")
	if err != nil {
		return "", err
	}
	defer os.Remove(fix.Name())
	_, err = fix.WriteString(asConstraints(o.last))
	fix.Close()
	if err != nil {
		return "", err
	}
	argv, err := b.argv(in, "gecode", fix.Name())
	if err != nil {
		return "", err
	}
	r, err := benchmarks.Exec(ctx, argv, b.limit)
	if err != nil {
		return "", err
	}
	g := parseOutput(in, "gecode", r)
	switch {
	case g.solutions > 0:
		return "yes", nil
	case g.status == "UNSAT":
		fmt.Fprintf(os.Stderr, "WRONG SOLUTION: %s on %s: Gecode finds none extending it:\n%s", o.solver, in.name(), o.last)
		return "no", nil
	}
	return "unknown", nil
}

// asConstraints turns dzn assignments "x = v;" (values may span lines)
// into MiniZinc constraints "constraint x = v;", which also fix variables
// that the model defines by an expression (data could not).
func asConstraints(dzn string) string {
	var b strings.Builder
	stmt := ""
	for _, l := range strings.Split(dzn, "\n") {
		if strings.TrimSpace(l) == "" && stmt == "" {
			continue
		}
		stmt += l + "\n"
		if strings.HasSuffix(strings.TrimSpace(l), ";") {
			b.WriteString("constraint " + stmt)
			stmt = ""
		}
	}
	return b.String()
}
