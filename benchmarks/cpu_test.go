package benchmarks

import (
	"context"
	"testing"
	"time"
)

// TestWithCPULimit spins until the context ends. Ended by the CPU limit
// (Canceled), stop must report at least the limit; ended by the wall-clock
// guard (DeadlineExceeded, possible only on a very busy machine), at least
// WallGuard times the limit must have passed.
func TestWithCPULimit(t *testing.T) {
	const limit = 50 * time.Millisecond
	ctx, stop := WithCPULimit(context.Background(), limit, time.Millisecond)
	start := time.Now()
	for ctx.Err() == nil && time.Since(start) < 10*time.Second {
	}
	used, took := stop(), time.Since(start)
	switch ctx.Err() {
	case context.Canceled:
		if used < limit {
			t.Errorf("stop reports %v of CPU, below the %v limit that ended the context", used, limit)
		}
	case context.DeadlineExceeded:
		if took < WallGuard*limit {
			t.Errorf("the wall-clock guard fired after %v, before %v", took, WallGuard*limit)
		}
	default:
		t.Fatal("the context did not end")
	}
}
