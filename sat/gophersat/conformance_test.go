package gophersat_test

import (
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gophersat"
	"github.com/satsolve/satsolve/sat/sattest"
)

func TestConformance(t *testing.T) {
	t.Run("Child", func(t *testing.T) {
		sattest.Run(t, func() sat.Solver { return gophersat.New() })
	})
	t.Run("InProcess", func(t *testing.T) {
		sattest.RunWith(t, func() sat.Solver { return gophersat.New(gophersat.WithMode(gophersat.InProcess)) },
			sattest.Options{Detached: true})
	})
}
