package cdcl

import (
	"context"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// TestIncrementalBounded is the regression test of FuzzIncremental's
// memory: a long incremental session, with the fuzz target's aggressive
// schedules (reduction, restarts and inprocessing every few conflicts,
// eager chronological backtracking), must keep the engine's working
// storage bounded by the live formula, not by the number of calls or
// conflicts. Each call adds a pigeonhole instance (6 pigeons, 5 holes)
// guarded by a fresh selector, refutes it under the selector (search every
// time), then retires it with the selector's negation as a unit, the way
// the models use the engine. After every Solve the arena, the watch
// lists, the trail, the per-level scratch and the elimination stack are
// measured (the verbatim copy of the originals grows by contract and is
// left out): the largest value in the second half of the session may not
// exceed twice the largest of the first half plus a margin.
func TestIncrementalBounded(t *testing.T) {
	const pigeons, holes, calls = 6, 5, 120
	for seed := range uint64(3) {
		o := DefaultOptions()
		o.Stable = int(seed % 3)
		o.ReduceInt, o.StableInit, o.Reluctant, o.RestartInt = 10, 3, 1, 1
		o.InprocessInt = 10
		o.ChronoLevels = int(seed % 2 * 100)
		s, err := NewWith(o)
		if err != nil {
			t.Fatal(err)
		}
		var first, second int
		next := 1
		for call := range calls {
			guard := sat.Var(next).Lit(true)
			base := next + 1
			next += 1 + pigeons*holes
			p := func(i, j int) sat.Lit { return sat.Var(base + i*holes + j).Lit(true) }
			for i := range pigeons {
				c := []sat.Lit{-guard}
				for j := range holes {
					c = append(c, p(i, j))
				}
				s.AddClause(c...)
			}
			for j := range holes {
				for i := range pigeons {
					for k := i + 1; k < pigeons; k++ {
						s.AddClause(-guard, -p(i, j), -p(k, j))
					}
				}
			}
			st, err := s.Solve(context.Background(), guard)
			if err != nil || st != sat.Unsat || s.unsat {
				t.Fatalf("seed %d, call %d: %v, %v (clauses refuted for good: %v)", seed, call, st, err, s.unsat)
			}
			s.AddClause(-guard)
			size := len(s.arena) + cap(s.spare) + len(s.trail) + len(s.ext) + len(s.extPool) + len(s.levelSeen)
			for _, ws := range s.watches {
				size += len(ws)
			}
			if call < calls/2 {
				first = max(first, size)
			} else {
				second = max(second, size)
			}
		}
		if second > 2*first+1024 {
			t.Errorf("seed %d: storage grew from %d to %d words over the session", seed, first, second)
		}
		t.Logf("seed %d: %d solves, %d conflicts, storage %d then %d words", seed, s.stats.Solves, s.stats.Conflicts, first, second)
	}
}
