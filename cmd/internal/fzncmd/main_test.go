package fzncmd

import (
	"os"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
)

// asSatsolve, set to 1 in the environment, makes this test binary run as
// "satsolve fzn": the solver configuration the MiniZinc tests install
// names the test binary itself, so MiniZinc runs the code under test.
const asSatsolve = "SATSOLVE_FZNCMD_AS_SATSOLVE"

func TestMain(m *testing.M) {
	if os.Getenv(asSatsolve) == "1" {
		os.Exit(cli.MainCommand(Command))
	}
	code := m.Run()
	cleanupMiniZinc()
	os.Exit(code)
}
