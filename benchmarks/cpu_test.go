package benchmarks

import (
	"context"
	"testing"
	"time"
)

// TestWithCPULimit spins until the context ends: it must end by the CPU
// limit (long before the wall-clock guard, since spinning uses CPU at the
// wall-clock rate), and stop must report at least the limit.
func TestWithCPULimit(t *testing.T) {
	const limit = 50 * time.Millisecond
	ctx, stop := WithCPULimit(context.Background(), limit, time.Millisecond)
	start := time.Now()
	for ctx.Err() == nil && time.Since(start) < 10*time.Second {
	}
	used := stop()
	if ctx.Err() == nil {
		t.Fatal("the context did not end")
	}
	if used < limit {
		t.Errorf("stop reports %v of CPU, below the %v limit that ended the context", used, limit)
	}
}
