package solvecmd

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/satfile"
	"github.com/satsolve/satsolve/sat/sattest"
)

// runCLI runs the command in-process with the given standard input.
func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return clitest.Run(t, []*cli.Command{Command}, stdin, args...)
}

// parseCompetition reads an "s" line and DIMACS "v" lines.
func parseCompetition(t *testing.T, out string) (string, sat.Assignment) {
	t.Helper()
	var status string
	var m sat.Assignment
	ended := false
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "s "):
			if status != "" {
				t.Fatalf("two s lines in %q", out)
			}
			status = line[2:]
		case strings.HasPrefix(line, "v "):
			for _, tok := range strings.Fields(line[2:]) {
				n, err := strconv.Atoi(tok)
				if err != nil {
					t.Fatalf("bad v token %q", tok)
				}
				if n == 0 {
					ended = true
					continue
				}
				m = m.Set(sat.Lit(n))
			}
		}
	}
	if len(m) > 0 && !ended {
		t.Fatalf("v lines without terminating 0 in %q", out)
	}
	return status, m
}

// configsUnderTest are the solver configurations every corpus fixture is
// solved with.
func configsUnderTest() [][]string {
	cs := [][]string{
		{"--backend", "gini"},
		{"--backend", "gophersat"},
		{"--backend", "portfolio"},
		{"--backend", "portfolio:gini,walk"},
		{"--backend", "gini", "--preprocess"},
		{"--backend", "gophersat", "--preprocess"},
	}
	if _, err := exec.LookPath("cadical"); err == nil {
		cs = append(cs, []string{"--backend", "external:cadical"})
	}
	return cs
}

// TestSolveCorpusFixtures solves every fixture of testdata/cnf (copied from
// the benchmark corpus with its manifest) through every configuration: the
// status and exit code must match the manifest and every model must satisfy
// the file's clauses.
func TestSolveCorpusFixtures(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (corpus): skipped by go test -short; go test ./... runs it")
	}
	solveManifest(t, "../../../testdata/cnf", "manifest.csv", 40)
}

// TestSolveEdgeFiles does the same for the corpus's real-world quirks
// (SATLIB's % trailer, PRET's trailing 0, the unterminated lines of the
// original dubois100, the empty formula and clause, compressed copies).
func TestSolveEdgeFiles(t *testing.T) {
	solveManifest(t, "../../../testdata/dimacs/edge", "edge_manifest.csv", 10)
}

func solveManifest(t *testing.T, root, manifest string, atLeast int) {
	f, err := os.Open(filepath.Join(root, manifest))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows)-1 < atLeast {
		t.Fatalf("only %d instances in %s", len(rows)-1, manifest)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, r := range rows[1:] {
		name, expected := r[col["file"]], r[col["expected"]]
		file := filepath.Join(root, name)
		p, err := satfile.ReadFile(file, satfile.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]struct {
			line string
			code int
		}{"SAT": {"SATISFIABLE", 10}, "UNSAT": {"UNSATISFIABLE", 20}}[expected]
		if want.code == 0 {
			t.Fatalf("%s: expected status %q", name, expected)
		}
		for _, c := range configsUnderTest() {
			t.Run(name+"/"+strings.Join(c, " "), func(t *testing.T) {
				args := append(append([]string{"solve"}, c...), file)
				code, out, errs := runCLI(t, "", args...)
				status, model := parseCompetition(t, out)
				if status != want.line || code != want.code {
					t.Fatalf("got s %s, exit %d (stderr %q); want %s, %d", status, code, errs, want.line, want.code)
				}
				if code == 10 {
					if err := p.Formula.Check(model); err != nil {
						t.Fatalf("printed model fails the file: %v", err)
					}
				}
			})
		}
	}
}

