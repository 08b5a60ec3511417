package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// countingWriter records every Write it is given.
type countingWriter struct {
	writes [][]byte
	err    error
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.writes = append(c.writes, append([]byte(nil), p...))
	if c.err != nil {
		return 0, c.err
	}
	return len(p), nil
}

// TestOutWriterHolds: while holding, output is kept and released in one
// write; output beyond pipeBuf takes the signals first; nothing is lost
// or reordered; a write error is kept.
func TestOutWriterHolds(t *testing.T) {
	var cw countingWriter
	o := &outWriter{w: &cw}
	taken := 0
	o.holding, o.take = true, func() { taken++; o.release() }
	for i := 0; i < 10; i++ {
		fmt.Fprintf(o, "v %d 0\n", i)
	}
	if len(cw.writes) != 0 || taken != 0 {
		t.Fatalf("held output was written (%d writes, taken %d)", len(cw.writes), taken)
	}
	o.release()
	if len(cw.writes) != 1 || !strings.HasPrefix(string(cw.writes[0]), "v 0 0\nv 1 0\n") || strings.Count(string(cw.writes[0]), "\n") != 10 {
		t.Fatalf("release wrote %q, want the ten lines in one write", cw.writes)
	}
	fmt.Fprintln(o, "after")
	if len(cw.writes) != 2 {
		t.Fatalf("after release a write was held")
	}

	// More than pipeBuf: the signals are taken before anything is out.
	cw = countingWriter{}
	o = &outWriter{w: &cw}
	o.holding, o.take = true, func() {
		taken++
		if len(cw.writes) != 0 {
			t.Errorf("output was written before the signals were taken")
		}
		o.release()
	}
	taken = 0
	line := strings.Repeat("x", 99) + "\n"
	var want bytes.Buffer
	for i := 0; i < 3*pipeBuf/len(line); i++ {
		o.Write([]byte(line))
		want.WriteString(line)
	}
	o.release()
	if taken != 1 {
		t.Errorf("signals taken %d times, want once", taken)
	}
	if got := bytes.Join(cw.writes, nil); !bytes.Equal(got, want.Bytes()) {
		t.Errorf("output differs from what was written (%d vs %d bytes)", len(got), want.Len())
	}

	// A write error on release is kept.
	cw = countingWriter{err: errors.New("disk full")}
	o = &outWriter{w: &cw, holding: true, take: func() {}}
	fmt.Fprintln(o, "s SATISFIABLE")
	o.release()
	if o.err == nil {
		t.Errorf("the error of the released write was lost")
	}
}

// outputHelper, set in the environment, makes TestOutputHelper run a
// command through dispatch with the process's signal watch: it prints an
// answer of the given number of lines and sends itself SIGTERM before the
// watch is armed.
const outputHelper = "SATSOLVE_CLI_OUTPUT_HELPER"

func TestOutputHelper(t *testing.T) {
	lines := os.Getenv(outputHelper)
	if lines == "" {
		return // a helper only
	}
	var n int
	fmt.Sscan(lines, &n)
	cmd := &Command{Name: "answer", Summary: "prints an answer", Flags: func(*flag.FlagSet) Action {
		return func(ctx context.Context, e *Env, _ []string) error {
			fmt.Fprintln(e.Stdout, "s SATISFIABLE")
			for i := 1; i <= n; i++ {
				fmt.Fprintf(e.Stdout, "v %d 0\n", i)
			}
			syscall.Kill(os.Getpid(), syscall.SIGTERM)
			<-ctx.Done() // the signal ends the process or the command
			return nil
		}
	}}
	ctx, w := watchSignals(context.Background())
	os.Exit(dispatch(ctx, []*Command{cmd}, []string{"answer"}, os.Stdin, os.Stdout, os.Stderr, nil, w))
}

// TestSignalNeverCutsAnswer: a SIGTERM before the signals are taken ends
// the process with none of a short answer out (it was held back); a long
// answer takes the signals first, so the command ends, and the answer is
// out whole.
func TestSignalNeverCutsAnswer(t *testing.T) {
	for _, n := range []int{3, 2000} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestOutputHelper$")
		cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%d", outputHelper, n))
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		err := cmd.Run()
		var exit *exec.ExitError
		killed := errors.As(err, &exit) && exit.Sys().(syscall.WaitStatus).Signal() == syscall.SIGTERM
		out := stdout.String()
		switch {
		case n == 3 && (!killed || out != ""):
			t.Errorf("short answer: killed %v (%v), output %q; want ended by SIGTERM with nothing out", killed, err, out)
		case n == 2000 && (killed || !strings.HasPrefix(out, "s SATISFIABLE\n") || !strings.HasSuffix(out, "v 2000 0\n")):
			t.Errorf("long answer: killed %v (%v), %d bytes out; want the whole answer and the command ended", killed, err, len(out))
		}
	}
}
