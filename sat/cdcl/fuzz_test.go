package cdcl_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/sattest"
)

// FuzzIncremental drives the engine with a random incremental call
// sequence decoded from the input, on at most 12 variables, against the
// brute-force oracle: every answer must match, every model satisfy the
// clauses and assumptions, every failed set be refuted by the oracle, and
// every proof step pass the LRAT checker.
//
// Input: byte 0 chooses the options (mode, phase, fast schedules and
// inprocessing, eager chronological backtracking, shallow minimisation);
// then
// each operation starts with a byte b: b%4 == 0 solves under (b/4)%5
// assumptions taken from the next bytes, otherwise a clause of
// 1 + (b/4)%6 literals follows. A literal byte l is variable 1 + (l/2)%12,
// negated when l is odd.
func FuzzIncremental(f *testing.F) {
	f.Add([]byte{0, 5, 2, 4, 6, 0, 9, 3, 5, 0})
	f.Add([]byte{7, 21, 1, 2, 3, 4, 5, 6, 1, 5, 3, 9, 11, 0, 8, 1, 2, 4, 0})
	f.Add([]byte{2, 1, 0, 1, 1, 1, 2, 1, 3, 0, 4, 2, 0})
	f.Add([]byte{9, 13, 0, 2, 4, 13, 1, 3, 5, 13, 6, 8, 10, 13, 7, 9, 11, 0, 12, 0, 3})
	f.Fuzz(runIncremental)
}

// runIncremental runs one FuzzIncremental input.
func runIncremental(t *testing.T, data []byte) {
	if len(data) == 0 || len(data) > 400 {
		return
	}
	o := cdcl.DefaultOptions()
	b := data[0]
	o.Stable = int(b % 3)
	o.Phase = int(b/3) % 2
	if b&0x40 != 0 {
		o.ReduceInt, o.StableInit, o.Reluctant, o.RestartInt = 10, 3, 1, 1
		o.InprocessInt = 10
	}
	if b&0x80 != 0 {
		o.MinimizeDepth = 1
	}
	if b&0x20 != 0 {
		o.ChronoLevels = 0
	}
	s, err := cdcl.NewWith(o)
	if err != nil {
		t.Fatal(err)
	}
	// A run on 12 variables takes milliseconds. One that does not end is a
	// livelock that would otherwise grow without bound (no time limit per
	// input in go's fuzzing): the watchdog ends the worker with the input
	// recorded.
	watchdog := time.AfterFunc(20*time.Second, func() {
		panic(fmt.Sprintf("FuzzIncremental: no answer after 20 s on %q", data))
	})
	defer watchdog.Stop()
	chk := newChecker()
	s.SetTracer(chk)
	const n = 12
	form := &sat.Formula{NumVars: n}
	oracle := sattest.NewOracle(form)
	lit := func(x byte) sat.Lit { return sat.Var(1 + int(x/2)%n).Lit(x%2 == 0) }
	for i := 1; i < len(data); {
		op := data[i]
		i++
		k := int(op/4)%6 + 1
		if op%4 == 0 {
			k = int(op/4) % 5
		}
		var ls []sat.Lit
		for ; k > 0 && i < len(data); k-- {
			ls = append(ls, lit(data[i]))
			i++
		}
		if op%4 != 0 {
			s.AddClause(ls...)
			form.AddClause(ls...)
			oracle.AddClause(ls...)
			continue
		}
		st, err := s.Solve(context.Background(), ls...)
		want := oracle.Satisfiable(ls...)
		switch {
		case err != nil:
			t.Fatalf("Solve(%v) = %v, %v", ls, st, err)
		case (st == sat.Sat) != want:
			t.Fatalf("Solve(%v) = %v, oracle says satisfiable=%v", ls, st, want)
		case st == sat.Sat:
			if err := form.CheckUnder(s.Model(), ls); err != nil {
				t.Fatalf("Solve(%v): model fails: %v", ls, err)
			}
		default:
			failed := s.Failed()
			if oracle.Satisfiable(failed...) {
				t.Fatalf("Solve(%v): Failed() = %v is satisfiable", ls, failed)
			}
			if len(failed) == 0 && !chk.empty {
				t.Fatal("refuted without an empty clause in the proof")
			}
		}
		if chk.err != nil {
			t.Fatalf("proof: %v", chk.err)
		}
	}
}
