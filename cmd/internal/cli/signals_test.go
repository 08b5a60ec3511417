package cli

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// signalHelper, set in the environment, makes TestSignalHelper play one
// scene of signalScenes in a process of its own and exit 0 when the
// command's context ended, 3 when it did not.
const signalHelper = "SATSOLVE_CLI_SIGNAL_HELPER"

// signalScenes are what a process does with its signal watch before it
// sends itself SIGTERM.
var signalScenes = map[string]func(w *signalWatch){
	// HoldSignals takes the signals over at once.
	"hold": func(*signalWatch) { HoldSignals() },
	// The watch takes them over armDelay after the start by itself.
	"timer": func(*signalWatch) { time.Sleep(5 * armDelay) },
	// Before armDelay the signal is not taken: it ends the process.
	"early": func(*signalWatch) {},
	// WriteFile holds them before it creates its temporary file.
	"file": func(*signalWatch) {
		dir, err := os.MkdirTemp("", "signals")
		if err == nil {
			defer os.RemoveAll(dir)
			WriteFile(filepath.Join(dir, "out"), func(io.Writer) error { return nil })
		}
	},
	// stop gives the signals back: the process ends by the signal.
	"stopped": func(w *signalWatch) { HoldSignals(); w.stop() },
}

func TestSignalHelper(t *testing.T) {
	scene := os.Getenv(signalHelper)
	if scene == "" {
		return // a helper only
	}
	ctx, w := watchSignals(context.Background())
	signalScenes[scene](w)
	syscall.Kill(os.Getpid(), syscall.SIGTERM)
	select {
	case <-ctx.Done():
		if scene == "stopped" {
			time.Sleep(time.Second) // the signal is on its way
			os.Exit(3)
		}
		if Stopped(ctx) != interrupted {
			os.Exit(4) // the signal must read as "interrupted"
		}
		os.Exit(0)
	case <-time.After(5 * time.Second):
		os.Exit(3)
	}
}

// TestSignalsTakenLazily runs each scene in a process of its own: SIGTERM
// cancels the command's context once the watch is armed (HoldSignals, or
// armDelay after the start), and ends the process by the signal before
// then and after stop.
func TestSignalsTakenLazily(t *testing.T) {
	want := map[string]bool{"hold": true, "timer": true, "file": true, "early": false, "stopped": false} // the context ended
	for scene, cancels := range want {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSignalHelper$")
		cmd.Env = append(os.Environ(), signalHelper+"="+scene)
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		switch {
		case cancels && err != nil:
			t.Errorf("%s: SIGTERM did not end the command's context: %v\n%s", scene, err, out)
		case !cancels && !errors.As(err, &exit):
			t.Errorf("%s: the process was not ended by SIGTERM: %v\n%s", scene, err, out)
		case !cancels && exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGTERM:
			t.Errorf("%s: the process ended by %v, want SIGTERM\n%s", scene, err, out)
		}
	}
}
