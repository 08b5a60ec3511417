package gophersat_test

import (
	"os"
	"testing"

	"github.com/satsolve/satsolve/sat/gophersat"
)

// noHookEnv, set, makes a re-executed test binary skip ServeIfChild, to
// play a program that lacks the hook (see child_test.go).
const noHookEnv = "SATSOLVE_GOPHERSAT_TEST_NO_HOOK"

// orphanEnv, set, makes the test binary a program that solves a hard
// formula through a gophersat child until it is killed (orphan_test.go).
const orphanEnv = "SATSOLVE_GOPHERSAT_TEST_ORPHAN"

func TestMain(m *testing.M) {
	if os.Getenv(noHookEnv) == "" {
		gophersat.ServeIfChild()
	}
	if os.Getenv(orphanEnv) != "" {
		solveForever()
	}
	os.Exit(m.Run())
}
