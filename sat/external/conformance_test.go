package external_test

import (
	"os/exec"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/external"
	"github.com/satsolve/satsolve/sat/sattest"
)

// TestConformance runs the backend suite on the reference solvers that
// scripts/install-solvers.sh installs; a solver missing from PATH is
// skipped by name.
func TestConformance(t *testing.T) {
	for _, name := range []string{"cadical", "minisat"} {
		t.Run(name, func(t *testing.T) {
			if _, err := exec.LookPath(name); err != nil {
				t.Skipf("%s not installed (scripts/install-solvers.sh installs it)", name)
			}
			sattest.Run(t, func() sat.Solver {
				s, err := external.New(name)
				if err != nil {
					t.Fatal(err)
				}
				return s
			})
		})
	}
}
