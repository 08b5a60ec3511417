package chipfire

import (
	"os"
	"testing"

	"github.com/satsolve/satsolve/sat/gophersat"
)

// TestMain lets this test binary serve as the gophersat backend's child
// process.
func TestMain(m *testing.M) {
	gophersat.ServeIfChild()
	os.Exit(m.Run())
}
