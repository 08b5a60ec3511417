package cli

import (
	"fmt"
	"io"
)

// Env is what an Action may use besides its arguments: the standard
// streams.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
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
