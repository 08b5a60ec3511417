package cdcl_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime/metrics"
	"strings"
	"sync"
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
		o.InprocessInt = 1
	}
	if b&0x80 != 0 {
		o.MinimizeDepth = 1
	}
	if b&0x20 != 0 {
		o.ChronoLevels = 0
	}
	if b&0x10 != 0 {
		o.ReduceLimit = 10
	}
	s, err := cdcl.NewWith(o)
	if err != nil {
		t.Fatal(err)
	}
	defer watch(data)()
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

// Bounds of one FuzzIncremental input: a run on 12 variables takes
// milliseconds and a few hundred kilobytes.
// (Variables only so that TestWatch can lower them.)
var (
	fuzzTimeLimit        = 20 * time.Second
	fuzzHeapLimit uint64 = 1 << 30
)

// watch guards one fuzz input against running away: go's fuzzing has no
// time or memory limit per input, so a livelock that allocates as it goes
// would grow the worker until the machine runs out of memory (one run
// once reached 23 GB) and leave no input behind. Every 100 ms the live
// heap is read (runtime/metrics, no stop of the world); past
// fuzzHeapLimit, or past fuzzTimeLimit, the worker panics with the input
// in the message and the fuzzer records it. The returned func stops the
// guard.
func watch(data []byte) (stop func()) {
	start := time.Now()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var mu sync.Mutex
	done := false
	var timer *time.Timer
	tick := func() {
		mu.Lock()
		defer mu.Unlock()
		if done {
			return
		}
		metrics.Read(sample)
		if heap := sample[0].Value.Uint64(); heap > fuzzHeapLimit {
			panic(fmt.Sprintf("FuzzIncremental: %d MiB of heap on %q", heap>>20, data))
		}
		if time.Since(start) > fuzzTimeLimit {
			panic(fmt.Sprintf("FuzzIncremental: no answer after %v on %q", fuzzTimeLimit, data))
		}
		timer.Reset(100 * time.Millisecond)
	}
	mu.Lock() // timer is read by tick under mu
	timer = time.AfterFunc(100*time.Millisecond, tick)
	mu.Unlock()
	return func() {
		mu.Lock()
		done = true
		mu.Unlock()
		timer.Stop()
	}
}

// TestWatch checks that the fuzz guard ends a runaway input: in a child
// process (the guard panics, which no test can recover), with the limits
// lowered, one input sleeps past the time limit and one holds more heap
// than the heap limit; each child must die with the input in its message.
func TestWatch(t *testing.T) {
	if kind := os.Getenv("CDCL_WATCH_CHILD"); kind != "" {
		fuzzTimeLimit, fuzzHeapLimit = 300*time.Millisecond, 64<<20
		if kind == "heap" {
			fuzzTimeLimit = time.Minute
		}
		stop := watch([]byte("runaway-" + kind))
		defer stop()
		var hold [][]byte
		for range 40 {
			if kind == "heap" {
				hold = append(hold, make([]byte, 8<<20))
			}
			time.Sleep(50 * time.Millisecond)
		}
		fmt.Println(len(hold), "survived")
		return
	}
	for kind, want := range map[string]string{"time": "no answer after", "heap": "MiB of heap"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestWatch$")
		cmd.Env = append(os.Environ(), "CDCL_WATCH_CHILD="+kind)
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), want) || !strings.Contains(string(out), "runaway-"+kind) {
			t.Errorf("%s: child ended with %v, output:\n%s", kind, err, out)
		}
	}
}
