package gophersat

import (
	"strconv"
	"time"
)

// Mode says where gophersat runs.
type Mode int

const (
	// Child runs every Solve and Minimize in a child process: the current
	// executable, re-executed with a marker in its environment, which must
	// call ServeIfChild first thing in main. Cancellation kills the child,
	// and solvers in different goroutines run in parallel.
	Child Mode = iota
	// InProcess runs gophersat in this process, serialised behind one
	// process-wide lock. gophersat cannot be interrupted: a cancelled solve
	// returns promptly, but its search runs on in the background, holding
	// the lock, until it ends by itself.
	InProcess
)

// String returns "child" or "in-process".
func (m Mode) String() string {
	switch m {
	case Child:
		return "child"
	case InProcess:
		return "in-process"
	}
	return "Mode(" + strconv.Itoa(int(m)) + ")"
}

// defaultHandshake bounds the wait for a child's first words: a child that
// says nothing within it is taken to lack the ServeIfChild hook.
const defaultHandshake = 10 * time.Second

// config is what New's options set.
type config struct {
	mode Mode
	// exe and args are the child command; exe empty means os.Executable()
	// with no arguments. Tests point them elsewhere.
	exe  string
	args []string
	// handshake bounds the wait for the child's handshake line.
	handshake time.Duration
}

// Option configures New.
type Option func(*config)

// WithMode selects where gophersat runs; the default is Child.
func WithMode(m Mode) Option { return func(c *config) { c.mode = m } }
