package fzncmd

// End-to-end tests through Debian's MiniZinc (scripts/install-tools.sh
// installs it): satsolve installed as a MiniZinc solver (this test binary
// standing in for the satsolve binary), MiniZinc models compiled with
// satsolve's library and solved with the standard flags, every printed
// solution checked by MiniZinc itself: the solution, fed back as data,
// fixes every decision variable, and MiniZinc's compiler must then reduce
// the model to nothing (a wrong solution leaves a false constraint).

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cp/fzn"
)

var (
	mznOnce sync.Once
	mznDir  string // the solver configuration's directory
	mznErr  error
)

// needMiniZinc skips the test without minizinc or in -short, and installs
// satsolve into a temporary solver directory once.
func needMiniZinc(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("MiniZinc end-to-end tests are skipped in -short")
	}
	if _, err := exec.LookPath("minizinc"); err != nil {
		t.Skip("minizinc is not on PATH (scripts/install-tools.sh installs it)")
	}
	mznOnce.Do(func() {
		self, err := os.Executable()
		if err != nil {
			mznErr = err
			return
		}
		if mznDir, mznErr = os.MkdirTemp("", "fzncmd-minizinc"); mznErr != nil {
			return
		}
		o := &options{exe: []string{self}}
		if mznErr = o.installTo(&cli.Env{Stdout: io.Discard, Stderr: io.Discard}, mznDir); mznErr != nil {
			return
		}
		mznErr = installReference(mznDir, self)
	})
	if mznErr != nil {
		t.Fatal(mznErr)
	}
}

// referenceID is the solver configuration the checks compile with: the
// standard library alone (and nosets.mzn, as satsolve's), so that
// MiniZinc evaluates every global by its own definition, never by a
// satsolve_ native it cannot evaluate.
const referenceID = "org.satsolve.reference"

// installReference writes the reference configuration into dir.
func installReference(dir, exe string) error {
	lib := filepath.Join(dir, "reference")
	if err := os.MkdirAll(lib, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(lib, "redefinitions.mzn"), []byte("include \"nosets.mzn\";\n"), 0o644); err != nil {
		return err
	}
	msc := fzn.SolverConfig([]string{exe}, "reference", "0", nil)
	msc = bytes.Replace(msc, []byte(fzn.SolverID), []byte(referenceID), 1)
	msc = bytes.Replace(msc, []byte(`"name": "satsolve"`), []byte(`"name": "satsolve-reference"`), 1)
	return os.WriteFile(filepath.Join(dir, "reference.msc"), msc, 0o644)
}

// cleanupMiniZinc removes the solver directory.
func cleanupMiniZinc() {
	if mznDir != "" {
		os.RemoveAll(mznDir)
	}
}

// minizinc runs minizinc with satsolve installed and returns its standard
// output; a non-zero exit fails the test.
func minizinc(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, err := minizincRun(args...)
	if err != nil {
		t.Fatalf("minizinc %s: %v\n%s%s", strings.Join(args, " "), err, out, errOut)
	}
	return out
}

// minizincRun runs minizinc with satsolve installed.
func minizincRun(args ...string) (stdout, stderr string, err error) {
	cmd := exec.Command("minizinc", args...)
	cmd.Env = append(os.Environ(), "MZN_SOLVER_PATH="+mznDir, asSatsolve+"=1")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.String(), e.String(), err
}

// splitOutput splits the output of satsolve fzn or of minizinc into its
// solutions (the text before each ----------, without comments,
// statistics and minizinc's objective line) and the status lines.
func splitOutput(out string) (sols []string, tail []string) {
	cur := ""
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		switch {
		case l == fzn.SolutionEnd:
			sols = append(sols, cur)
			cur = ""
		case strings.HasPrefix(l, "%"), strings.HasPrefix(l, "_objective"):
		case strings.HasPrefix(l, "====="), l == fzn.SearchComplete:
			tail = append(tail, l)
		default:
			cur += l + "\n"
		}
	}
	return sols, tail
}

// checkByMiniZinc feeds sol (dzn assignments of the model's variables) to
// MiniZinc as data with the model and requires the compiled FlatZinc (with
// the standard library: referenceID) to be empty: every variable fixed,
// every constraint evaluated true by MiniZinc's own definitions.
func checkByMiniZinc(t *testing.T, model string, sol string) {
	t.Helper()
	if left := leftWhenFixed(t, model, sol); left != "" {
		t.Fatalf("%s: the solution\n%sleaves %q when fixed: wrong, or the model does not output every decision variable", model, sol, left)
	}
}

// leftWhenFixed compiles model with sol as data and returns the first
// declaration of a variable or constraint left in the FlatZinc, or "".
func leftWhenFixed(t *testing.T, model string, sol string) string {
	t.Helper()
	dir := t.TempDir()
	data := filepath.Join(dir, "sol.dzn")
	if err := os.WriteFile(data, []byte(sol), 0o644); err != nil {
		t.Fatal(err)
	}
	flat := filepath.Join(dir, "fixed.fzn")
	minizinc(t, "--solver", referenceID, "-c", model, data, "--fzn", flat, "-O-")
	text, err := os.ReadFile(flat)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(l, "var ") || strings.HasPrefix(l, "constraint ") || strings.HasPrefix(l, "array ") && strings.Contains(l, "of var") {
			return l
		}
	}
	return ""
}

