package gini

import (
	"context"
	"time"

	"github.com/go-air/gini"
)

// Polling back-off of the controller: the first check comes after
// firstPoll, and the interval doubles up to maxPoll. Fast solves are seen
// within tens of microseconds; long ones cost one check per maxPoll.
const (
	firstPoll = 20 * time.Microsecond
	maxPoll   = 8 * time.Millisecond
)

// run solves g under its pending assumptions through one GoSolve handle.
// The calling goroutine is the handle's only user while it polls the
// non-blocking Test (gini's Wait holds the handle's lock while blocking, so
// a Stop from another goroutine would deadlock; Try would leave a deadline
// armed on g). It returns gini's result: 1, −1, or 0 with ctx.Err().
//
// When ctx ends first, run hands the handle to a stopper goroutine, its
// only user from then on, and returns at once: gini notices Stop only at
// its next propagation tick (every 20,000 propagations, tens of
// milliseconds on hard instances). The stopper delivers the search's last
// result on the returned channel; g must not be touched before it has.
func run(ctx context.Context, g *gini.Gini) (res int, stopping <-chan int, err error) {
	h := g.GoSolve()
	done := ctx.Done()
	if done == nil {
		return h.Wait(), nil, nil // nobody can cancel: no Stop, no deadlock
	}
	wait := firstPoll
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		if res, ok := h.Test(); ok {
			return res, nil, nil
		}
		select {
		case <-done:
			stopped := make(chan int, 1)
			go func() { stopped <- h.Stop() }()
			return 0, stopped, ctx.Err()
		case <-timer.C:
			wait = min(2*wait, maxPoll)
			timer.Reset(wait)
		}
	}
}
