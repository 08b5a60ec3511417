package cli

import (
	"errors"
	"fmt"

	"github.com/satsolve/satsolve/internal/english"
)

// Exit statuses shared by every command: the policy docs/cli.md writes
// down ("Exit statuses") and TestExitStatuses in cmd/satsolve holds every
// command to.
const (
	// ExitError is the status of a failure: bad data, a failed write, an
	// answer that could not be checked, a check that fails (a proof, a
	// deck, a foreign model), or work stopped before its answer
	// (--timeout, Ctrl-C).
	ExitError = 1
	// ExitUsage is the status of a mistake in the command line: an unknown
	// command or flag, a bad or missing flag value, a wrong number of
	// arguments, an argument that is not what the command takes (a heap
	// of -4 tokens).
	ExitUsage = 2
	// ExitNo is the status of a proved "no": the command answered, and
	// the answer is that what it was asked for does not exist (a
	// nonogram without solution, a deck proved impossible, an unwinnable
	// game). It is the SAT competition's UNSATISFIABLE, which solve
	// exits with too.
	ExitNo = 20
)

// UsageError is a mistake in the command line: it is reported on one line
// and the command exits with status 2.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// Usagef returns a UsageError.
func Usagef(format string, args ...any) error {
	return &UsageError{fmt.Sprintf(format, args...)}
}

// IsUsage reports whether err is (or wraps) a UsageError.
func IsUsage(err error) bool {
	var u *UsageError
	return errors.As(err, &u)
}

// exitStatus asks for an exit status without a message: the command has
// already said everything on its output.
type exitStatus struct{ code int }

func (e *exitStatus) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// Exit returns the error that makes the command exit with code and print
// nothing more; Exit(0) is nil.
func Exit(code int) error {
	if code == 0 {
		return nil
	}
	return &exitStatus{code}
}

// WantArgs returns a usage error unless args has exactly n elements; what
// names them for the message ("one FILE", "CODE and N").
func WantArgs(args []string, n int, what string) error {
	if len(args) == n {
		return nil
	}
	if len(args) == 0 {
		return Usagef("want %s", what)
	}
	return Usagef("want %s, not %s (%s)", what, english.Count(len(args), "argument"), quoteArgs(args))
}

func quoteArgs(args []string) string {
	s := ""
	for i, a := range args {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%q", a)
	}
	return s
}
