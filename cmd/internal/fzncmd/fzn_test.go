package fzncmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
	"github.com/satsolve/satsolve/cp/fzn"
)

var cmds = []*cli.Command{Command}

// model writes src into a file and returns its path.
func model(t *testing.T, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "m.fzn")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// run runs satsolve fzn with args and returns its exit status and outputs.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return clitest.Run(t, cmds, "", append([]string{"fzn"}, args...)...)
}

const queens4 = "../../../testdata/fzn/queens4.fzn"

func TestSatisfy(t *testing.T) {
	for _, c := range []struct {
		args []string
		sols int
		tail string
	}{
		{[]string{queens4}, 1, ""},
		{[]string{"-a", queens4}, 2, fzn.SearchComplete},
		{[]string{"-n", "1", queens4}, 1, ""},
		{[]string{"-n", "2", queens4}, 2, ""},
		{[]string{"-n", "3", queens4}, 2, fzn.SearchComplete},
		{[]string{"-a", "--int-encoding", "log", queens4}, 2, fzn.SearchComplete},
		{[]string{"-a", "-p", "3", "-r", "5", queens4}, 2, fzn.SearchComplete},
	} {
		code, out, errOut := run(t, c.args...)
		sols, tail := splitOutput(out)
		if code != 0 || len(sols) != c.sols || strings.Join(tail, ",") != c.tail {
			t.Errorf("%v: exit %d, %d solutions, tail %v, want %d and %q\n%s%s", c.args, code, len(sols), tail, c.sols, c.tail, out, errOut)
		}
		for _, s := range sols {
			if s != "q = array1d(1..4, [2, 4, 1, 3]);\n" && s != "q = array1d(1..4, [3, 1, 4, 2]);\n" {
				t.Errorf("%v: solution %q", c.args, s)
			}
		}
		if len(sols) == 2 && sols[0] == sols[1] {
			t.Errorf("%v: the same solution twice", c.args)
		}
	}
}

// TestNoOutput: a model with nothing to output has one solution to print
// however many it has; -a prints it once and completes.
func TestNoOutput(t *testing.T) {
	p := model(t, "var 1..9: x;\nvar 1..9: y;\nconstraint int_lt(x, y);\nsolve satisfy;\n")
	code, out, _ := run(t, "-a", p)
	if code != 0 || out != fzn.SolutionEnd+"\n"+fzn.SearchComplete+"\n" {
		t.Errorf("exit %d, output %q", code, out)
	}
}

func TestUnsatisfiable(t *testing.T) {
	p := model(t, "var 1..3: x :: output_var;\nvar 4..6: y :: output_var;\nconstraint int_lt(y, x);\nsolve satisfy;\n")
	for _, args := range [][]string{{p}, {"-a", p}} {
		code, out, _ := run(t, args...)
		if code != 0 || out != fzn.Unsatisfiable+"\n" {
			t.Errorf("%v: exit %d, output %q", args, code, out)
		}
	}
}

func TestOptimize(t *testing.T) {
	p := model(t, "var 1..10: x :: output_var;\nvar 1..10: y :: output_var;\nconstraint int_lin_le([1, 1], [x, y], 12);\nconstraint int_lin_le([1, -1], [x, y], 3);\nsolve maximize x;\n")
	for _, search := range []string{"linear", "binary", "optimize"} {
		code, out, errOut := run(t, "--opt", search, p)
		sols, tail := splitOutput(out)
		if code != 0 || len(sols) != 1 || !strings.HasPrefix(sols[0], "x = 7;\n") || strings.Join(tail, ",") != fzn.SearchComplete {
			t.Errorf("--opt %s: exit %d, output %q %s", search, code, out, errOut)
		}
	}
	// -i and -a print every improving solution, the last one optimal.
	for _, flag := range []string{"-i", "-a"} {
		code, out, _ := run(t, flag, p)
		sols, tail := splitOutput(out)
		if code != 0 || len(sols) < 1 || !strings.HasPrefix(sols[len(sols)-1], "x = 7;\n") || strings.Join(tail, ",") != fzn.SearchComplete {
			t.Errorf("%s: exit %d, output %q", flag, code, out)
		}
	}
	// A constant objective: any solution is optimal.
	p = model(t, "var 1..3: x :: output_var;\nsolve minimize 4;\n")
	if code, out, _ := run(t, p); code != 0 || !strings.HasSuffix(out, fzn.SolutionEnd+"\n"+fzn.SearchComplete+"\n") {
		t.Errorf("constant objective: exit %d, output %q", code, out)
	}
	// Unsatisfiable optimisation.
	p = model(t, "var 1..3: x :: output_var;\nconstraint int_lt(x, 1);\nsolve minimize x;\n")
	if code, out, _ := run(t, p); code != 0 || out != fzn.Unsatisfiable+"\n" {
		t.Errorf("unsatisfiable optimisation: exit %d, output %q", code, out)
	}
}

// TestJSON solves FlatZinc-JSON (the cake model of the specification),
// recognised by its first byte.
func TestJSON(t *testing.T) {
	code, out, errOut := run(t, "-s", "../../../cp/fzn/testdata/good/cakes.json")
	sols, tail := splitOutput(out)
	if code != 0 || len(sols) != 1 || sols[0] != "b = 2;\nc = 2;\n" || strings.Join(tail, ",") != fzn.SearchComplete {
		t.Errorf("exit %d, output %q %s", code, out, errOut)
	}
}

