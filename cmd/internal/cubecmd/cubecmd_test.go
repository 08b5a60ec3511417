package cubecmd

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cube"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/satfile"
	"github.com/satsolve/satsolve/sat/sattest"
)

// testdata is the repository's testdata directory.
const testdata = "../../../testdata"

func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return clitest.Run(t, []*cli.Command{Cube, Cubes}, "", args...)
}

// vModel parses the 'v' lines of competition output.
func vModel(t *testing.T, out string) sat.Assignment {
	t.Helper()
	var m sat.Assignment
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "v ") {
			continue
		}
		for _, tok := range strings.Fields(line[2:]) {
			n, err := strconv.Atoi(tok)
			if err != nil {
				t.Fatalf("bad v token %q", tok)
			}
			if n != 0 {
				m = m.Set(sat.Lit(n))
			}
		}
	}
	return m
}

// readFormula reads a CNF fixture.
func readFormula(t *testing.T, path string) *sat.Formula {
	t.Helper()
	p, err := satfile.ReadFile(path, satfile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p.Formula
}

// TestCubeAndRunCorpus splits hard corpus instances and random 3-SAT into
// cubes with satsolve cube, solves them with satsolve cubes run -j 2, and
// requires the whole formula's answer: for UNSAT every cube answered
// UNSATISFIABLE, for SAT a model that satisfies the formula.
func TestCubeAndRunCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (corpus): skipped by go test -short; go test ./... runs it")
	}
	dir := t.TempDir()
	cases := []struct {
		path string
		want sat.Status
	}{
		{filepath.Join(testdata, "cubes", "hole8.cnf"), sat.Unsat},
		{filepath.Join(testdata, "cubes", "qg4-08.cnf.xz"), sat.Unsat},
		{filepath.Join(testdata, "cubes", "satch-prime65537.cnf.xz"), sat.Unsat},
		{filepath.Join(testdata, "cnf", "crafted-satch", "satch-prime1849.cnf"), sat.Sat},
	}
	for seed := uint64(1); seed <= 4; seed++ {
		f := sattest.RandomKSAT(100+seed, 120, 511, 3)
		path := filepath.Join(dir, fmt.Sprintf("random%d.cnf", seed))
		if err := os.WriteFile(path, []byte(cnfText(t, f)), 0o644); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, struct {
			path string
			want sat.Status
		}{path, wholeAnswer(t, f)})
	}
	for _, c := range cases {
		f := readFormula(t, c.path)
		icnf := filepath.Join(dir, filepath.Base(c.path)+".icnf")
		if code, _, errOut := runCLI(t, "cube", "--cubes", "32", "-o", icnf, c.path); code != 0 {
			t.Fatalf("%s: cube: exit %d: %s", c.path, code, errOut)
		}
		code, out, errOut := runCLI(t, "cubes", "run", "-j", "2", "--backend", "gini", icnf)
		want := map[sat.Status]int{sat.Sat: 10, sat.Unsat: 20}[c.want]
		if code != want {
			t.Fatalf("%s: cubes run: exit %d, want %d\n%s%s", c.path, code, want, out, errOut)
		}
		x, err := satfile.ReadICNFFile(icnf)
		if err != nil {
			t.Fatal(err)
		}
		switch c.want {
		case sat.Unsat:
			if n := strings.Count(out, " UNSATISFIABLE "); n != len(x.Cubes) {
				t.Fatalf("%s: %d cubes answered UNSATISFIABLE of %d:\n%s", c.path, n, len(x.Cubes), out)
			}
			if err := cube.CheckPartition(cubeLits(x), x.Refuted); err != nil {
				t.Fatalf("%s: %v", c.path, err)
			}
		case sat.Sat:
			if err := f.Check(vModel(t, out)); err != nil {
				t.Fatalf("%s: the merged model fails: %v\n%s", c.path, err, out)
			}
		}
		t.Logf("%s: %d cubes, %d refuted: %v", filepath.Base(c.path), len(x.Cubes), len(x.Refuted), c.want)
	}
}

// cubeLits returns the literals of x's cubes.
func cubeLits(x *satfile.ICNF) [][]sat.Lit {
	var out [][]sat.Lit
	for _, c := range x.Cubes {
		out = append(out, c.Lits)
	}
	return out
}

