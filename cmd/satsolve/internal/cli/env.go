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
