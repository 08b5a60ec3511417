package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/proof"
	"github.com/satsolve/satsolve/sat/satfile"
)

// bench holds the settings and the counts of a run.
type bench struct {
	ctx               context.Context
	corpus            string
	limit, checkLimit time.Duration
	shard             benchmarks.Shard
	filter            *regexp.Regexp
	cadical           string        // path of cadical, "" when absent
	repeatFor         time.Duration // how long a run under 0.1 s is repeated (default 0.3 s)
	tmp               string
	failures          int
}

// row is the outcome for one instance. Times are CPU seconds; -1 means
// not run.
type row struct {
	file     string
	status   string // solved, timeout, error
	plain    float64
	drat     float64 // solve writing binary DRAT
	lrat     float64 // solve writing LRAT
	dratMB   float64
	lratMB   float64
	dratChk  float64 // CheckDRAT of cdcl's DRAT
	lratChk  float64 // CheckLRAT of cdcl's LRAT
	dratOK   string  // VERIFIED, NOT VERIFIED: …, TIMEOUT
	lratOK   string
	core     int // lemmas the DRAT check needed
	lemmas   int // lemmas written
	cadSolve float64
	cadMB    float64
	cadChk   float64
	cadOK    string
	note     string
}

// unsatInstances lists the UNSAT files of the manifest.
func (b *bench) unsatInstances() ([]string, error) {
	f, err := os.Open(filepath.Join(b.corpus, "manifest.csv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, r := range rows[1:] {
		if r[3] == "UNSAT" && (b.filter == nil || b.filter.MatchString(r[0])) {
			out = append(out, r[0])
		}
	}
	return benchmarks.Select(b.shard, out), nil
}

func (b *bench) run(csvPath string) error {
	files, err := b.unsatInstances()
	if err != nil {
		return err
	}
	if b.tmp, err = os.MkdirTemp("", "proofbench-*"); err != nil {
		return err
	}
	defer os.RemoveAll(b.tmp)
	var rows []row
	for i, file := range files {
		if b.ctx.Err() != nil {
			break
		}
		fmt.Fprintf(os.Stderr, "proofbench: %d/%d %s\n", i+1, len(files), file)
		r := b.instance(file)
		if r.dratOK != "" && r.dratOK != "VERIFIED" || r.lratOK != "" && r.lratOK != "VERIFIED" || r.cadOK != "" && r.cadOK != "VERIFIED" && r.cadOK != "TIMEOUT" {
			b.failures++
		}
		rows = append(rows, r)
		if err := writeCSV(csvPath, rows); err != nil {
			return err
		}
	}
	report(os.Stdout, rows, b)
	return nil
}

// timed runs f under the CPU limit and returns its CPU seconds and the
// error of the last run. A run under a second is repeated: three times,
// keeping the median; under 0.1 s, as often as fits in repeatFor (at most
// 200 times), keeping the mean, so that millisecond solves are measured
// beyond the clock's and the runtime's noise.
func (b *bench) timed(limit time.Duration, f func(ctx context.Context) error) (float64, error) {
	ctx := b.ctx
	repeatFor := b.repeatFor
	if repeatFor == 0 {
		repeatFor = 300 * time.Millisecond
	}
	var times []float64
	var err error
	var total time.Duration
	for n := 0; ; n++ {
		c, stop := benchmarks.WithCPULimit(ctx, limit, 50*time.Millisecond)
		err = f(c)
		if err == nil && c.Err() != nil {
			err = errTimeout
		}
		used := stop()
		total += used
		times = append(times, used.Seconds())
		if err != nil || used >= time.Second {
			break
		}
		first := time.Duration(times[0] * 1e9)
		if first >= 100*time.Millisecond && len(times) == 3 {
			break
		}
		if first < 100*time.Millisecond && (total >= repeatFor || len(times) == 200) {
			return total.Seconds() / float64(len(times)), err
		}
	}
	slices.Sort(times)
	return times[len(times)/2], err
}

// errTimeout is a solve or check that ran out of CPU time.
var errTimeout = errors.New("timeout")

// solve runs cdcl on f, writing the proof in format to path ("" for none).
func solve(ctx context.Context, f *sat.Formula, format proof.Format, path string) error {
	s := cdcl.New()
	var pw proof.Writer
	var file *os.File
	if path != "" {
		var err error
		if file, err = os.Create(path); err != nil {
			return err
		}
		defer file.Close()
		pw = proof.NewWriter(format, file)
		s.SetTracer(pw)
	}
	for range f.NumVars {
		s.NewVar()
	}
	for _, c := range f.Clauses {
		s.AddClause(c...)
	}
	st, err := s.Solve(ctx)
	if ctx.Err() != nil {
		return errTimeout
	}
	if err != nil {
		return err
	}
	if st != sat.Unsat {
		return fmt.Errorf("cdcl answers %v on an UNSAT instance", st)
	}
	if pw != nil {
		return pw.Close()
	}
	return nil
}

// check checks the proof at path and returns the verdict and result.
func check(ctx context.Context, f *sat.Formula, format proof.Format, path string) (proof.Result, error) {
	r, err := os.Open(path)
	if err != nil {
		return proof.Result{}, err
	}
	defer r.Close()
	return proof.Check(f, bufio.NewReaderSize(r, 1<<20), format, proof.Options{File: path, Context: ctx})
}

func verdict(err error) string {
	switch {
	case err == nil:
		return "VERIFIED"
	case errors.Is(err, errTimeout) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return "TIMEOUT"
	}
	return "NOT VERIFIED: " + err.Error()
}

func sizeMB(path string) float64 {
	fi, err := os.Stat(path)
	if err != nil {
		return -1
	}
	return float64(fi.Size()) / 1e6
}

// instance measures one corpus file.
func (b *bench) instance(file string) row {
	r := row{file: file, plain: -1, drat: -1, lrat: -1, dratChk: -1, lratChk: -1, cadSolve: -1, cadChk: -1, dratMB: -1, lratMB: -1, cadMB: -1}
	p, err := satfile.ReadFile(filepath.Join(b.corpus, file), satfile.Options{})
	if err != nil {
		r.status, r.note = "error", err.Error()
		return r
	}
	f := p.Formula
	base := filepath.Join(b.tmp, filepath.Base(file))
	dratPath, lratPath := base+".bdrat", base+".lrat"
	defer os.Remove(dratPath)
	defer os.Remove(lratPath)

	var errSolve error
	r.plain, errSolve = b.timed(b.limit, func(ctx context.Context) error { return solve(ctx, f, 0, "") })
	if errSolve != nil {
		r.status = "timeout"
		if !errors.Is(errSolve, errTimeout) {
			r.status, r.note = "error", errSolve.Error()
		}
	} else {
		r.status = "solved"
		// A proof run is allowed twice the plain solve's limit, so that
		// writing a proof never turns a solved instance into a timeout.
		r.drat, err = b.timed(2*b.limit, func(ctx context.Context) error { return solve(ctx, f, proof.BinaryDRAT, dratPath) })
		if err == nil {
			r.lrat, err = b.timed(2*b.limit, func(ctx context.Context) error { return solve(ctx, f, proof.LRAT, lratPath) })
		}
		if err != nil {
			r.note = "proof run: " + err.Error()
		} else {
			r.dratMB, r.lratMB = sizeMB(dratPath), sizeMB(lratPath)
			var res proof.Result
			var cerr error
			r.lratChk, _ = b.timed(b.checkLimit, func(ctx context.Context) error {
				res, cerr = check(ctx, f, proof.LRAT, lratPath)
				return nil
			})
			r.lratOK, r.lemmas = verdict(cerr), res.Checked
			r.dratChk, _ = b.timed(b.checkLimit, func(ctx context.Context) error {
				res, cerr = check(ctx, f, proof.DRAT, dratPath)
				return nil
			})
			r.dratOK, r.core = verdict(cerr), res.Checked
		}
	}
	if b.cadical != "" {
		b.runCadical(&r, p)
	}
	return r
}

// runCadical writes the instance as plain DIMACS, has cadical prove it
// (binary DRAT) and checks the proof with CheckDRAT.
func (b *bench) runCadical(r *row, p *satfile.Problem) {
	cnf := filepath.Join(b.tmp, "cadical.cnf")
	pf := filepath.Join(b.tmp, "cadical.drat")
	defer os.Remove(cnf)
	defer os.Remove(pf)
	var buf bytes.Buffer
	if err := satfile.WriteCNF(&buf, p.Formula); err != nil {
		r.cadOK = "error: " + err.Error()
		return
	}
	if err := os.WriteFile(cnf, buf.Bytes(), 0o644); err != nil {
		r.cadOK = "error: " + err.Error()
		return
	}
	run, err := benchmarks.Exec(b.ctx, []string{b.cadical, "-q", cnf, pf}, b.limit)
	r.cadSolve = run.CPU.Seconds()
	switch {
	case err != nil:
		r.cadOK = "error: " + err.Error()
		return
	case run.TimedOut:
		r.cadOK = "TIMEOUT"
		return
	case run.ExitCode != 20:
		r.cadOK = fmt.Sprintf("error: cadical exit %d", run.ExitCode)
		return
	}
	r.cadMB = sizeMB(pf)
	var cerr error
	r.cadChk, _ = b.timed(b.checkLimit, func(ctx context.Context) error {
		_, cerr = check(ctx, p.Formula, proof.DRAT, pf)
		return nil
	})
	r.cadOK = verdict(cerr)
}

var header = []string{"file", "status", "plain_s", "drat_s", "lrat_s", "drat_ratio", "lrat_ratio", "drat_mb", "lrat_mb",
	"drat_check_s", "drat_check", "drat_core", "lrat_check_s", "lrat_check", "lrat_lemmas",
	"cadical_s", "cadical_mb", "cadical_check_s", "cadical_check", "note"}

func f3(x float64) string {
	if x < 0 {
		return ""
	}
	return fmt.Sprintf("%.6f", x)
}

func ratio(a, b float64) float64 {
	if a < 0 || b <= 0 {
		return -1
	}
	return a / b
}

func (r row) record() []string {
	return []string{r.file, r.status, f3(r.plain), f3(r.drat), f3(r.lrat), f3(ratio(r.drat, r.plain)), f3(ratio(r.lrat, r.plain)),
		f3(r.dratMB), f3(r.lratMB), f3(r.dratChk), r.dratOK, fmt.Sprint(r.core), f3(r.lratChk), r.lratOK, fmt.Sprint(r.lemmas),
		f3(r.cadSolve), f3(r.cadMB), f3(r.cadChk), r.cadOK, r.note}
}

func writeCSV(path string, rows []row) error {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write(header)
	for _, r := range rows {
		w.Write(r.record())
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// readCSV reads the rows of CSV files written by writeCSV: a
// comma-separated list of files or globs (the shards of an array job,
// -shard i/n), merged by benchmarks.MergeCSV; two files must agree on an
// instance's answer.
func readCSV(list string) ([]row, error) {
	recs, err := benchmarks.MergeCSV(list, header, []int{0}, []int{1})
	if err != nil {
		return nil, err
	}
	num := func(s string) float64 {
		if s == "" {
			return -1
		}
		var x float64
		fmt.Sscan(s, &x)
		return x
	}
	var rows []row
	for _, c := range recs {
		r := row{file: c[0], status: c[1], plain: num(c[2]), drat: num(c[3]), lrat: num(c[4]), dratMB: num(c[7]), lratMB: num(c[8]),
			dratChk: num(c[9]), dratOK: c[10], lratChk: num(c[12]), lratOK: c[13],
			cadSolve: num(c[15]), cadMB: num(c[16]), cadChk: num(c[17]), cadOK: c[18], note: c[19]}
		fmt.Sscan(c[11], &r.core)
		fmt.Sscan(c[14], &r.lemmas)
		rows = append(rows, r)
	}
	return rows, nil
}
