package dobble

import (
	"context"
	"errors"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
)

// cancelling is a solver that cancels its context once it has been given
// after clauses, and counts what it is given.
type cancelling struct {
	sat.Solver
	cancel  context.CancelFunc
	after   int
	clauses int
}

func (c *cancelling) AddClause(lits ...sat.Lit) {
	c.clauses++
	if c.clauses == c.after {
		c.cancel()
	}
	c.Solver.AddClause(lits...)
}

// TestEncodingStopsAtCancel: every SAT search of the package (through
// sat.EncodeContext) stops its encoding within 4,096 constraints of the
// end of its context, instead of building the whole formula first (a
// plane of order 9 is 17M clauses, about 15 s), and answers Unknown with
// the context's error without solving the truncated formula.
func TestEncodingStopsAtCancel(t *testing.T) {
	const after = 10000
	runs := []struct {
		name string
		run  func(ctx context.Context, newSolver func() sat.Solver) (sat.Status, error)
	}{
		{"SolveDesign", func(ctx context.Context, ns func() sat.Solver) (sat.Status, error) {
			res, err := SolveDesign(ctx, ns, 10, 1, Options{Card: encode.CardTotalizer, AMO: encode.AMOPairwise, Symmetry: SymLatin})
			return res.Status, err
		}},
		{"SolveMOLS", func(ctx context.Context, ns func() sat.Solver) (sat.Status, error) {
			res, err := SolveMOLS(ctx, ns, 9, 8, MOLSOptions{AMO: encode.AMOPairwise, OrthAMO: encode.AMOPairwise})
			return res.Status, err
		}},
		{"MaxDeck", func(ctx context.Context, ns func() sat.Solver) (sat.Status, error) {
			if _, err := MaxDeck(ctx, ns, 91, 10, 1, MaxOptions{Card: encode.CardTotalizer, AMO: encode.AMOPairwise, SearchOnly: true}); err != nil {
				return sat.Unknown, err
			}
			return sat.Sat, nil
		}},
	}
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var solvers []*cancelling
			newSolver := func() sat.Solver {
				c := &cancelling{Solver: gini.New(), cancel: cancel, after: after}
				solvers = append(solvers, c)
				return c
			}
			st, err := r.run(ctx, newSolver)
			if st != sat.Unknown || !errors.Is(err, context.Canceled) {
				t.Fatalf("got %v, %v; want Unknown and context.Canceled", st, err)
			}
			total := 0
			for _, s := range solvers {
				total += s.clauses
			}
			if total < after || total > after+4096 {
				t.Errorf("%d clauses reached the solvers; the encoding should stop within 4,096 of the cancel at %d", total, after)
			}
		})
	}
}
