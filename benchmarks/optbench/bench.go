package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
	"github.com/satsolve/satsolve/internal/oldwcnf"
)

// instance is one line of the corpus manifest.
type instance struct {
	file   string // the .xz file
	format string // opb, wcnf-old, wcnf-2022
	group  string // "OPB optimisation", "OPB decision", "WCNF"
	known  string // the optimum the source states, UNSAT, SAT, or ""
}

// row is one run: the CSV line.
type row struct {
	file, group, solver string
	limit               float64 // seconds
	status              string  // OPTIMUM, SAT, UNSAT, UNKNOWN, ERROR, WRONG
	cost, claimed       string  // recomputed and printed costs
	cpu, wall, rssMB    float64
	note                string
}

var header = []string{"file", "group", "solver", "limit_seconds", "status", "cost", "claimed", "cpu_seconds", "wall_seconds", "max_rss_mb", "note"}

func (r row) record() []string {
	return []string{r.file, r.group, r.solver, fmt.Sprintf("%.0f", r.limit), r.status, r.cost, r.claimed,
		fmt.Sprintf("%.3f", r.cpu), fmt.Sprintf("%.3f", r.wall), fmt.Sprintf("%.1f", r.rssMB), r.note}
}

func parseRow(rec []string) (row, error) {
	if len(rec) != len(header) {
		return row{}, fmt.Errorf("row of %d fields, want %d", len(rec), len(header))
	}
	r := row{file: rec[0], group: rec[1], solver: rec[2], status: rec[4], cost: rec[5], claimed: rec[6], note: rec[10]}
	var err error
	for i, p := range []*float64{&r.limit, nil, nil, nil, nil, &r.cpu, &r.wall, &r.rssMB} {
		if p != nil {
			if *p, err = strconv.ParseFloat(rec[3+i], 64); err != nil {
				return row{}, err
			}
		}
	}
	return r, nil
}

type bench struct {
	corpus, cache, csvPath string
	limit                  time.Duration
	satsolve               string
	shard                  benchmarks.Shard
}

func readManifest(path string) ([]instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, err
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	var out []instance
	for _, r := range recs[1:] {
		in := instance{file: r[col["file"]], format: r[col["format"]], known: r[col["known_optimum"]]}
		switch {
		case in.format != "opb":
			in.group = "WCNF"
		case r[col["soft_or_objective_terms"]] == "0":
			in.group = "OPB decision"
		default:
			in.group = "OPB optimisation"
		}
		out = append(out, in)
	}
	return out, nil
}

func (b *bench) instances(re *regexp.Regexp) ([]instance, error) {
	insts, err := readManifest(filepath.Join(b.corpus, "manifest.csv"))
	if err != nil {
		return nil, err
	}
	var keep []instance
	for _, in := range insts {
		if re == nil || re.MatchString(in.file) {
			keep = append(keep, in)
		}
	}
	return keep, nil
}

func key(file, solver string, limit float64) string {
	return fmt.Sprintf("%s\x00%s\x00%.0f", file, solver, limit)
}