// pigeons returns FlatZinc for n pigeons in n-1 holes, pairwise
// different: unsatisfiable and hard for resolution. With optimize, n
// holes and the largest hole used minimised: every solution has cost n,
// found at once, and its proof is the same pigeonhole.
func pigeons(n int, optimize bool) string {
	var b strings.Builder
	holes := n - 1
	if optimize {
		holes = n
		b.WriteString("var 1.." + strconv.Itoa(n) + ": top :: output_var;\n")
	}
	for i := range n {
		b.WriteString("var 1.." + strconv.Itoa(holes) + ": p" + strconv.Itoa(i) + " :: output_var;\n")
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			b.WriteString("constraint int_ne(p" + strconv.Itoa(i) + ", p" + strconv.Itoa(j) + ");\n")
		}
		if optimize {
			b.WriteString("constraint int_le(p" + strconv.Itoa(i) + ", top);\n")
		}
	}
	if optimize {
		b.WriteString("solve minimize top;\n")
	} else {
		b.WriteString("solve satisfy;\n")
	}
	return b.String()
}

// TestTimeLimit stops a search that cannot end soon: the command must
// answer UNKNOWN within about a second of the limit, with status 0.
func TestTimeLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs for a second")
	}
	p := model(t, pigeons(14, false))
	for _, args := range [][]string{{"-t", "300", p}, {"--timeout", "300ms", p}} {
		start := time.Now()
		code, out, errOut := run(t, args...)
		if d := time.Since(start); d > 1300*time.Millisecond {
			t.Errorf("%v: took %v", args, d)
		}
		if code != 0 || out != fzn.Unknown+"\n" {
			t.Errorf("%v: exit %d, output %q %s", args, code, out, errOut)
		}
	}
	// An optimisation stopped after its first solution prints it, without
	// the completion line, with -i or without.
	p = model(t, pigeons(14, true))
	for _, args := range [][]string{{"-t", "500", p}, {"-i", "-t", "500", p}, {"-s", "--timeout", "500ms", p}} {
		code, out, errOut := run(t, args...)
		sols, tail := splitOutput(out)
		if code != 0 || len(sols) != 1 || !strings.HasPrefix(sols[0], "top = 14;\n") || len(tail) != 0 {
			t.Errorf("%v: exit %d, output %q %s", args, code, out, errOut)
		}
	}
}

func TestStatistics(t *testing.T) {
	code, out, _ := run(t, "-s", "-a", queens4)
	if code != 0 || !strings.Contains(out, "%%%mzn-stat: solutions=2\n") || !strings.HasSuffix(out, "%%%mzn-stat-end\n") ||
		!strings.Contains(out, fzn.SearchComplete+"\n%%%mzn-stat: initTime=") {
		t.Errorf("exit %d, output %q", code, out)
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(l, "%%%mzn-stat:") && !strings.Contains(l, "=") {
			t.Errorf("statistic without a value: %q", l)
		}
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct {
		src, want string
		code      int
	}{
		{"var 1..3: x;\nconstraint int_le(x, y);\nsolve satisfy;\n", "m.fzn:2:22: y is not declared", 1},
		{"var 1..3: x;\nconstraint no_such_thing(x);\nsolve satisfy;\n", "m.fzn:2:12: constraint no_such_thing with 1 arguments is not supported", 1},
		{"var 1..3: x;\nconstraint int_le(x, true);\nsolve satisfy;\n", "m.fzn:2:12: int_le: want an int, not a bool", 1},
		{"var float: f;\nsolve satisfy;\n", "m.fzn:1:5: float variables are not supported", 1},
	} {
		code, out, errOut := run(t, model(t, c.src))
		if code != c.code || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, output %q, error %q; want %d and %q", c.src, code, out, errOut, c.code, c.want)
		}
	}
	for _, args := range [][]string{{"-p", "0", queens4}, {"-n", "-1", queens4}, {"-t", "-5", queens4}, {}, {queens4, queens4}, {"--int-encoding", "unary", queens4}} {
		if code, _, _ := run(t, args...); code != cli.ExitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, cli.ExitUsage)
		}
	}
}

func TestInstall(t *testing.T) {
	dir := t.TempDir()
	// A library file of an earlier version is removed; one of the user's
	// that is not a .mzn file stays.
	os.MkdirAll(filepath.Join(dir, libDir), 0o755)
	os.WriteFile(filepath.Join(dir, libDir, "fzn_old.mzn"), nil, 0o644)
	os.WriteFile(filepath.Join(dir, libDir, "notes.txt"), nil, 0o644)
	code, out, errOut := run(t, "--install", dir)
	if code != 0 || !strings.Contains(out, "MZN_SOLVER_PATH="+dir) {
		t.Fatalf("exit %d, %q %q", code, out, errOut)
	}
	data, err := os.ReadFile(filepath.Join(dir, "satsolve.msc"))
	if err != nil {
		t.Fatal(err)
	}
	var msc struct {
		ID         string
		Executable []string
		Mznlib     string
	}
	if err := json.Unmarshal(data, &msc); err != nil {
		t.Fatal(err)
	}
	self, _ := os.Executable()
	self, _ = filepath.EvalSymlinks(self)
	if msc.ID != fzn.SolverID || len(msc.Executable) != 2 || msc.Executable[0] != self || msc.Executable[1] != "fzn" || msc.Mznlib != libDir {
		t.Errorf("satsolve.msc: %s", data)
	}
	if _, err := os.Stat(filepath.Join(dir, libDir, "redefinitions.mzn")); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(filepath.Join(dir, libDir, "fzn_old.mzn")); err == nil {
		t.Error("fzn_old.mzn was not removed")
	}
	if _, err := os.Stat(filepath.Join(dir, libDir, "notes.txt")); err != nil {
		t.Error("notes.txt was removed")
	}
	if code, _, _ := run(t, "--install", dir, queens4); code != cli.ExitUsage {
		t.Errorf("--install with a model: exit %d", code)
	}
}
