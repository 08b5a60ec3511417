package portfolio_test

import (
	"os"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/gophersat"
	"github.com/satsolve/satsolve/sat/portfolio"
	"github.com/satsolve/satsolve/sat/sattest"
)

// TestMain lets the test binary serve as gophersat's child process.
func TestMain(m *testing.M) {
	gophersat.ServeIfChild()
	os.Exit(m.Run())
}

func newPortfolio() sat.Solver {
	return portfolio.New(
		portfolio.Member{Name: "gini", Solver: gini.New()},
		portfolio.Member{Name: "gophersat", Solver: gophersat.New()},
	)
}

func TestConformance(t *testing.T) { sattest.Run(t, newPortfolio) }

func TestDifferential(t *testing.T) {
	sattest.Differential(t, 7, 2,
		sattest.Backend{Name: "portfolio", New: newPortfolio},
		sattest.Backend{Name: "gini", New: func() sat.Solver { return gini.New() }},
	)
}

// TestConformancePB races cdcl, which takes PB constraints natively,
// against gini, which gets them as clauses: the suite's PB subtests, where
// any disagreement between the two is an error.
func TestConformancePB(t *testing.T) {
	sattest.Run(t, func() sat.Solver {
		return portfolio.New(
			portfolio.Member{Name: "cdcl", Solver: cdcl.New()},
			portfolio.Member{Name: "gini", Solver: gini.New()},
		)
	})
}
