package portfolio_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/portfolio"
	"github.com/satsolve/satsolve/sat/walk"
)

// planted returns m random 3-literal clauses over n variables, each true
// under a hidden assignment, flat.
func planted(n, m int, seed uint64) *sat.ClauseList {
	r := rand.New(rand.NewPCG(seed, 7))
	hidden := make([]bool, n+1)
	for v := range hidden {
		hidden[v] = r.IntN(2) == 0
	}
	l := sat.NewClauseList(m, 3*m)
	c := make(sat.Clause, 3)
	for range m {
		for {
			ok := false
			for i := range c {
				v := sat.Var(1 + r.IntN(n))
				c[i] = v.Pos()
				if r.IntN(2) == 0 {
					c[i] = v.Neg()
				}
				ok = ok || (c[i] > 0) == hidden[v]
			}
			if ok {
				break
			}
		}
		l.Add(c)
	}
	return l
}

// allocated returns the bytes f allocates on the heap.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestAddListShares checks the memory rule of a large formula (issue 18
// item 15): a portfolio of gini and walk given a clause list keeps no copy
// of it (clause by clause, each engine copied every literal), and answers
// with a model that satisfies it.
func TestAddListShares(t *testing.T) {
	l := planted(20000, 60000, 1)
	size := uint64(l.End()) * 4
	p := portfolio.New(portfolio.Member{Name: "gini", Solver: gini.New()}, portfolio.Member{Name: "walk", Solver: walk.New()})
	var err error
	if n := allocated(func() { err = sat.AddList(context.Background(), p, l) }); err != nil || n > size/100 {
		t.Fatalf("AddList: %v; allocated %d bytes for a list of %d bytes: copied, not shared", err, n, size)
	}
	st, err := p.Solve(context.Background())
	if err != nil || st != sat.Sat {
		t.Fatalf("Solve: %v, %v", st, err)
	}
	if err := l.Check(p.Model(), nil); err != nil {
		t.Fatalf("the portfolio's model: %v", err)
	}
	// The engines' later clauses are their own: the list is unchanged.
	end := l.End()
	p.AddClause(-1, -2)
	if l.End() != end {
		t.Fatal("AddClause after AddList changed the shared list")
	}
}

// giver is a member without the ListAdder facet: it counts the clauses
// given to it one by one and answers Sat with the all-true model.
type giver struct {
	sat.Formula
}

func (g *giver) Solve(context.Context, ...sat.Lit) (sat.Status, error) { return sat.Sat, nil }
func (g *giver) Value(l sat.Lit) bool                                  { return l > 0 }
func (g *giver) Model() sat.Assignment                                 { return sat.NewAssignment(g.NumVars) }

// TestAddListMixed checks a portfolio whose members do not all have the
// facet: the others get every clause, and when the context ends while
// they do, the portfolio refuses to solve (its members differ).
func TestAddListMixed(t *testing.T) {
	l := planted(100, 300, 2)
	g := &giver{}
	p := portfolio.New(portfolio.Member{Name: "walk", Solver: walk.New()}, portfolio.Member{Name: "giver", Solver: g})
	if err := sat.AddList(context.Background(), p, l); err != nil || len(g.Clauses) != 300 {
		t.Fatalf("AddList: %v, %d clauses given one by one, want 300", err, len(g.Clauses))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	q := portfolio.New(portfolio.Member{Name: "walk", Solver: walk.New()}, portfolio.Member{Name: "giver", Solver: &giver{}})
	if err := sat.AddList(ctx, q, l); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled AddList: %v", err)
	}
	if st, err := q.Solve(context.Background()); err == nil || st != sat.Unknown {
		t.Fatalf("Solve after an interrupted AddList: %v, %v; want an error", st, err)
	}
}
