package cli

import (
	"fmt"
	"io"
)

// Env is what an Action may use besides its arguments: the standard
// streams and how to report on standard error.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Verbose is the command's -v: progress and statistics on standard
	// error even when it is not a terminal. The dispatcher sets it.
	Verbose bool
	// Terminal reports that standard error is a terminal, where progress
	// is drawn in place.
	Terminal bool
}

// Logf prints "satsolve: …" on standard error with -v, nothing otherwise.
func (e *Env) Logf(format string, args ...any) {
	if e.Verbose {
		e.Notef(format, args...)
	}
}

// Warnf prints "satsolve: warning: …" on standard error.
func (e *Env) Warnf(format string, args ...any) {
	fmt.Fprintf(e.Stderr, "satsolve: warning: "+format+"\n", args...)
}

// Notef prints "satsolve: …" on standard error: a note on what was done,
// never the result.
func (e *Env) Notef(format string, args ...any) {
	fmt.Fprintf(e.Stderr, "satsolve: "+format+"\n", args...)
}

// outWriter is standard output as commands see it: it keeps the first
// write error, so that a result lost on the way out (a full disk, a closed
// pipe) fails the command even when the command did not look.
type outWriter struct {
	w   io.Writer
	err error
}

func (o *outWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}
