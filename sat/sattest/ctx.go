package sattest

import (
	"context"
	"sync"
)

// CountdownContext is a context that ends after Err has been asked a
// number of times: a deterministic way to end a Solve in the middle of a
// phase that should watch its context (building an instance, loading
// clauses), where a timer would make the test depend on the machine's
// speed. Done's channel is closed once Err has reported the end.
type CountdownContext struct {
	context.Context
	mu   sync.Mutex
	left int
	done chan struct{}
	// Asked counts the calls of Err.
	Asked int
}

// Countdown returns a context whose Err is nil for the first n calls and
// context.Canceled from then on.
func Countdown(n int) *CountdownContext {
	return &CountdownContext{Context: context.Background(), left: n, done: make(chan struct{})}
}

// Done returns a channel closed once Err has reported the end.
func (c *CountdownContext) Done() <-chan struct{} { return c.done }

// Err returns nil for the first n calls, then context.Canceled.
func (c *CountdownContext) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.Asked++
	if c.left > 0 {
		c.left--
		return nil
	}
	select {
	case <-c.done:
	default:
		close(c.done)
	}
	return context.Canceled
}
