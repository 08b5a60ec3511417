package cdcl

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// TestAddList checks that AddList answers as AddClause does, on an empty
// solver (sharing the list) and on one that already has clauses, with
// clauses added after it, over random formulas and assumptions.
func TestAddList(t *testing.T) {
	ctx := context.Background()
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 3))
		n := 5 + rng.IntN(20)
		clause := func() []sat.Lit {
			var c []sat.Lit
			for range 1 + rng.IntN(4) {
				c = append(c, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0))
			}
			return c
		}
		a, b := New(), New()
		for part := range 3 {
			l := sat.NewClauseList(0, 0)
			for range 2 * n {
				c := clause()
				l.Add(c)
				a.AddClause(c...)
			}
			if err := b.AddList(ctx, l); err != nil {
				t.Fatal(err)
			}
			if part == 1 {
				c := clause()
				a.AddClause(c...)
				b.AddClause(c...)
			}
			var as []sat.Lit
			for range rng.IntN(3) {
				as = append(as, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0))
			}
			sa, err := a.Solve(ctx, as...)
			if err != nil {
				t.Fatal(err)
			}
			sb, err := b.Solve(ctx, as...)
			if err != nil {
				t.Fatal(err)
			}
			if sa != sb {
				t.Fatalf("seed %d part %d: AddClause %v, AddList %v", seed, part, sa, sb)
			}
		}
	}
}

// TestAddListShares checks that an empty solver keeps no copy of a large
// list's literals: it allocates well under the list's size for its
// originals (the engine's own arena is separate and not counted: the list
// is all unit-free binary clauses over few variables, so it is small).
func TestAddListShares(t *testing.T) {
	l := sat.NewClauseList(0, 0)
	for i := range 200000 {
		l.Add([]sat.Lit{sat.Var(1 + i%50).Lit(true), sat.Var(1 + (i+1)%50).Lit(true), sat.Var(1 + (i+7)%50).Lit(false)})
	}
	s := New()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if err := s.AddList(context.Background(), l); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	listBytes := uint64(200000 * 4 * 4)
	arenaBytes := uint64(200000 * (hdrSize + 3) * 4)
	if got := after.TotalAlloc - before.TotalAlloc; got > arenaBytes*3+listBytes/2 {
		t.Fatalf("AddList allocated %d bytes: the originals were copied (list %d, arena %d)", got, listBytes, arenaBytes)
	}
	if st, err := s.Solve(context.Background()); err != nil || st != sat.Sat {
		t.Fatal(st, err)
	}
}

// TestAddListInterrupted checks that an AddList stopped by its context
// returns the context's error and that every later Solve fails.
func TestAddListInterrupted(t *testing.T) {
	l := sat.NewClauseList(0, 0)
	l.Add([]sat.Lit{1, 2})
	l.Add([]sat.Lit{-1})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := New()
	if err := s.AddList(ctx, l); err == nil {
		t.Fatal("AddList under a cancelled context returned nil")
	}
	if st, err := s.Solve(context.Background()); err == nil || st != sat.Unknown {
		t.Fatalf("Solve after an interrupted AddList: %v, %v", st, err)
	}
}
