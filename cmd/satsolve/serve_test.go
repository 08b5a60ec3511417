package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
	"github.com/satsolve/satsolve/cmd/internal/servecmd"
)

// TestServeStub keeps the stub's summary and synopsis servecmd's: the
// help lists serve as satsolve-serve describes itself.
func TestServeStub(t *testing.T) {
	if !strings.HasPrefix(serve.Summary, servecmd.Command.Summary+" (") || serve.Args != servecmd.Command.Args || serve.Name != servecmd.Command.Name {
		t.Errorf("the serve stub says %q %q %q, servecmd %q %q %q", serve.Name, serve.Args, serve.Summary, servecmd.Command.Name, servecmd.Command.Args, servecmd.Command.Summary)
	}
	if !strings.Contains(serve.Install, "go install github.com/satsolve/satsolve/cmd/satsolve-serve@latest") {
		t.Errorf("serve.Install = %q: it must name the go install command", serve.Install)
	}
}

// fakeServe is a stand-in for satsolve-serve: it prints its process id
// and arguments, echoes its standard input, writes on standard error and
// exits with status 7. It uses only shell built-ins (PATH may be empty).
const fakeServe = `#!/bin/sh
echo "pid $$"
echo "args $*"
while read -r line; do echo "in $line"; done
echo "to stderr" >&2
exit 7
`

// writeFake writes fakeServe as dir/satsolve-serve.
func writeFake(t *testing.T, dir string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "satsolve-serve"), []byte(fakeServe), 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestServeReplacesTheProcess runs a copy of this test binary as satsolve
// (satsolve serve …) with a fake satsolve-serve beside it and none on PATH:
// satsolve-serve is found beside satsolve, gets the arguments unparsed and
// the standard streams, runs as the same process (so SIGINT and SIGTERM
// reach it) and its exit status is satsolve's.
func TestServeReplacesTheProcess(t *testing.T) {
	dir := t.TempDir()
	self, err := os.Open(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	defer self.Close()
	exe := filepath.Join(dir, "satsolve")
	copyTo, err := os.OpenFile(exe, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(copyTo, self); err != nil {
		t.Fatal(err)
	}
	if err := copyTo.Close(); err != nil {
		t.Fatal(err)
	}
	writeFake(t, dir)
	cmd := exec.Command(exe, "serve", "--addr", "127.0.0.1:0", "-h", "x y")
	cmd.Env = append(os.Environ(), asOwnBinary+"=1", "PATH="+t.TempDir())
	cmd.Stdin = strings.NewReader("one\ntwo\n")
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 7 {
		t.Fatalf("satsolve serve: %v, want exit status 7; stderr %q", err, stderr.String())
	}
	want := fmt.Sprintf("pid %d\nargs --addr 127.0.0.1:0 -h x y\nin one\nin two\n", cmd.Process.Pid)
	if stdout.String() != want || stderr.String() != "to stderr\n" {
		t.Errorf("satsolve serve: stdout %q, stderr %q; want stdout %q, stderr \"to stderr\\n\"", stdout.String(), stderr.String(), want)
	}
}

// TestServeRunsFromPath runs satsolve serve in-process (cli.Run, which
// runs the program as a child) with a fake satsolve-serve found on PATH.
func TestServeRunsFromPath(t *testing.T) {
	dir := t.TempDir()
	writeFake(t, dir)
	t.Setenv("PATH", dir)
	code, stdout, stderr := clitest.Run(t, commands, "line\n", "serve", "--for", "1s")
	if code != 7 || !strings.Contains(stdout, "args --for 1s\nin line\n") || stderr != "to stderr\n" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 7, the arguments and the input echoed", code, stdout, stderr)
	}
}

// TestServeMissing: without satsolve-serve (not beside this test binary,
// not on PATH), satsolve serve and satsolve help serve say on one line
// how to install it and exit with status 2.
func TestServeMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	for _, args := range [][]string{{"serve"}, {"serve", "--addr", ":0"}, {"help", "serve"}} {
		code, stdout, stderr := clitest.Run(t, commands, "", args...)
		if code != cli.ExitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 ||
			!strings.HasPrefix(stderr, "satsolve serve: satsolve-serve is neither beside this program") ||
			!strings.Contains(stderr, "go install github.com/satsolve/satsolve/cmd/satsolve-serve@latest") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and one line naming the install command", args, code, stdout, stderr)
		}
	}
}
