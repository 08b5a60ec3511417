package fzncmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cp/fzn"
)

// corpusDir is the MiniZinc corpus beside the repository (../shared, as
// the benchmarks find it); the test skips without it.
var corpusDir = filepath.Join("..", "..", "..", "..", "shared", "corpus", "minizinc")

// TestMiniZincCorpus runs a few instances of the MiniZinc corpus through
// minizinc --solver satsolve and compares the status and the optimum with
// Gecode's (the corpus manifest's reference column). satsolve's solution
// is then fixed into the model as constraints and solved again through
// MiniZinc's standard decompositions of the globals (the reference
// configuration), which must find it consistent.
func TestMiniZincCorpus(t *testing.T) {
	needMiniZinc(t)
	if _, err := os.Stat(filepath.Join(corpusDir, "manifest.csv")); err != nil {
		t.Skipf("no MiniZinc corpus at %s", corpusDir)
	}
	for _, c := range []struct {
		model, data string
		args        []string
		status      string // the last status line
		objective   string // "_objective = N;" of the last solution, or ""
	}{
		{"bibd/bibd.mzn", "bibd/03_03_01.dzn", nil, "", ""},
		{"quasigroup7/quasigroup7.mzn", "quasigroup7/06.dzn", []string{"-a"}, fzn.Unsatisfiable, ""},
		{"ghoulomb/ghoulomb.mzn", "ghoulomb/3-4-5.dzn", []string{"-i", "-s"}, fzn.SearchComplete, "_objective = 6;"},
		{"p1f/p1f.mzn", "p1f/4.dzn", nil, fzn.SearchComplete, "_objective = 28;"},
		{"filters/filter.mzn", "filters/fir_1_1.dzn", []string{"-t", "60000"}, fzn.SearchComplete, "_objective = 18;"},
	} {
		model, data := filepath.Join(corpusDir, c.model), filepath.Join(corpusDir, c.data)
		args := append([]string{"--solver", "satsolve", "--output-mode", "dzn", "--output-objective"}, c.args...)
		out := minizinc(t, append(args, model, data)...)
		sols, tail := splitOutput(out)
		status := ""
		if len(tail) > 0 {
			status = tail[len(tail)-1]
		}
		if status != c.status || c.status != fzn.Unsatisfiable && len(sols) == 0 {
			t.Errorf("%s: status %q with %d solutions, want %q\n%s", c.data, status, len(sols), c.status, out)
			continue
		}
		if c.objective != "" && !strings.Contains(out[:strings.LastIndex(out, fzn.SolutionEnd)], c.objective) {
			t.Errorf("%s: the last solution does not hold %s\n%s", c.data, c.objective, out)
		}
		if len(sols) == 0 {
			continue
		}
		// The last solution, fixed, solved through the decompositions.
		fix := filepath.Join(t.TempDir(), "fix.mzn")
		os.WriteFile(fix, []byte(fixConstraints(sols[len(sols)-1])), 0o644)
		got, _ := splitOutput(minizinc(t, "--solver", referenceID, model, data, fix))
		if len(got) == 0 {
			t.Errorf("%s: satsolve's solution, fixed, has no solution through MiniZinc's decompositions:\n%s", c.data, sols[len(sols)-1])
		}
	}
}

// fixConstraints turns dzn assignments "x = v;" (a value may span lines)
// into "constraint x = v;", which also fixes a variable the model defines
// by an expression (data could not).
func fixConstraints(dzn string) string {
	var b strings.Builder
	stmt := ""
	for _, l := range strings.Split(dzn, "\n") {
		if stmt == "" && strings.TrimSpace(l) == "" {
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
