package comparecmd

import (
	"os"
	"testing"

	"github.com/satsolve/satsolve/sat/gophersat"
)

// TestMain lets this test binary serve as the gophersat backend's child
// process, as the satsolve binary does.
func TestMain(m *testing.M) {
	gophersat.ServeIfChild()
	os.Exit(m.Run())
}
