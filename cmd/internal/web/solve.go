package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Acquire takes one solver slot, waiting at most QueueWait. The release
// function gives it back. The error is a 503 when no slot freed in time,
// or the request's own end.
func (s *Server) Acquire(ctx context.Context) (release func(), err error) {
	select {
	case s.slots <- struct{}{}:
		return func() { <-s.slots }, nil
	default:
	}
	t := time.NewTimer(s.opts.QueueWait)
	defer t.Stop()
	select {
	case s.slots <- struct{}{}:
		return func() { <-s.slots }, nil
	case <-t.C:
		return nil, &Error{Status: http.StatusServiceUnavailable, RetryAfter: time.Second,
			Msg: fmt.Sprintf("server busy: %d solves running (at most %d at once, --max-jobs); try again", s.opts.MaxJobs, s.opts.MaxJobs)}
	case <-ctx.Done():
		return nil, &Error{Status: http.StatusServiceUnavailable, Msg: "the request ended while waiting for a solver (the client went away, or the server is stopping)"}
	}
}

// SolveContext returns the context of one solve: the request's, cut at
// the solve timeout.
func (s *Server) SolveContext(r *http.Request) (context.Context, context.CancelFunc) {
	return context.WithTimeout(r.Context(), s.opts.SolveTimeout)
}

// DeadlineHit reports whether ctx ended by its deadline.
func DeadlineHit(ctx context.Context) bool {
	return errors.Is(ctx.Err(), context.DeadlineExceeded)
}

// timedOut is the error of a solve that the deadline ended before it had
// anything to say.
func (s *Server) timedOut(what string) error {
	return &Error{Status: http.StatusServiceUnavailable, TimedOut: true,
		Msg: fmt.Sprintf("timed out: %s did not finish within %v (the server's --solve-timeout)", what, s.opts.SolveTimeout)}
}

// Interrupted maps the end of a solve's context to the answer: a timeout
// (deadline), the client gone (cancelled), or nil when ctx is still live.
func (s *Server) Interrupted(ctx context.Context, what string) error {
	switch {
	case DeadlineHit(ctx):
		return s.timedOut(what)
	case ctx.Err() != nil:
		return &Error{Status: http.StatusServiceUnavailable, Msg: what + " was cancelled (the client went away, or the server is stopping)"}
	}
	return nil
}
