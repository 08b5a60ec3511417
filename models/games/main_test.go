package games

import (
	"os"
	"testing"

	"github.com/satsolve/satsolve/sat/gophersat"
)

func TestMain(m *testing.M) {
	gophersat.ServeIfChild() // the gophersat backend re-executes this binary as its worker
	os.Exit(m.Run())
}
