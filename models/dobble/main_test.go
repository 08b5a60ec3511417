package dobble

import (
	"os"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/gophersat"
)

// TestMain lets the test binary serve as the gophersat backend's child
// process.
func TestMain(m *testing.M) {
	gophersat.ServeIfChild()
	os.Exit(m.Run())
}

func newGini() sat.Solver      { return gini.New() }
func newGophersat() sat.Solver { return gophersat.New() }

// backends are the solvers the SAT tests run on.
var backends = []struct {
	name string
	new  func() sat.Solver
}{{"gini", newGini}, {"gophersat", newGophersat}}
