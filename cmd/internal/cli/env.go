package cli

import (
	"fmt"
	"io"
	"sync"
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
//
// In a process of satsolve whose signals are not yet taken (armDelay), it
// holds the output back instead of writing it, up to pipeBuf bytes: a
// signal then ends the process before anything of the answer is out, never
// in the middle of it. release writes what is held in one write, which a
// pipe takes whole; when more would be held, the signals are taken first
// (take), so that a signal from then on ends the command, not its output.
type outWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error

	holding bool
	held    []byte
	take    func() // takes the signals over, and then calls release
}

// pipeBuf is the longest write a pipe takes whole (POSIX PIPE_BUF on
// Linux): what outWriter holds back at most before it takes the signals.
const pipeBuf = 4096

func (o *outWriter) Write(p []byte) (int, error) {
	o.mu.Lock()
	if o.holding && len(o.held)+len(p) > pipeBuf {
		o.mu.Unlock()
		o.take()    // the signals are taken; releases what is held
		o.release() // in case the watch had stopped and took nothing
		o.mu.Lock()
	}
	defer o.mu.Unlock()
	if o.err != nil {
		return 0, o.err
	}
	if o.holding {
		o.held = append(o.held, p...)
		return len(p), nil
	}
	return o.write(p)
}

// release writes what is held, in one write, and holds nothing from now on.
func (o *outWriter) release() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.holding = false
	if len(o.held) > 0 && o.err == nil {
		o.write(o.held)
	}
	o.held = nil
}

// write writes p and keeps the first error; o.mu is held.
func (o *outWriter) write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}
