package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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

// wallGuard is how many times the CPU limit a run may take on the clock:
// the machines these run on are loaded far beyond their cores at times.
const wallGuard = 30

// A run is timed in two steps, each a process group of its own under the
// CPU limit (what the first used is taken from the second's): MiniZinc
// compiles the instance with the solver's library (minizinc -c, with
// --output-objective so that the objective is printed), then the solver
// runs on the FlatZinc directly. MiniZinc itself cannot be timed so: it
// starts its solver in a process group of its own, out of reach of a CPU
// limit on minizinc's group, and its --time-limit is wall-clock time. An
// optimisation prints every improving solution as it comes (satsolve -i,
// fzn-gecode -a), so the best one before the limit is in the output,
// which minizinc --ozn-file then turns into the model's variables and
// _objective, untimed.

// solverConfig returns the MiniZinc solver id of s and the flags for
// satsolve fzn.
func solverConfig(s string) (id string, flags []string, err error) {
	switch {
	case s == "gecode":
		return "org.gecode.gecodefix", nil, nil
	case s == "satsolve":
		return "org.satsolve.satsolve", nil, nil
	case strings.HasPrefix(s, "satsolve:"):
		return "org.satsolve.satsolve", strings.Fields(strings.TrimPrefix(s, "satsolve:")), nil
	}
	return "", nil, fmt.Errorf("unknown solver %q (want satsolve, satsolve:FLAGS or gecode)", s)
}

func (b *bench) runOne(ctx context.Context, in instance, s string) (outcome, error) {
	o, err := b.solve(ctx, in, s)
	if err != nil {
		return o, err
	}
	if b.verify && strings.HasPrefix(s, "satsolve") && o.last != "" {
		o.verified, err = b.verifyOne(ctx, in, o)
	}
	return o, err
}

// solve runs solver s on in, with the models extra added (mzn files), and
// returns the outcome.
func (b *bench) solve(ctx context.Context, in instance, s string, extra ...string) (outcome, error) {
	o := outcome{instance: in, solver: s}
	id, flags, err := solverConfig(s)
	if err != nil {
		return o, err
	}
	dir, err := os.MkdirTemp(b.cache, "run-*")
	if err != nil {
		return o, err
	}
	defer os.RemoveAll(dir)
	fzn, ozn := filepath.Join(dir, "m.fzn"), filepath.Join(dir, "m.ozn")
	compile := []string{"minizinc", "-c", "--solver", id, "--output-mode", "dzn", "--output-objective",
		"--fzn", fzn, "--ozn", ozn, filepath.Join(b.corpus, in.model)}
	if in.data != "" {
		compile = append(compile, filepath.Join(b.corpus, in.data))
	}
	compile = append(compile, extra...)
	rc, err := benchmarks.ExecWall(ctx, compile, b.limit, wallGuard*b.limit)
	if err != nil {
		return o, err
	}
	o.cpu, o.wall = rc.CPU, rc.Wall
	switch {
	case rc.TimedOut:
		o.status = "UNKNOWN" // the limit ran out while flattening
		return o, nil
	case rc.ExitCode != 0:
		o.status = "ERROR"
		fmt.Fprintf(os.Stderr, "%s on %s: minizinc -c: exit %d: %s\n", s, in.name(), rc.ExitCode, rc.Stderr)
		return o, nil
	}
	opt := in.kind != "satisfy"
	var argv []string
	if s == "gecode" {
		argv = []string{"fzn-gecode"}
		if opt {
			argv = append(argv, "-a")
		}
	} else {
		argv = []string{filepath.Join(b.cache, "satsolve"), "fzn"}
		if opt {
			argv = append(argv, "-i")
		}
		argv = append(argv, flags...)
	}
	rs, err := benchmarks.ExecWall(ctx, append(argv, fzn), max(b.limit-rc.CPU, time.Millisecond), wallGuard*b.limit)
	if err != nil {
		return o, err
	}
	// The solver's output, as MiniZinc would print it.
	cmd := exec.CommandContext(ctx, "minizinc", "--ozn-file", ozn)
	cmd.Stdin = bytes.NewReader(rs.Stdout)
	dzn, _ := cmd.Output()
	rs.Stdout = dzn
	r := parseOutput(in, s, rs)
	r.cpu, r.wall = o.cpu+rs.CPU, o.wall+rs.Wall
	if r.status == "ERROR" {
		fmt.Fprintf(os.Stderr, "%s on %s: exit %d: %s\n", s, in.name(), rs.ExitCode, rs.Stderr)
	}
	return r, nil
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
	g, err := b.solve(ctx, instance{problem: in.problem, model: in.model, data: in.data, kind: "satisfy"}, "gecode", fix.Name())
	if err != nil {
		return "", err
	}
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
