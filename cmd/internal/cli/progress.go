package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Progress reports how far a long command has come, on standard error: a
// line redrawn in place when standard error is a terminal, a line every
// few seconds with -v when it is not (a log), and nothing otherwise, so
// that scripts and pipes see only the results. Add is safe from several
// goroutines.
type Progress struct {
	e     *Env
	what  string // "dobble max", "compare card"
	unit  string // "searches", "puzzles"
	total atomic.Int64
	done  atomic.Int64
	note  atomic.Pointer[string]
	start time.Time
	mode  progressMode
	stop  chan struct{}
	wg    sync.WaitGroup
}

type progressMode int

const (
	progressOff progressMode = iota
	progressTTY              // redraw one line
	progressLog              // a line every logEvery
)

// Redraw and log intervals.
const (
	drawEvery = 200 * time.Millisecond
	logEvery  = 5 * time.Second
)

// Progress starts reporting the advance of what, counted in unit, out of
// total (0 when the total is not known: a counter with a rate and no ETA;
// an empty unit: a heartbeat with the time so far). Call Done when the work
// ends.
func (e *Env) Progress(what, unit string, total int64) *Progress {
	p := &Progress{e: e, what: what, unit: unit, start: time.Now(), stop: make(chan struct{})}
	p.total.Store(total)
	switch {
	case e.Terminal:
		p.mode = progressTTY
	case e.Verbose:
		p.mode = progressLog
	}
	if p.mode == progressOff {
		return p
	}
	every := drawEvery
	if p.mode == progressLog {
		every = logEvery
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				p.print(false)
			}
		}
	}()
	return p
}

// Add counts n more units done.
func (p *Progress) Add(n int64) { p.done.Add(n) }

// SetTotal changes the total, when it becomes known or grows.
func (p *Progress) SetTotal(total int64) { p.total.Store(total) }

// Done stops the reports: a terminal line is erased (or, with -v, left as
// the final count); a log gets its final line.
func (p *Progress) Done() {
	if p.mode == progressOff {
		return
	}
	close(p.stop)
	p.wg.Wait()
	if p.mode == progressTTY && !p.e.Verbose {
		fmt.Fprint(p.e.Stderr, "\r\033[K")
		return
	}
	p.print(true)
}

// print writes the current line.
func (p *Progress) print(final bool) {
	line := p.Line(time.Since(p.start))
	switch {
	case p.mode == progressTTY && !final:
		fmt.Fprintf(p.e.Stderr, "\r\033[K%s", line)
	case p.mode == progressTTY:
		fmt.Fprintf(p.e.Stderr, "\r\033[K%s\n", line)
	default:
		fmt.Fprintln(p.e.Stderr, line)
	}
}

// Line returns the report after elapsed: "satsolve: dobble max: 37/120
// searches, 4.1/s, ETA 20s, 9s so far".
func (p *Progress) Line(elapsed time.Duration) string {
	done, total := p.done.Load(), p.total.Load()
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s: ", program, p.what)
	switch {
	case p.unit == "":
		// A heartbeat: the work has no count, only its time.
		b.WriteString("working")
	case total > 0:
		fmt.Fprintf(&b, "%d/%d %s", done, total, p.unit)
	default:
		fmt.Fprintf(&b, "%d %s", done, p.unit)
	}
	if n := p.note.Load(); n != nil {
		fmt.Fprintf(&b, " (%s)", *n)
	}
	secs := elapsed.Seconds()
	if secs > 0 && done > 0 && p.unit != "" {
		rate := float64(done) / secs
		fmt.Fprintf(&b, ", %s/s", shortFloat(rate))
		if total > done {
			eta := time.Duration(float64(total-done) / rate * float64(time.Second))
			fmt.Fprintf(&b, ", ETA %v", roundDuration(eta))
		}
	}
	fmt.Fprintf(&b, ", %v so far", roundDuration(elapsed))
	return b.String()
}

// shortFloat writes a rate with about three significant digits.
func shortFloat(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

// roundDuration rounds d for people: to the second above ten seconds, to
// the tenth below.
func roundDuration(d time.Duration) time.Duration {
	if d >= 10*time.Second {
		return d.Round(time.Second)
	}
	return d.Round(100 * time.Millisecond)
}

// isTerminal reports whether w is a terminal: a character device other
// than the null device (2>/dev/null is how a script or a benchmark
// harness discards standard error; taken for a terminal, it started the
// redraw goroutine and its ticker, a thread, on every run).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(st, null)
}

// lockedWriter serialises writes, so that progress lines and warnings
// from several goroutines do not interleave mid-line.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// Count returns the units done so far.
func (p *Progress) Count() int64 { return p.done.Load() }

// Note sets a short status shown after the count ("best deck 12 cards").
func (p *Progress) Note(s string) {
	p.note.Store(&s)
}
