package gini_test

import (
	"testing"

	"satsolve/sat"
	"satsolve/sat/gini"
	"satsolve/sat/sattest"
)

func TestConformance(t *testing.T) {
	sattest.Run(t, func() sat.Solver { return gini.New() })
}
