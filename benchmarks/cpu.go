package benchmarks

import (
	"context"
	"syscall"
	"time"
)

// CPUTime returns the CPU time (user and system) of this process and of
// its waited-for children.
func CPUTime() time.Duration {
	var self, kids syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids)
	return time.Duration(self.Utime.Nano() + self.Stime.Nano() + kids.Utime.Nano() + kids.Stime.Nano())
}

// WithCPULimit returns a context that ends once this process (with its
// waited-for children) has used limit of CPU time since the call, polled
// every poll, or after WallGuard times limit of wall-clock time, or when
// parent ends. stop releases it and returns the CPU time used since the
// call. A child's CPU time counts only once the child has exited, so an
// external solver is stopped by the wall-clock guard instead.
func WithCPULimit(parent context.Context, limit, poll time.Duration) (ctx context.Context, stop func() time.Duration) {
	ctx, cancel := context.WithTimeout(parent, WallGuard*limit)
	c0 := CPUTime()
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(poll)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if CPUTime()-c0 > limit {
					cancel()
					return
				}
			}
		}
	}()
	return ctx, func() time.Duration {
		used := CPUTime() - c0
		close(done)
		cancel()
		return used
	}
}
