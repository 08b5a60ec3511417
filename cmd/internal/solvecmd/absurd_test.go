package solvecmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/internal/memlimit"
)

// TestAbsurdVariableNumbers is the regression test for tiny files whose
// variable numbers sized the backend ("p cnf 1 1 / 2147483647 0", 22
// bytes: gini asked for 8.6 GB and crashed, the gophersat child died and
// the parent printed s UNKNOWN): under a 1 GiB address-space budget every
// backend answers, and the model names the file's own variables.
func TestAbsurdVariableNumbers(t *testing.T) {
	if !memlimit.Run(t, 1<<30) {
		return
	}
	dir := t.TempDir()
	files := map[string]struct{ text, want string }{
		"big.cnf":    {"p cnf 1 1\n2147483647 0\n", "v 2147483647 0"},
		"header.cnf": {"p cnf 2000000000 2\n1 -2 0\n2 0\n", "v 1 2 0"},
		"pair.cnf":   {"p cnf 3 2\n-2000000000 7 0\n2000000000 0\n", "v 7 2000000000 0"},
		"big.opb":    {"* #variable= 1 #constraint= 1\n+1 x2147483647 >= 1 ;\n", "v x2147483647"},
		"big.wcnf":   {"p wcnf 2 2 10\n10 2147483647 0\n3 -2147483647 5 0\n", "v 5 2147483647"},
	}
	backends := []string{"gini", "gophersat", "walk", "cdcl", "portfolio", "portfolio:gini,walk"}
	if _, err := exec.LookPath("minisat"); err == nil {
		backends = append(backends, "external:minisat")
	}
	for name, f := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(f.text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, b := range backends {
			code, out, errs := runCLI(t, "", "solve", "--backend", b, path)
			if (code != 10 && code != 30) || !strings.Contains(out, "\n"+f.want+"\n") {
				t.Errorf("%s on %s: exit %d, want a model with %q:\n%s%s", b, name, code, f.want, out, errs)
			}
		}
	}
}
