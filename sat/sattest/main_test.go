package sattest_test

import (
	"os"
	"testing"

	"satsolve/sat/gophersat"
)

func TestMain(m *testing.M) {
	gophersat.ServeIfChild()
	os.Exit(m.Run())
}
