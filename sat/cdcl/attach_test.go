package cdcl_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/sattest"
)

// countdown is a context whose Err is nil for its first n calls and
// context.Canceled from then on: it ends inside whatever loop asks it the
// n+1-th time, at the same place on every run.
type countdown struct {
	context.Context
	n int
}

func (c *countdown) Err() error {
	if c.n <= 0 {
		return context.Canceled
	}
	c.n--
	return nil
}

// TestAttachInterrupted ends Solve's context at every look while a formula
// of 80,000 clauses is being watched (flushAttach, which watches its
// context so that a deadline holds on millions of clauses), adds clauses
// after the interruption, and solves again without a deadline: the answer
// must be that of the whole formula — a model that satisfies every clause
// (checked), or UNSAT for a formula holding a pigeonhole — so the clauses
// left unwatched by the interruption are watched by the next Solve.
func TestAttachInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (interrupt stress): skipped by go test -short; go test ./... runs it")
	}
	const n, m = 40000, 80000
	rng := rand.New(rand.NewPCG(7, 7))
	base := &sat.Formula{NumVars: n}
	for range m {
		c := make([]sat.Lit, 3)
		for i := range c {
			c[i] = sat.Var(1 + rng.IntN(n)).Lit(rng.IntN(2) == 0)
		}
		base.AddClause(c...)
	}
	hole := sattest.Pigeonhole(5, 4)
	for _, unsat := range []bool{false, true} {
		interrupted := 0
		for looks := 1; ; looks++ {
			f := base.Copy()
			s := cdcl.New()
			if err := sattest.Load(s, f); err != nil {
				t.Fatal(err)
			}
			ctx := &countdown{Context: context.Background(), n: looks}
			st, err := s.Solve(ctx)
			if err == nil {
				// The context lasted past flushAttach: every look is tried.
				if interrupted < 8 {
					t.Fatalf("only %d looks interrupted flushAttach", interrupted)
				}
				break
			}
			if st != sat.Unknown || !errors.Is(err, context.Canceled) {
				t.Fatalf("looks %d: Solve = %v, %v", looks, st, err)
			}
			interrupted++
			if unsat {
				for _, c := range hole.Clauses {
					s.AddClause(c...)
					f.AddClause(c...)
				}
			}
			st, err = s.Solve(context.Background())
			switch {
			case err != nil:
				t.Fatalf("looks %d: Solve after the interruption: %v", looks, err)
			case unsat && st != sat.Unsat:
				t.Fatalf("looks %d: %v with a pigeonhole among the clauses", looks, st)
			case !unsat && st != sat.Sat:
				t.Fatalf("looks %d: %v on a satisfiable formula", looks, st)
			case st == sat.Sat:
				if err := f.Check(s.Model()); err != nil {
					t.Fatalf("looks %d: %v", looks, err)
				}
			}
		}
	}
}
