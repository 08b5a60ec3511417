package gophersat_test

import (
	"os"
	"testing"

	"github.com/satsolve/satsolve/sat/gophersat"
)

// noHookEnv, set, makes a re-executed test binary skip ServeIfChild, to
// play a program that lacks the hook (see child_test.go).
const noHookEnv = "SATSOLVE_GOPHERSAT_TEST_NO_HOOK"

func TestMain(m *testing.M) {
	if os.Getenv(noHookEnv) == "" {
		gophersat.ServeIfChild()
	}
	os.Exit(m.Run())
}