func (b *bench) run(ctx context.Context, solvers []string, re *regexp.Regexp) error {
	insts, err := b.instances(re)
	if err != nil {
		return err
	}
	insts = benchmarks.Select(b.shard, insts)
	if strings.Contains(b.csvPath, ",") {
		return fmt.Errorf("-csv %q: a run writes one file (lists are for -report)", b.csvPath)
	}
	if err := os.MkdirAll(b.cache, 0o755); err != nil {
		return err
	}
	b.satsolve = filepath.Join(b.cache, "satsolve")
	if err := benchmarks.BuildSatsolve(b.satsolve); err != nil {
		return err
	}
	done := map[string]row{}
	if _, err := os.Stat(b.csvPath); err == nil {
		rows, err := readRows(b.csvPath)
		if err != nil {
			return err
		}
		for _, r := range rows {
			done[key(r.file, r.solver, r.limit)] = r
		}
	}
	out, err := os.OpenFile(b.csvPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer out.Close()
	w := csv.NewWriter(out)
	if len(done) == 0 {
		w.Write(header)
	}
	var all []row
	for i, in := range insts {
		for _, s := range solvers {
			if r, ok := done[key(in.file, s, b.limit.Seconds())]; ok {
				all = append(all, r)
				continue
			}
			if !applies(s, in) {
				continue
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			r, err := b.runOne(ctx, in, s)
			if err != nil {
				return fmt.Errorf("%s on %s: %w", s, in.file, err)
			}
			fmt.Fprintf(os.Stderr, "[%d/%d] %-58s %-10s %-8s %7.2fs %6.0f MB %s %s\n", i+1, len(insts), in.file, s, r.status, r.cpu, r.rssMB, r.cost, r.note)
			all = append(all, r)
			w.Write(r.record())
			w.Flush()
			if err := w.Error(); err != nil {
				return err
			}
		}
	}
	return report(os.Stdout, insts, solvers, all, b.limit.Seconds())
}

func readRows(list string) ([]row, error) {
	recs, err := benchmarks.MergeCSV(list, header, []int{0, 2, 3}, []int{4, 5})
	if err != nil {
		return nil, err
	}
	var rows []row
	for _, rec := range recs {
		r, err := parseRow(rec)
		if err != nil {
			return nil, err
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// summarise prints the report of the rows already in the CSV files.
func (b *bench) summarise(solvers []string, re *regexp.Regexp) error {
	insts, err := b.instances(re)
	if err != nil {
		return err
	}
	rows, err := readRows(b.csvPath)
	if err != nil {
		return err
	}
	return report(os.Stdout, insts, solvers, rows, b.limit.Seconds())
}

// applies reports whether solver s reads in's format.
func applies(s string, in instance) bool {
	return s != "minisat+" || in.format == "opb"
}

// input returns the decompressed file of in (and, for old, the old WCNF
// dialect for clasp and sat4j), made once in the cache.
func (b *bench) input(in instance, old bool) (string, error) {
	plain := filepath.Join(b.cache, strings.TrimSuffix(in.file, ".xz"))
	if _, err := os.Stat(plain); err != nil {
		if err := benchmarks.Decompress(filepath.Join(b.corpus, in.file), plain); err != nil {
			return "", err
		}
	}
	if !old || in.format != "wcnf-2022" {
		return plain, nil
	}
	conv := strings.TrimSuffix(plain, ".wcnf") + ".old.wcnf"
	if _, err := os.Stat(conv); err != nil {
		if err := oldwcnf.Convert(plain, conv); err != nil {
			return "", err
		}
	}
	return conv, nil
}

// argv returns the command line of solver s on in.
func (b *bench) argv(s string, in instance) ([]string, error) {
	old := s == "clasp" || s == "sat4j"
	path, err := b.input(in, old)
	if err != nil {
		return nil, err
	}
	opb := in.format == "opb"
	switch s {
	case "clasp":
		if opb {
			return []string{"clasp", path}, nil
		}
		return []string{"clasp", "--opt-strategy=usc", path}, nil
	case "sat4j":
		jar := "/usr/share/java/org.sat4j.pb.jar"
		if !opb {
			jar = "/usr/share/java/org.ow2.sat4j.maxsat.jar"
		}
		return []string{"java", "-jar", jar, path}, nil
	case "minisat+":
		return []string{"minisat+", path}, nil
	}
	rest, ok := strings.CutPrefix(s, "satsolve")
	if !ok {
		return nil, fmt.Errorf("unknown solver %q", s)
	}
	bin := b.satsolve
	if p, ok := strings.CutPrefix(rest, "@"); ok {
		bin, rest, _ = strings.Cut(p, ":")
		rest = ":" + rest
	}
	args, _ := strings.CutPrefix(rest, ":")
	return append(append([]string{bin, "solve"}, strings.Fields(args)...), path), nil
}

// grace is how long a solver may take to print its answer after SIGTERM.
const grace = 3 * time.Second

func (b *bench) runOne(ctx context.Context, in instance, s string) (row, error) {
	r := row{file: in.file, group: in.group, solver: s, limit: b.limit.Seconds()}
	argv, err := b.argv(s, in)
	if err != nil {
		// A file the solver cannot be given (a TOP beyond int64).
		r.status, r.note = "ERROR", err.Error()
		return r, nil
	}
	run, err := benchmarks.ExecTerm(ctx, argv, b.limit, grace)
	if err != nil {
		return r, err
	}
	r.cpu, r.wall, r.rssMB = run.CPU.Seconds(), run.Wall.Seconds(), float64(run.MaxRSS)/(1<<20)
	plain, err := b.input(in, false)
	if err != nil {
		return r, err
	}
	p, err := readProblem(plain)
	if err != nil {
		return r, fmt.Errorf("checker: %w", err)
	}
	judge(&r, in, p, run.Stdout, run.Stderr, run.ExitCode)
	return r, nil
}

// judge sets the status, costs and note of r from the solver's output.
func judge(r *row, in instance, p *problem, stdout, stderr []byte, exit int) {
	a, err := parseAnswer(stdout, p.vars)
	if err != nil {
		r.status, r.note = "WRONG", err.Error()
		return
	}
	r.claimed = a.claimed
	switch a.status {
	case "OPTIMUM FOUND":
		r.status = "OPTIMUM"
	case "SATISFIABLE":
		r.status = "SAT"
	case "UNSATISFIABLE":
		r.status = "UNSAT"
	case "UNKNOWN", "":
		r.status = "UNKNOWN"
	default:
		r.status = "ERROR"
	}
	if a.status == "" && (exit != 0 && exit != 10 && exit != 20 && exit != 30) {
		r.status = "ERROR"
		r.note = firstLine(stderr)
		return
	}
	if a.val != nil {
		cost, err := p.check(a.val)
		if err != nil {
			r.status, r.note = "WRONG", err.Error()
			return
		}
		if cost != nil {
			r.cost = cost.String()
		}
		if r.status == "UNKNOWN" {
			r.status = "SAT" // a model printed without a status line
		}
	}
	wrong := func(format string, args ...any) {
		r.status, r.note = "WRONG", fmt.Sprintf(format, args...)
	}
	switch {
	case (r.status == "SAT" || r.status == "OPTIMUM") && a.val == nil:
		wrong("%s without a model", a.status)
	case r.claimed != "" && r.cost != "" && !sameNumber(r.claimed, r.cost):
		wrong("printed o %s, the model costs %s", r.claimed, r.cost)
	case r.status == "OPTIMUM" && isNumber(in.known) && !sameNumber(in.known, r.cost):
		wrong("optimum %s claimed, the known optimum is %s", r.cost, in.known)
	case r.status == "UNSAT" && in.known != "" && in.known != "UNSAT":
		wrong("UNSAT claimed, the source says %s", in.known)
	case (r.status == "SAT" || r.status == "OPTIMUM") && in.known == "UNSAT":
		wrong("a model of an instance the source says is UNSAT")
	}
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	if len(s) > 120 {
		s = s[:120]
	}
	return s
}

func isNumber(s string) bool {
	_, ok := new(big.Int).SetString(s, 10)
	return ok
}

func sameNumber(a, b string) bool {
	x, ok1 := new(big.Int).SetString(a, 10)
	y, ok2 := new(big.Int).SetString(b, 10)
	return ok1 && ok2 && x.Cmp(y) == 0
}
