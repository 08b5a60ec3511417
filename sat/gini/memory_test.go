package gini

import (
	"context"
	"runtime"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// TestVarHint checks the capacity a gini instance starts with against
// gini's growth rule (its top, capacity+1, doubles while a variable is at
// or above it): the top ends above n, and for n of at least lazyWatches
// within 1/256 of it, from a start of at most 512 variables.
func TestVarHint(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 100, 510, 511, 512, 513, 1000, 1023, 1024, 1025, 4095, 65536, 99999, 1 << 20, 5000000, 5000001, 1<<22 - 1, 1 << 22} {
		h := varHint(n)
		top := max(h, 3) + 1
		for top <= n {
			top *= 2
		}
		if top <= n || (n >= lazyWatches && (top-n > n/256+1 || h > 512)) {
			t.Errorf("n %d: hint %d, top ends at %d", n, h, top)
		}
	}
}

// TestInstanceMemory is the regression test for gini's per-literal watch
// lists (issue 18 item 15): an instance for lazyWatches variables and as
// many binary clauses holds under 200 bytes a variable (146 when measured
// at 200,000 variables; created at full capacity, where gini gives every
// literal room for 8 watches, it held 246).
func TestInstanceMemory(t *testing.T) {
	const n = lazyWatches
	s := New()
	for v := 1; v <= n; v++ {
		s.AddClause(sat.Lit(v), -sat.Lit(v%n+1))
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if _, err := s.instance(context.Background()); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if per := (int64(after.HeapAlloc) - int64(before.HeapAlloc)) / n; per > 200 {
		t.Errorf("the instance holds %d bytes a variable", per)
	}
	if st, err := s.Solve(context.Background()); err != nil || st != sat.Sat {
		t.Fatalf("Solve: %v, %v", st, err)
	}
}
