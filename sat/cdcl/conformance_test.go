package cdcl_test

import (
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/sattest"
)

func TestConformance(t *testing.T) {
	sattest.Run(t, func() sat.Solver { return cdcl.New() })
}