// cnfText writes f as DIMACS.
func cnfText(t *testing.T, f *sat.Formula) string {
	var b strings.Builder
	if err := satfile.WriteCNF(&b, f); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// wholeAnswer solves f without cubes, with gini.
func wholeAnswer(t *testing.T, f *sat.Formula) sat.Status {
	t.Helper()
	s := gini.New()
	for range f.NumVars {
		s.NewVar()
	}
	for _, c := range f.Clauses {
		s.AddClause(c...)
	}
	st, err := s.Solve(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestCubeCommand(t *testing.T) {
	dir := t.TempDir()
	hole := filepath.Join(testdata, "examples", "hole6.cnf")
	f := readFormula(t, hole)

	// iCNF on standard output: the clauses and a partition.
	code, out, errOut := runCLI(t, "cube", "--depth", "3", hole)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	x, err := satfile.ReadICNF(strings.NewReader(out), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Formula.Clauses) != len(f.Clauses) || len(x.Cubes) == 0 || len(x.Cubes) > 8 {
		t.Fatalf("%d clauses, %d cubes", len(x.Formula.Clauses), len(x.Cubes))
	}
	if err := cube.CheckPartition(cubeLits(x), x.Refuted); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errOut, "cubes and") {
		t.Fatalf("no summary on standard error: %q", errOut)
	}

	// -o and --json.
	icnf := filepath.Join(dir, "h.icnf")
	code, out, _ = runCLI(t, "cube", "--cubes", "5", "-o", icnf, "--json", hole)
	var sum splitSummary
	if code != 0 || json.Unmarshal([]byte(out), &sum) != nil || sum.Cubes == 0 || sum.Cubes > 5 || sum.Output != icnf {
		t.Fatalf("--json: exit %d, %q", code, out)
	}
	if x, err = satfile.ReadICNFFile(icnf); err != nil || len(x.Cubes) != sum.Cubes || len(x.Refuted) != sum.Refuted {
		t.Fatalf("-o: %v, %d cubes", err, len(x.Cubes))
	}

	// --jobs: every file, and the directory refused once it holds them.
	jobs := filepath.Join(dir, "jobs")
	if code, _, errOut = runCLI(t, "cube", "--cubes", "4", "--jobs", jobs, "--job-timeout", "90s", "--backend", "cdcl", hole); code != 0 {
		t.Fatalf("--jobs: exit %d %s", code, errOut)
	}
	for _, name := range []string{"cubes.icnf", "run-cube.sh", "parallel.sh", "slurm.sh", "job.yaml", "results", "logs"} {
		if _, err := os.Stat(filepath.Join(jobs, name)); err != nil {
			t.Fatalf("--jobs: %v", err)
		}
	}
	run, _ := os.ReadFile(filepath.Join(jobs, "run-cube.sh"))
	if !strings.Contains(string(run), "--backend 'cdcl' --timeout 1m30s") {
		t.Fatalf("run-cube.sh lacks the backend and limit:\n%s", run)
	}
	if code, _, errOut = runCLI(t, "cube", "--jobs", jobs, hole); code != 1 || !strings.Contains(errOut, "must not exist or be empty") {
		t.Fatalf("reused jobs directory: exit %d %q", code, errOut)
	}

	// Mistakes.
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"cube", "--json", hole}, 2, "--json prints a summary"},
		{[]string{"cube", "--backend", "nosuch", hole}, 2, "unknown backend"},
		{[]string{"cube", "--depth", "-1", hole}, 2, "must not be negative"},
		{[]string{"cube", filepath.Join(testdata, "examples", "setcover.opb")}, 1, "cube splits CNF"},
		{[]string{"cube", filepath.Join(dir, "nosuch.cnf")}, 1, "no such file"},
		{[]string{"cube", "-o", filepath.Join(dir, "no", "dir.icnf"), hole}, 1, "no such file"},
		{[]string{"cubes", "run", hole}, 1, "p inccnf"},
		{[]string{"cubes", "run", "-j", "0", icnf}, 2, "-j must be at least 1"},
		{[]string{"cubes", "collect", dir}, 1, "cubes.icnf"},
	} {
		code, _, errOut := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", c.args, code, errOut, c.code, c.msg)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "no")); err == nil {
		t.Fatal("a failed -o left a directory")
	}
}

// TestCollect merges the result files of a jobs directory: the fixture's
// complete results, then with one missing, one from another split, and a
// forged model.
func TestCollect(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "jobs")
	copyDir(t, filepath.Join(testdata, "cubes", "jobs-hole6"), dir)
	code, out, errOut := runCLI(t, "cubes", "collect", dir)
	if code != 20 || !strings.Contains(out, "s UNSATISFIABLE") {
		t.Fatalf("complete results: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = runCLI(t, "cubes", "collect", "--json", dir)
	var j verdictJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != 20 || j.Status != "UNSATISFIABLE" || j.Unsat != j.Cubes || len(j.PerCube) != j.Cubes {
		t.Fatalf("--json: exit %d %v %+v", code, err, j)
	}

	res := filepath.Join(dir, "results")
	// A job still writing its result is not a result.
	data, _ := os.ReadFile(filepath.Join(res, "2.json"))
	os.Rename(filepath.Join(res, "2.json"), filepath.Join(res, "2.json.part.123"))
	code, out, _ = runCLI(t, "cubes", "collect", dir)
	if code != 0 || !strings.Contains(out, "s UNKNOWN") || !strings.Contains(out, "1 of 6 cubes has no answer: 2") {
		t.Fatalf("a missing result: exit %d\n%s", code, out)
	}
	// A result for another split's cube is refused with a warning.
	forged := strings.Replace(string(data), `"cube": 2`, `"cube": 3`, 1)
	os.WriteFile(filepath.Join(res, "2.json"), []byte(forged), 0o644)
	code, out, errOut = runCLI(t, "cubes", "collect", dir)
	if code != 0 || !strings.Contains(errOut, "2.json: the result is for cube") {
		t.Fatalf("a result of another cube: exit %d\n%s%s", code, out, errOut)
	}
	// A SAT result whose model fails the formula is an error, never SAT.
	var rec map[string]any
	json.Unmarshal(data, &rec)
	rec["status"], rec["model"] = "SATISFIABLE", []int{-1, -2, -3}
	bad, _ := json.Marshal(rec)
	os.WriteFile(filepath.Join(res, "2.json"), bad, 0o644)
	code, out, errOut = runCLI(t, "cubes", "collect", dir)
	if code != 1 || !strings.Contains(errOut, "fails the check") || strings.Contains(out, "s SATISFIABLE") {
		t.Fatalf("a forged model: exit %d\n%s%s", code, out, errOut)
	}
	// A malformed file is reported and left out.
	os.WriteFile(filepath.Join(res, "2.json"), []byte("{"), 0o644)
	if code, _, errOut = runCLI(t, "cubes", "collect", dir); code != 0 || !strings.Contains(errOut, "2.json") {
		t.Fatalf("a malformed file: exit %d %s", code, errOut)
	}
}

// copyDir copies the files of src (one level of subdirectories) to dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, _ := d.Info()
		return os.WriteFile(target, data, info.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}
