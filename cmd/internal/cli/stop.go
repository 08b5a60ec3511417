package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"
)

// Why a command stopped before the end of its work, in words a user
// reads, is decided here and nowhere else. The libraries stop when their
// context ends and return ctx.Err(), whose text is Go's ("context
// canceled", "context deadline exceeded"); the frame gives every
// command's context a cause, a *StopError (the signal watch for Ctrl-C and
// SIGTERM, WithTimeout for --timeout, which the frame applies itself, and
// for a command's own limits such as --puzzle-timeout), and Explain puts
// the cause's words in place of Go's wherever an error is printed. JSON
// reports carry the stable word (StopReason) beside the text.

// Stable words for why a command stopped (the "stopped" field of JSON
// reports).
const (
	// StopInterrupted: Ctrl-C or SIGTERM, or the caller's context ended.
	StopInterrupted = "interrupted"
	// StopTimeout: a time limit (--timeout, or a limit of each part of the
	// work) ran out.
	StopTimeout = "timeout"
)

// A StopError says why a command stopped before the end of its work. It
// matches the context error it stands for (errors.Is(err,
// context.DeadlineExceeded) holds for a time limit), so code that looks
// for those still finds them.
type StopError struct {
	// Reason is StopInterrupted or StopTimeout.
	Reason string
	// Flag and Limit name the time limit that ran out ("--timeout", 2s);
	// empty when it is not known.
	Flag  string
	Limit time.Duration
}

// Error says what happened in words: "interrupted", "time limit
// (--timeout 2s) reached".
func (e *StopError) Error() string {
	switch {
	case e.Reason == StopInterrupted:
		return "interrupted"
	case e.Flag == "":
		return "time limit reached"
	}
	return fmt.Sprintf("time limit (%s %v) reached", e.Flag, e.Limit)
}

// Is matches the context error e stands for.
func (e *StopError) Is(target error) bool {
	switch target {
	case context.Canceled:
		return e.Reason == StopInterrupted
	case context.DeadlineExceeded:
		return e.Reason == StopTimeout
	}
	return false
}

// interrupted is the cause the signal watch cancels with.
var interrupted = &StopError{Reason: StopInterrupted}

// WithTimeout returns ctx bounded by the time limit d that the flag flag
// gives ("--timeout", "--puzzle-timeout"); 0 is no limit. When the limit
// runs out, Stopped and Explain say so in words, naming the flag.
func WithTimeout(ctx context.Context, d time.Duration, flag string) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeoutCause(ctx, d, &StopError{Reason: StopTimeout, Flag: flag, Limit: d})
}

// Stopped returns why ctx ended, or nil while it has not.
func Stopped(ctx context.Context) *StopError {
	if ctx.Err() == nil {
		return nil
	}
	var se *StopError
	if errors.As(context.Cause(ctx), &se) {
		return se
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &StopError{Reason: StopTimeout}
	}
	return interrupted
}

// Explain returns err with Go's words for an ended context ("context
// canceled", "context deadline exceeded") replaced by why ctx stopped
// ("interrupted", "time limit (--timeout 2s) reached"); an error that does
// not come from an ended context is returned as it is, and so is nil. The
// error returned still wraps err and the *StopError (StopReason).
func Explain(ctx context.Context, err error) error {
	if err == nil || !isStop(err) {
		return err
	}
	var stop *StopError
	if errors.As(err, &stop) && strings.Contains(err.Error(), stop.Error()) {
		return err // explained already
	}
	stop = Stopped(ctx)
	if stop == nil || !errors.Is(err, stop.ctxErr()) {
		// The error is of another context than ctx (a part's own limit
		// that the caller did not give a cause): say what kind it is.
		stop = &StopError{Reason: StopInterrupted}
		if errors.Is(err, context.DeadlineExceeded) {
			stop.Reason = StopTimeout
		}
	}
	msg := err.Error()
	msg = strings.ReplaceAll(msg, context.DeadlineExceeded.Error(), stop.Error())
	msg = strings.ReplaceAll(msg, context.Canceled.Error(), stop.Error())
	return &explained{msg: msg, err: err, stop: stop}
}

// ctxErr returns the context error e stands for.
func (e *StopError) ctxErr() error {
	if e.Reason == StopTimeout {
		return context.DeadlineExceeded
	}
	return context.Canceled
}

// StopReason returns the stable word (StopInterrupted, StopTimeout) of an
// error that says why work stopped, or "" for any other error.
func StopReason(err error) string {
	var se *StopError
	switch {
	case errors.As(err, &se):
		return se.Reason
	case errors.Is(err, context.DeadlineExceeded):
		return StopTimeout
	case errors.Is(err, context.Canceled):
		return StopInterrupted
	}
	return ""
}

// isStop reports whether err comes from an ended context.
func isStop(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// explained is an error whose text says why the work stopped.
type explained struct {
	msg  string
	err  error
	stop *StopError
}

func (e *explained) Error() string   { return e.msg }
func (e *explained) Unwrap() []error { return []error{e.err, e.stop} }

// commandTimeout returns the command's --timeout, when it has one
// registered by TimeoutVar and set above 0.
func commandTimeout(fs *flag.FlagSet) time.Duration {
	f := fs.Lookup("timeout")
	if f == nil {
		return 0
	}
	if d, ok := f.Value.(*DurationValue); ok && d.p != nil {
		return *d.p
	}
	return 0
}
