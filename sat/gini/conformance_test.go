package gini_test

import (
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/sattest"
)

func TestConformance(t *testing.T) {
	sattest.Run(t, func() sat.Solver { return gini.New() })
}
