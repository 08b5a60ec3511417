package memlimit

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// envChild names, in the child's environment, the test it runs.
const envChild = "SATSOLVE_MEMLIMIT_TEST"

// GoReserve is the address space a Go 1.26 program maps before it
// allocates anything (the runtime reserves its page-allocator summaries and
// first arenas: about 1.2 GiB on linux/amd64). Command adds it to the
// budget; TestGoReserve checks that it suffices.
const GoReserve = 1280 << 20

// Run runs the calling test in a child process whose address space may
// grow by at most budget bytes beyond what it has mapped when the test
// starts. It returns true in the child, after setting the limit, and false
// in the parent, after the child has ended; the parent fails t with the
// child's output if the child failed.
func Run(t *testing.T, budget int64) bool {
	t.Helper()
	limit := budget
	if os.Getenv(envChild) == t.Name() {
		if err := setLimit(budget); err != nil {
			t.Fatalf("memlimit: %v", err)
		}
		return true
	}
	if !supported {
		t.Skip("memlimit: address-space limits need Linux")
	}
	parts := strings.Split(t.Name(), "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	cmd := exec.Command(os.Args[0], "-test.run="+strings.Join(parts, "/"), "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), envChild+"="+t.Name())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("under a %d MiB address-space limit: %v\n%s", limit>>20, err, tail(out))
	}
	if !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("under a %d MiB address-space limit the test did not run:\n%s", limit>>20, tail(out))
	}
	return false
}

// Command returns a command that runs the Go program name with args under
// an address-space limit of GoReserve + budget bytes, through the shell's
// ulimit -v. It skips t where that is not available.
func Command(t testing.TB, budget int64, name string, args ...string) *exec.Cmd {
	t.Helper()
	if !supported {
		t.Skip("memlimit: address-space limits need Linux")
	}
	sh := "ulimit -v " + strconv.FormatInt((GoReserve+budget)>>10, 10) + ` && exec "$0" "$@"`
	return exec.Command("/bin/sh", append([]string{"-c", sh, name}, args...)...)
}

// tail returns out, or its first and last KiBs when it is long (a Go
// program that runs out of memory says so first, then dumps its stacks).
func tail(out []byte) []byte {
	const head, keep = 1 << 10, 3 << 10
	if len(out) <= head+keep {
		return out
	}
	s := append([]byte(nil), out[:head]...)
	s = append(s, "\n…\n"...)
	return append(s, out[len(out)-keep:]...)
}
