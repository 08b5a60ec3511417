package sattest_test

import (
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/gophersat"
	"github.com/satsolve/satsolve/sat/sattest"
)

// backends are every adapter this repository has, for the differential
// test.
var backends = []sattest.Backend{
	{Name: "gini", New: func() sat.Solver { return gini.New() }},
	{Name: "gophersat-child", New: func() sat.Solver { return gophersat.New() }},
	{Name: "gophersat-inprocess", New: func() sat.Solver { return gophersat.New(gophersat.WithMode(gophersat.InProcess)) }},
}

// TestDifferential makes every backend solve random 3-SAT at the threshold
// (n = 20..150) and small pigeonhole formulas: all must agree, with the
// oracle where it can enumerate, and every model must pass the check.
func TestDifferential(t *testing.T) {
	perSize := 3
	if testing.Short() {
		perSize = 1
	}
	sattest.Differential(t, 1, perSize, backends...)
}
