package cdcl

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// checkInvariants verifies the engine's structural invariants (doc.go):
// watches, trail, values, and, when propagated is set, that no clause is
// falsified or unit-but-unassigned. It is for tests and debugging.
func (s *Solver) checkInvariants(propagated bool) error {
	for i, l := range s.trail {
		x := l.v()
		if s.elim[x] {
			return fmt.Errorf("eliminated variable %d assigned", x+1)
		}
		if s.vals[l] != 1 || s.vals[l^1] != -1 {
			return fmt.Errorf("trail[%d]=%v has value %d", i, l.ext(), s.vals[l])
		}
		if int(s.trailPos[x]) != i {
			return fmt.Errorf("trail[%d]=%v has trailPos %d", i, l.ext(), s.trailPos[x])
		}
	}
	assigned := 0
	for l := range s.vals {
		if s.vals[l] == 1 {
			assigned++
		}
	}
	if assigned != len(s.trail) {
		return fmt.Errorf("%d literals true, trail has %d", assigned, len(s.trail))
	}
	count := map[cref]int{}
	for l, ws := range s.watches {
		for _, w := range ws {
			c := w.ref &^ binFlag
			if s.garbage(c) {
				return fmt.Errorf("watch of %v on garbage clause %d", lit(l).ext(), c)
			}
			ls := s.lits(c)
			if ls[0] != lit(l) && ls[1] != lit(l) {
				return fmt.Errorf("clause %d %v watched by %v, not one of its first two", c, s.extLits(ls), lit(l).ext())
			}
			if (w.ref&binFlag != 0) != (len(ls) == 2) {
				return fmt.Errorf("clause %d binary flag wrong", c)
			}
			count[c]++
		}
	}
	for c := cref(0); int(c) < len(s.arena); c = s.next(c) {
		if s.garbage(c) {
			continue
		}
		for _, l := range s.lits(c) {
			if s.elim[l.v()] {
				return fmt.Errorf("clause %d %v holds eliminated variable %d", c, s.extLits(s.lits(c)), l.v()+1)
			}
		}
		if count[c] != 2 && !(s.unattached && c >= s.attachFrom && count[c] == 0) {
			return fmt.Errorf("clause %d %v has %d watches", c, s.extLits(s.lits(c)), count[c])
		}
		if !propagated {
			continue
		}
		var open, sat int
		for _, l := range s.lits(c) {
			switch s.vals[l] {
			case 0:
				open++
			case 1:
				sat++
			}
		}
		if sat == 0 && open <= 1 {
			return fmt.Errorf("clause %d %v is unit or false after propagation (open %d)", c, s.extLits(s.lits(c)), open)
		}
	}
	return nil
}

// TestInvariants checks the structural invariants before every decision
// and after every Solve, on random incremental sequences with schedules
// that fire often (reductions, restarts, mode switches, simplification).
func TestInvariants(t *testing.T) {
	var failed error
	testHook = func(s *Solver) {
		if failed == nil {
			failed = s.checkInvariants(true)
		}
	}
	defer func() { testHook = nil }()
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 17))
		o := DefaultOptions()
		o.Stable = rng.IntN(3)
		o.ReduceInt, o.StableInit, o.Reluctant, o.RestartInt = 10, 1+rng.IntN(30), 1, 1
		o.ChronoLevels = rng.IntN(3)
		o.ReduceLimit = rng.IntN(2) * rng.IntN(50)
		s, _ := NewWith(o)
		n := 10 + rng.IntN(40)
		for step := range 4 {
			for range 2 * n {
				var c []sat.Lit
				for range 1 + rng.IntN(4) {
					c = append(c, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0))
				}
				s.AddClause(c...)
			}
			var as []sat.Lit
			for range rng.IntN(3) {
				as = append(as, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0))
			}
			if _, err := s.Solve(context.Background(), as...); err != nil {
				t.Fatal(err)
			}
			if failed == nil {
				failed = s.checkInvariants(false)
			}
			if failed != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, failed)
			}
		}
	}
}