// TestCheckByMiniZincRejects feeds the check wrong solutions: each must
// leave something in the fixed model.
func TestCheckByMiniZincRejects(t *testing.T) {
	needMiniZinc(t)
	for _, c := range []struct{ model, sol string }{
		{"queens6.mzn", "q = [1, 2, 3, 4, 5, 6];\n"},
		{"queens6.mzn", "q = [2, 4, 6, 1, 3, 4];\n"},
		{"logic.mzn", "x = 0;\ny = 2;\nb = false;\nc = false;\n"},
		{"sets.mzn", "s = {1, 5};\n"},
	} {
		if leftWhenFixed(t, filepath.Join("testdata", c.model), c.sol) == "" {
			t.Errorf("%s: the wrong solution %q passes", c.model, c.sol)
		}
	}
	// A right one passes.
	checkByMiniZinc(t, filepath.Join("testdata", "queens6.mzn"), "q = [2, 4, 6, 1, 3, 5];\n")
}

func TestMiniZincModels(t *testing.T) {
	needMiniZinc(t)
	cases := []struct {
		model string
		args  []string
		sols  int    // -1: at least one
		tail  string // the status lines
		last  string // a line the last solution holds
	}{
		{"queens6.mzn", []string{"-a"}, 4, fzn.SearchComplete, ""},
		{"queens6.mzn", nil, 1, "", ""},
		{"queens6.mzn", []string{"-n", "3"}, 3, "", ""},
		{"sets.mzn", []string{"-a"}, 6, fzn.SearchComplete, ""},
		{"logic.mzn", []string{"-a"}, 11, fzn.SearchComplete, ""},
		{"logic.mzn", []string{"-a", "--fzn-flags", "--int-encoding log"}, 11, fzn.SearchComplete, ""},
		{"unsat.mzn", []string{"-a"}, 0, fzn.Unsatisfiable, ""},
		{"knap.mzn", nil, 1, fzn.SearchComplete, ""},
		{"knap.mzn", []string{"-i"}, -1, fzn.SearchComplete, "_objective = 15;"},
		{"minimize.mzn", []string{"-a", "-s"}, -1, fzn.SearchComplete, "_objective = 9;"},
		{"minimize.mzn", []string{"-p", "2", "-r", "3", "-f"}, 1, fzn.SearchComplete, "_objective = 9;"},
	}
	for _, c := range cases {
		model := filepath.Join("testdata", c.model)
		args := append([]string{"--solver", "satsolve", "--output-mode", "dzn", "--output-objective"}, c.args...)
		out := minizinc(t, append(args, model)...)
		sols, tail := splitOutput(out)
		what := c.model + " " + strings.Join(c.args, " ")
		if c.sols >= 0 && len(sols) != c.sols || c.sols < 0 && len(sols) == 0 || strings.Join(tail, ",") != c.tail {
			t.Errorf("%s: %d solutions, status %v; want %d and %q\n%s", what, len(sols), tail, c.sols, c.tail, out)
			continue
		}
		if c.last != "" && !strings.Contains(out[:strings.LastIndex(out, fzn.SolutionEnd)], c.last) {
			t.Errorf("%s: the last solution does not hold %q\n%s", what, c.last, out)
		}
		seen := map[string]bool{}
		for _, s := range sols {
			if seen[s] && !slices.Contains(c.args, "-i") && !slices.Contains(c.args, "-s") {
				t.Errorf("%s: solution printed twice:\n%s", what, s)
			}
			seen[s] = true
			checkByMiniZinc(t, model, s)
		}
		if slices.Contains(c.args, "-s") && !strings.Contains(out, "%%%mzn-stat: solveTime=") {
			t.Errorf("%s: no statistics\n%s", what, out)
		}
	}
}

// TestMiniZincTimeLimit runs a search MiniZinc stops with --time-limit
// (it passes -t): the answer must come within about a second of the limit.
func TestMiniZincTimeLimit(t *testing.T) {
	needMiniZinc(t)
	dir := t.TempDir()
	model := filepath.Join(dir, "pigeons.mzn")
	os.WriteFile(model, []byte("include \"alldifferent.mzn\";\narray[1..14] of var 1..13: p;\nconstraint alldifferent(p);\nsolve satisfy;\n"), 0o644)
	start := time.Now()
	out, errOut, err := minizincRun("--solver", "satsolve", "--time-limit", "1500", model)
	if d := time.Since(start); d > 3500*time.Millisecond {
		t.Errorf("took %v with --time-limit 1500", d)
	}
	if err != nil || !strings.Contains(out, fzn.Unknown) {
		t.Errorf("%v: %q %q", err, out, errOut)
	}
}

// TestMiniZincUserSolvers installs into ~/.minizinc/solvers of a fresh
// home directory, which MiniZinc searches without MZN_SOLVER_PATH, and
// solves a model there.
func TestMiniZincUserSolvers(t *testing.T) {
	needMiniZinc(t)
	home := t.TempDir()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	o := &options{exe: []string{self}}
	if err := o.installTo(&cli.Env{Stdout: io.Discard, Stderr: io.Discard}, filepath.Join(home, ".minizinc", "solvers")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("minizinc", "--solver", "satsolve", "-a", filepath.Join("testdata", "queens6.mzn"))
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "HOME=") && !strings.HasPrefix(kv, "MZN_SOLVER_PATH=") {
			env = append(env, kv)
		}
	}
	cmd.Env = append(env, "HOME="+home, asSatsolve+"=1")
	out, err := cmd.CombinedOutput()
	if sols, tail := splitOutput(string(out)); err != nil || len(sols) != 4 || len(tail) != 1 {
		t.Errorf("%v: %s", err, out)
	}
}