func TestSolveExamples(t *testing.T) {
	cases := []struct {
		file, status string
		code         int
		cost         string
	}{
		{"uf20-01.cnf", "SATISFIABLE", 10, ""},
		{"hole6.cnf", "UNSATISFIABLE", 20, ""},
		{"setcover.opb", "OPTIMUM FOUND", 30, "o 5"},
		{"small.wcnf", "OPTIMUM FOUND", 30, "o 2"},
	}
	for _, c := range cases {
		for _, cfg := range configsUnderTest() {
			t.Run(c.file+"/"+strings.Join(cfg, " "), func(t *testing.T) {
				args := append(append([]string{"solve"}, cfg...), "../../../testdata/examples/"+c.file)
				code, out, errs := runCLI(t, "", args...)
				if code != c.code || !strings.Contains(out, "s "+c.status+"\n") {
					t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
				}
				if c.cost != "" && !strings.Contains(out, c.cost+"\n") {
					t.Fatalf("no %q in %q", c.cost, out)
				}
			})
		}
	}
}

func TestSolveOptimisationStrategies(t *testing.T) {
	for _, opt := range []string{"linear", "binary"} {
		for _, pb := range []string{"bdd", "swc", "adder", "gte"} {
			code, out, errs := runCLI(t, "", "solve", "--opt", opt, "--pb", pb, "../../../testdata/examples/setcover.opb")
			if code != 30 || !strings.Contains(out, "o 5\n") || !strings.Contains(out, "v x1 -x2 -x3 -x4 x5\n") {
				t.Errorf("--opt %s --pb %s: exit %d, %q, %q", opt, pb, code, out, errs)
			}
		}
	}
}

func TestSolveStdinAndJSON(t *testing.T) {
	in := "p cnf 3 3\n1 2 0\n-1 0\n-2 3 0\n"
	code, out, errs := runCLI(t, in, "solve", "--json", "-")
	if code != 10 {
		t.Fatalf("exit %d, %q", code, errs)
	}
	var j jsonReport
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	if j.Status != "SATISFIABLE" || j.Exit != 10 || j.Variables != 3 || j.Clauses != 3 ||
		(j.Backend != backend.DefaultSolve && !strings.HasPrefix(j.Backend, backend.DefaultSolve+" (")) {
		t.Fatalf("%+v", j)
	}
	if len(j.Model) != 3 || j.Model[0] != -1 || j.Model[1] != 2 || j.Model[2] != 3 {
		t.Fatalf("model %v", j.Model)
	}
}

func TestSolveNoModel(t *testing.T) {
	code, out, _ := runCLI(t, "", "solve", "--no-model", "../../../testdata/examples/uf20-01.cnf")
	if code != 10 || out != "s SATISFIABLE\n" {
		t.Fatalf("exit %d, %q", code, out)
	}
}

func TestSolveTimeoutIsUnknown(t *testing.T) {
	// PHP(11,10) in the pairwise encoding takes far longer than 100ms.
	var b strings.Builder
	f := sattest.Pigeonhole(11, 10)
	if err := satfile.WriteCNF(&b, f); err != nil {
		t.Fatal(err)
	}
	for _, backend := range []string{"gini", "gophersat", "portfolio", "walk", "portfolio:gini,walk", "cdcl", "portfolio:cdcl,walk"} {
		code, out, _ := runCLI(t, b.String(), "solve", "--backend", backend, "--timeout", "100ms", "-")
		if code != 0 || !strings.Contains(out, "s UNKNOWN\n") {
			t.Fatalf("%s: exit %d, %q", backend, code, out)
		}
	}
}

// wideInputs are the files of testdata/dimacs/bad that the reader refuses
// for their range (sat.ErrCoefRange) and solve reads exactly
// (satfile.Options.Wide), with what solve must print for each.
var wideInputs = map[string]string{
	"opb-coefficient-sum.opb":  "s SATISFIABLE\n",
	"opb-huge-coefficient.opb": "s SATISFIABLE\n",
	"wcnf-weight-sum.wcnf":     "o 2000000000000000000\n",
}

// TestSolveWideInputs: solve answers the files beyond the reader's default
// range.
func TestSolveWideInputs(t *testing.T) {
	for f, want := range wideInputs {
		path := "../../../testdata/dimacs/bad/" + f
		code, out, errs := runCLI(t, "", "solve", path)
		if code != 10 && code != 30 || !strings.Contains(out, want) {
			t.Errorf("%s: exit %d, %q %q, want %q", f, code, out, errs, want)
		}
	}
}

