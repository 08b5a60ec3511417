package gophersat

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"

	"github.com/satsolve/satsolve/sat/internal/proc"
)

// exitGrace is how long a child that sent its final reply may take to
// exit before it is killed.
const exitGrace = 5 * time.Second

// runChild serves the request in a child process and forwards its replies
// to emit until the final one. When ctx ends first it kills the child and
// returns ctx.Err(). The child is always reaped before runChild returns.
func (s *Solver) runChild(ctx context.Context, req *request, emit func(reply)) error {
	if os.Getenv(childEnv) != "" {
		return ErrNested
	}
	exe := s.cfg.exe
	if exe == "" {
		var err error
		if exe, err = os.Executable(); err != nil {
			return fmt.Errorf("gophersat: locating the executable to re-run as a child: %w", err)
		}
	}
	// The child dies with this process, even by SIGKILL: the parent-death
	// signal comes when the starting thread exits, so this goroutine keeps
	// its thread until the child is reaped.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cmd := exec.Command(exe, s.cfg.args...)
	proc.DieWithParent(cmd)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return fmt.Errorf("gophersat: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("gophersat: %w", err)
	}
	var stderr head
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("gophersat: starting the child: %w", err)
	}
	go func() {
		// A write error means the child died or never read; the reading
		// side reports it.
		_ = writeRequest(bufio.NewWriter(stdin), req)
		_ = stdin.Close()
	}()

	c := &conversation{
		hello:   make(chan struct{}),
		replies: make(chan reply),
		done:    make(chan error, 1),
		stop:    make(chan struct{}),
	}
	go func() { c.done <- c.read(stdout) }()
	timer := time.NewTimer(s.cfg.handshake)
	defer timer.Stop()
	hello := c.hello
	for {
		select {
		case <-hello:
			hello = nil
			timer.Stop()
		case r := <-c.replies:
			emit(r)
		case err := <-c.done:
			c.ended = true
			if err == nil {
				reapGracefully(cmd)
				return nil
			}
			return c.abort(cmd, &stderr, err)
		case <-timer.C:
			select {
			case <-c.hello: // it arrived just in time
				hello = nil
				continue
			default:
			}
			return c.abort(cmd, &stderr, fmt.Errorf("%w (no answer within %v)", ErrNoHook, s.cfg.handshake))
		case <-ctx.Done():
			_ = c.abort(cmd, &stderr, nil)
			return ctx.Err()
		}
	}
}

// conversation is the parent's side of one child's output.
type conversation struct {
	hello   chan struct{} // closed once the handshake line was read
	replies chan reply
	done    chan error // the reader's end: nil after the final reply
	stop    chan struct{}
	ended   bool // the reader returned; done has been received
}

// read checks the handshake, then decodes replies and hands them over
// until the final one.
func (c *conversation) read(r io.Reader) error {
	br := bufio.NewReader(r)
	got := make([]byte, len(handshake))
	if n, err := io.ReadFull(br, got); err != nil || string(got) != handshake {
		return fmt.Errorf("%w (it wrote %q)", ErrNoHook, got[:n])
	}
	close(c.hello)
	for {
		rep, err := readReply(br)
		if errors.Is(err, errWire) {
			// What follows is no reply either (a child that crashed
			// after the handshake, say): read to its end, so that the
			// child finishes and its standard error, which the error
			// quotes, is complete before it is killed.
			_, _ = io.Copy(io.Discard, br)
		}
		if err != nil {
			return fmt.Errorf("gophersat: child ended without a final answer: %w", err)
		}
		select {
		case c.replies <- rep:
		case <-c.stop:
			return errors.New("gophersat: child abandoned")
		}
		if rep.Final {
			return nil
		}
	}
}

// abort kills the child, waits for the reader and the process, and
// returns cause with the child's exit status and the start of its
// standard error. A nil cause means the kill was requested (cancellation).
func (c *conversation) abort(cmd *exec.Cmd, stderr *head, cause error) error {
	_ = cmd.Process.Kill()
	close(c.stop)
	if !c.ended {
		<-c.done
	}
	werr := cmd.Wait()
	if cause == nil {
		return nil
	}
	msg := strings.TrimSpace(stderr.String())
	if msg == "" {
		return fmt.Errorf("%w [child: %v]", cause, werr)
	}
	return fmt.Errorf("%w [child: %v; stderr: %s]", cause, werr, msg)
}

// reapGracefully waits for a child that has answered to exit, killing it
// if it lingers.
func reapGracefully(cmd *exec.Cmd) {
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(exited)
	}()
	select {
	case <-exited:
	case <-time.After(exitGrace):
		_ = cmd.Process.Kill()
		<-exited
	}
}

// head keeps the first headSize bytes written to it: for a crashed Go
// child, the panic message and the top of its stack.
type head struct{ buf bytes.Buffer }

const headSize = 2048

func (h *head) Write(p []byte) (int, error) {
	if room := headSize - h.buf.Len(); room > 0 {
		h.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (h *head) String() string { return h.buf.String() }
