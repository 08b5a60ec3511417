package cp

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
)

// bruteOptimum returns the least (or greatest) objective over the
// brute-force solutions, and whether there is one.
func bruteOptimum(t *testing.T, m *Model) (int64, bool) {
	t.Helper()
	keys, ok := brute(m, 200000)
	if !ok {
		t.Fatal("too many assignments")
	}
	if len(keys) == 0 {
		return 0, false
	}
	best, found := int64(0), false
	eachAssignment(m, func(s *Solution) {
		if m.Check(s) != nil {
			return
		}
		if c := m.obj.cost(s); !found || c < best {
			best, found = c, true
		}
	})
	if m.obj.maximize {
		best = -best
	}
	return best, found
}

// randomOptModel builds a small random model with a linear objective.
func randomOptModel(r *rand.Rand) *Model {
	m := NewModel()
	n := 2 + r.IntN(3)
	xs := make([]IntVar, n)
	for i := range xs {
		lo := int64(r.IntN(5) - 2)
		d := encode.RangeDomain(lo, lo+int64(r.IntN(5)))
		if r.IntN(3) == 0 {
			d = encode.DomainOf(lo, lo+2, lo+5)
		}
		xs[i] = m.NewIntIn(d, fmt.Sprint("x", i))
	}
	for range 1 + r.IntN(3) {
		cs := make([]int64, n)
		for i := range cs {
			cs[i] = int64(r.IntN(7) - 3)
		}
		switch r.IntN(4) {
		case 0:
			m.IntLinLe(cs, xs, int64(r.IntN(6)))
		case 1:
			m.IntNe(xs[0], xs[1])
		case 2:
			m.IntTimes(xs[0], xs[1], xs[n-1])
		default:
			m.IntLinNe(cs, xs, int64(r.IntN(4)))
		}
	}
	cs := make([]int64, n)
	for i := range cs {
		cs[i] = int64(r.IntN(9) - 4)
	}
	switch r.IntN(3) {
	case 0:
		m.Minimize(xs[r.IntN(n)])
	case 1:
		m.MaximizeLinear(cs, xs)
	default:
		m.MinimizeLinear(cs, xs)
	}
	return m
}

func TestOptimizeAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := range 60 {
		m := randomOptModel(r)
		want, feasible := bruteOptimum(t, m)
		for _, search := range Searches() {
			for _, enc := range []Encoding{Auto, Log} {
				var seen []int64
				o := Options{Search: search, IntEncoding: enc, OnSolution: func(s *Solution) {
					if err := m.Check(s); err != nil {
						t.Fatalf("OnSolution got a wrong solution: %v", err)
					}
					seen = append(seen, m.ObjectiveValue(s))
				}}
				res, err := Solve(context.Background(), m, cdcl.New(), o)
				if err != nil {
					t.Fatalf("trial %d %v %v: %v", trial, search, enc, err)
				}
				what := fmt.Sprintf("trial %d %v %v", trial, search, enc)
				if !feasible {
					if res.Status != sat.Unsat || !res.Complete {
						t.Fatalf("%s: %v, want UNSAT", what, res.Status)
					}
					continue
				}
				if res.Status != sat.Sat || !res.Complete || res.Objective != want {
					t.Fatalf("%s: %v complete %v objective %d, want %d", what, res.Status, res.Complete, res.Objective, want)
				}
				if res.Bound != res.Objective {
					t.Fatalf("%s: bound %d at a proved optimum %d", what, res.Bound, res.Objective)
				}
				if res.Objective != m.ObjectiveValue(res.Solution) {
					t.Fatalf("%s: objective %d, its solution's %d", what, res.Objective, m.ObjectiveValue(res.Solution))
				}
				if len(seen) == 0 || seen[len(seen)-1] != want {
					t.Fatalf("%s: improving solutions %v, want the last %d", what, seen, want)
				}
				for i := 1; i < len(seen); i++ {
					better := seen[i] < seen[i-1]
					if m.obj.maximize {
						better = seen[i] > seen[i-1]
					}
					if !better {
						t.Fatalf("%s: solutions %v do not improve", what, seen)
					}
				}
			}
		}
	}
}

// TestSolveCancelled stops encodings and searches that would take long:
// the context ends, Solve returns within a second with its error.
func TestSolveCancelled(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	big := func() *Model { // order-encoded integers of a million values, chained
		m := NewModel()
		var prev IntVar
		for i := range 8 {
			x := m.NewInt(0, 1_000_000, fmt.Sprint("x", i))
			m.SetEncoding(x, Order)
			if i > 0 {
				m.IntLt(prev, x)
			}
			prev = x
		}
		return m
	}
	table := func() *Model { // a table of two million tuples
		m := NewModel()
		xs := []IntVar{m.NewInt(0, 2000, "a"), m.NewInt(0, 2000, "b")}
		var ts [][]int64
		for i := range int64(2_000_000) {
			ts = append(ts, []int64{i % 2001, i / 1000 % 2001})
		}
		m.Table(xs, ts)
		return m
	}
	for name, mk := range map[string]func() *Model{"order": big, "table": table} {
		m := mk()
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		start, cpu := time.Now(), cpuTime()
		_, err := Solve(ctx, m, cdcl.New(), Options{})
		took, used := time.Since(start), cpuTime()-cpu
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: err = %v, want the deadline", name, err)
		}
		// The machine may be shared: judge the CPU the process spent,
		// which a deadline ignored for a second would push past 1.2 s.
		if used > 1200*time.Millisecond {
			t.Errorf("%s: Solve used %v of CPU (%v wall) with a 200 ms deadline", name, used, took)
		}
	}
}

// cpuTime returns the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
