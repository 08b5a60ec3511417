package gini_test

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// isolateEnv names the test a child test binary must run. A process where
// it is set is a child and never starts another one.
const isolateEnv = "SATSOLVE_GINI_ISOLATED_TEST"

// inChild reports whether this process is the child that runs t's body.
func inChild(t *testing.T) bool { return os.Getenv(isolateEnv) == t.Name() }

// runChild re-executes the test binary running exactly the test t, with
// inChild true, and returns the child's combined output and exit error. A
// body that ends the process (gini's log.Fatalf) then shows up as an error
// here instead of killing the whole test binary.
func runChild(t *testing.T) (string, error) {
	t.Helper()
	if name := os.Getenv(isolateEnv); name != "" {
		t.Fatalf("a child process for %s may not start another one for %s", name, t.Name())
	}
	parts := strings.Split(t.Name(), "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	cmd := exec.Command(os.Args[0], "-test.run="+strings.Join(parts, "/"), "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), isolateEnv+"="+t.Name())
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// isolated runs body in a child process and fails t unless the child ran
// it and passed.
func isolated(t *testing.T, body func(t *testing.T)) {
	t.Helper()
	if inChild(t) {
		body(t)
		return
	}
	out, err := runChild(t)
	if err != nil || !strings.Contains(out, "--- PASS: "+t.Name()) {
		t.Fatalf("isolated run failed (%v):\n%s", err, out)
	}
}
