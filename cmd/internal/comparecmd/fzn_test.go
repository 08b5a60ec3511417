package comparecmd

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
)

// TestFlatZincCompare runs satsolve compare fzn on 4-queens and on an
// unsatisfiable model: every method appears, every model passed the two
// checks of cp/fzn (the command fails otherwise), and the unsatisfiable
// one is UNSAT on every method and backend.
func TestFlatZincCompare(t *testing.T) {
	queens := filepath.Join("..", "..", "..", "testdata", "fzn", "queens4.fzn")
	code, stdout, stderr := runCLI(t, "", "compare", "fzn", "--backend", "gini", "--repeat", "1", queens)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, m := range []string{"auto", "order", "log", "direct"} {
		if !regexp.MustCompile(`(?m)^\s*` + m + `\s.*\S`).MatchString(stdout) {
			t.Errorf("no row for %s in:\n%s", m, stdout)
		}
	}
	code, stdout, stderr = runCLI(t, "", "compare", "fzn", "--backend", "gini", "--repeat", "1", "--linear", "--csv", queens)
	if code != 0 || strings.Count(stdout, "\n") != 1+4*6 || !strings.Contains(stdout, "log+adder") || !strings.Contains(stdout, "N/A") {
		t.Errorf("--linear: exit %d, %d lines:\n%s%s", code, strings.Count(stdout, "\n"), stdout, stderr)
	}
	unsat := filepath.Join(t.TempDir(), "unsat.fzn")
	os.WriteFile(unsat, []byte("var 1..3: x :: output_var;\nvar 4..6: y :: output_var;\nconstraint int_lt(y, x);\nsolve maximize x;\n"), 0o644)
	code, stdout, stderr = runCLI(t, "", "compare", "fzn", "--backend", "gini", "--repeat", "1", "--csv", unsat)
	if code != 0 || strings.Count(stdout, "UNSAT") != 4 {
		t.Errorf("unsatisfiable: exit %d:\n%s%s", code, stdout, stderr)
	}
	if code, _, _ := runCLI(t, "", "compare", "fzn"); code != cli.ExitUsage {
		t.Errorf("no model: exit %d, want %d", code, cli.ExitUsage)
	}
}
