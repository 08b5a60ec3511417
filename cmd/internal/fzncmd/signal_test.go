//go:build unix

package fzncmd

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/satsolve/satsolve/cp/fzn"
)

// TestSignals runs this test binary as satsolve fzn on an optimisation
// whose first solution comes at once and whose proof does not, sends
// SIGINT or SIGTERM after the first solution, and checks that the
// process answers within a second, with the solution printed, no
// completion line and exit status 0.
func TestSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a process for a second or two")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := model(t, pigeons(14, true))
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command(self, "-i", p)
		cmd.Env = append(os.Environ(), asSatsolve+"=1")
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// -i prints the first solution as soon as it is found.
		deadline := time.Now().Add(20 * time.Second)
		for !strings.Contains(out.String(), fzn.SolutionEnd) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		start := time.Now()
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		if d := time.Since(start); d > 1500*time.Millisecond {
			t.Errorf("%v: answered %v after the signal", sig, d)
		}
		sols, tail := splitOutput(out.String())
		if err != nil || len(sols) != 1 || !strings.HasPrefix(sols[0], "top = 14;") || len(tail) != 0 {
			t.Errorf("%v: %v, output %q, stderr %q", sig, err, out.String(), errb.String())
		}
	}
}
