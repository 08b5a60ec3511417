package cli

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// armDelay is how long after its start a process of satsolve takes over
// SIGINT and SIGTERM.
//
// Taking them over (os/signal) costs about 0.25 ms of CPU: the runtime
// starts a thread locked to the signal mask and two goroutines, and hands
// off between threads twice per signal. On the corpus's tiny instances a
// whole run of satsolve solve takes about 2.7 ms, so that is a tenth of
// it, in the CPU ratio to minisat (benchmarks/results/startup.md). Before
// armDelay a signal ends the process as it ends any program that has not
// taken it, by the signal; nothing needs cleaning up by then, and what
// creates something a signal must not leave behind (a temporary file)
// calls HoldSignals first. Standard output is held back until the
// signals are taken or the command ends, and then written at once (see
// outWriter), so that a signal in that time never cuts an answer short:
// the process prints all of it or none.
const armDelay = 20 * time.Millisecond

// signalWatch cancels a command's context on SIGINT or SIGTERM once armed.
type signalWatch struct {
	cancel context.CancelCauseFunc
	timer  *time.Timer

	mu      sync.Mutex
	ch      chan os.Signal // not nil once armed
	stopped bool
	// onArm, when not nil, runs once the signals are taken (outside mu):
	// dispatch lets standard output go that it held back until then.
	onArm func()
}

// processWatch is the watch of the process's command line (Main,
// MainCommand); nil in-process (Run), where signals are the caller's.
var processWatch atomic.Pointer[signalWatch]

// watchSignals returns a context that SIGINT and SIGTERM cancel from
// armDelay after now (or from HoldSignals), and the watch, whose stop
// ends it and gives the signals back.
func watchSignals(parent context.Context) (context.Context, *signalWatch) {
	ctx, cancel := context.WithCancelCause(parent)
	w := &signalWatch{cancel: cancel}
	w.timer = time.AfterFunc(armDelay, w.arm)
	processWatch.Store(w)
	return ctx, w
}

// arm takes the signals over, once, unless the watch has stopped, and
// then runs onArm.
func (w *signalWatch) arm() {
	w.mu.Lock()
	if w.ch != nil || w.stopped {
		w.mu.Unlock()
		return
	}
	w.ch = make(chan os.Signal, 1)
	signal.Notify(w.ch, os.Interrupt, syscall.SIGTERM)
	go func(ch <-chan os.Signal) {
		if _, ok := <-ch; ok {
			w.cancel(interrupted)
		}
	}(w.ch)
	onArm := w.onArm
	w.mu.Unlock()
	if onArm != nil {
		onArm()
	}
}

// holdOutput makes o hold standard output back until the watch is armed
// (see outWriter), unless it is armed or stopped already.
func (w *signalWatch) holdOutput(o *outWriter) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.ch != nil || w.stopped {
		return
	}
	o.holding, o.take = true, w.arm
	w.onArm = o.release
}

// stop cancels the context and gives the signals back as the process
// was given them (ignored ones ignored again), as signal.NotifyContext's
// stop does.
func (w *signalWatch) stop() {
	w.timer.Stop()
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopped = true
	if w.ch != nil {
		signal.Stop(w.ch)
		close(w.ch)
	}
	w.cancel(nil)
}

// HoldSignals makes SIGINT and SIGTERM cancel the command's context from
// now on, if they do not yet (satsolve takes them over armDelay after it
// starts). Call it before creating anything a signal must not leave
// behind, such as a temporary file: the command's context then ends and
// the command removes it. In-process (Run) it does nothing.
func HoldSignals() {
	if w := processWatch.Load(); w != nil {
		w.arm()
	}
}
