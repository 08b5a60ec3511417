package cdcl

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// reducibleLeft counts the learnt clauses a reduction may delete that are
// alive now: not core, not binary, not a reason.
func (s *Solver) reducibleLeft() int {
	n := 0
	for c := cref(0); int(c) < len(s.arena); c = s.next(c) {
		if s.redundant(c) && !s.garbage(c) && s.clauseSize(c) > 2 && s.glue(c) > s.opts.Tier1 && !s.isReason(c) {
			n++
		}
	}
	return n
}

// TestReduceLimit checks the retention bound right after every reduction
// (the hook runs before the decision that follows it) on random 3-SAT near
// the threshold, and that the bound was what deleted clauses: without it,
// the same runs keep more than the bound allows.
func TestReduceLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (long search): skipped by go test -short; go test ./... runs it")
	}
	for _, limit := range []int{0, 1} {
		over, reductions, total := 0, 0, 0
		var failed string
		testHook = func(s *Solver) {
			if s.stats.Reductions == uint64(reductions) {
				return
			}
			reductions = int(s.stats.Reductions)
			total++
			o := s.opts
			o.ReduceLimit = 1
			bound := (&Solver{opts: o, numIrred: s.numIrred, stats: s.stats}).reduceLimit()
			n := s.reducibleLeft()
			if n > bound {
				over++
				if limit > 0 && failed == "" {
					failed = fmt.Sprintf("reduction %d kept %d reducible clauses, bound %d", reductions, n, bound)
				}
			}
		}
		for seed := range uint64(20) {
			rng := rand.New(rand.NewPCG(seed, 5))
			o := DefaultOptions()
			o.ReduceInt, o.ReduceLimit = 10, limit
			s, _ := NewWith(o)
			n := 150
			for range 426 * n / 100 {
				var c []sat.Lit
				for range 3 {
					c = append(c, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0))
				}
				s.AddClause(c...)
			}
			reductions = 0
			if _, err := s.Solve(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		testHook = nil
		if failed != "" {
			t.Fatalf("reducelimit=%d: %s", limit, failed)
		}
		if limit == 0 && over == 0 {
			t.Fatalf("reducelimit=0: no reduction exceeded the bound of 1%%; the test does not exercise it")
		}
		t.Logf("reducelimit=%d: %d of %d reductions over the bound of 1%%", limit, over, total)
	}
}
