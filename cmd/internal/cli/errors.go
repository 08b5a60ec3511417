package cli

import (
	"errors"
	"fmt"
)

// Exit statuses shared by every command.
const (
	// ExitError is the status of a failure: bad data, a failed write, an
	// answer that could not be checked.
	ExitError = 1
	// ExitUsage is the status of a mistake in the command line.
	ExitUsage = 2
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

// ExitError asks for an exit status without a message: the command has
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
	return Usagef("want %s, not %d arguments (%s)", what, len(args), quoteArgs(args))
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