// TestSolveBadInputs runs every malformed file of testdata/dimacs/bad: each
// must give exit 1 and a "satsolve: FILE:LINE:COL:" message, never a panic.
// Files that only the strict mode rejects are read with --strict.
func TestSolveBadInputs(t *testing.T) {
	files, err := filepath.Glob("../../../testdata/dimacs/bad/*")
	if err != nil || len(files) < 20 {
		t.Fatalf("%d bad files, %v", len(files), err)
	}
	for _, file := range files {
		if strings.HasSuffix(file, ".md") || wideInputs[filepath.Base(file)] != "" {
			continue
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			// The file's extension names the format it claims to be in.
			format := strings.TrimPrefix(filepath.Ext(file), ".")
			if format != "cnf" && format != "opb" && format != "wcnf" {
				format = "auto"
			}
			code, out, errs := runCLI(t, "", "solve", "--format", format, file)
			if code != cli.ExitError {
				code, out, errs = runCLI(t, "", "solve", "--format", format, "--strict", file)
			}
			if code != cli.ExitError {
				t.Fatalf("accepted in both modes: exit %d, %q", code, out)
			}
			if !strings.HasPrefix(errs, "satsolve: "+file+":") || strings.Contains(errs, "goroutine") {
				t.Fatalf("stderr %q", errs)
			}
			if out != "" {
				t.Fatalf("printed %q on stdout", out)
			}
		})
	}
}

func TestSolveUsageErrors(t *testing.T) {
	cases := [][]string{
		{"solve"},
		{"solve", "a.cnf", "b.cnf"},
		{"solve", "--no-such-flag", "a.cnf"},
		{"nosuchcommand"},
	}
	for _, args := range cases {
		if code, _, _ := runCLI(t, "", args...); code != cli.ExitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, cli.ExitUsage)
		}
	}
	// Bad flag values are usage errors too: one line, exit 2, before any
	// work.
	for _, bad := range [][]string{
		{"--backend", "nosuch", "unknown backend"},
		{"--pb", "magic", "magic"},
		{"--opt", "fastest", "fastest"},
		{"--format", "xml", "xml"},
		{"--timeout", "-1s", "want a duration of 0 or more"},
	} {
		code, _, errs := runCLI(t, "", "solve", bad[0], bad[1], "../../../testdata/examples/uf20-01.cnf")
		if code != cli.ExitUsage || !strings.Contains(errs, bad[2]) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s %s: exit %d, %q", bad[0], bad[1], code, errs)
		}
	}
	if code, _, _ := runCLI(t, "", "solve", "-h"); code != 0 {
		t.Errorf("-h: exit %d", code)
	}
}

// TestSolveVerboseStats checks that solve -v prints the engine's
// statistics as "c" lines on standard error, whatever each backend keeps:
// the search counters of cdcl and gophersat, walk's flips, at least the
// solves of every other; and nothing of the kind without -v.
func TestSolveVerboseStats(t *testing.T) {
	file := "../../../testdata/examples/uf20-01.cnf"
	for backend, want := range map[string][]string{
		"cdcl":                {"c conflicts:", "c decisions:", "c propagations:", "c restarts:", "c learnt clauses:"},
		"gophersat":           {"c conflicts:", "c decisions:", "c restarts:", "c learnt clauses:"},
		"walk":                {"c flips:"},
		"gini":                {"c solves:"},
		"portfolio:gini,walk": {"c gini: solves:", "c walk: flips:"},
	} {
		code, _, errs := runCLI(t, "", "solve", "-v", "--backend", backend, file)
		if code != 10 {
			t.Errorf("%s: exit %d, %s", backend, code, errs)
		}
		for _, w := range want {
			if !strings.Contains(errs, w) {
				t.Errorf("%s -v: no %q in\n%s", backend, w, errs)
			}
		}
		if _, _, quiet := runCLI(t, "", "solve", "--backend", backend, file); strings.Contains(quiet, "c ") {
			t.Errorf("%s without -v: %q", backend, quiet)
		}
	}
}
