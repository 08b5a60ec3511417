package sattest_test

import (
	"os"
	"testing"

	"github.com/satsolve/satsolve/sat/gophersat"
)

func TestMain(m *testing.M) {
	gophersat.ServeIfChild()
	os.Exit(m.Run())
}
