package memlimit

import (
	"os"
	"strings"
	"testing"
)

// sink keeps allocations alive.
var sink []byte

// TestWithinLimit allocates well below the limit, in the child.
func TestWithinLimit(t *testing.T) {
	if !Run(t, 512<<20) {
		return
	}
	sink = make([]byte, 16<<20)
	sink[len(sink)-1] = 1
}

// TestBeyondLimit checks that the limit holds: a child that allocates
// beyond it dies, and the helper reports that as a failure.
func TestBeyondLimit(t *testing.T) {
	if os.Getenv("MEMLIMIT_SELFTEST") == "1" {
		if !Run(t, 256<<20) {
			return
		}
		sink = make([]byte, 1<<30)
		sink[len(sink)-1] = 1
		return
	}
	cmd := Command(t, 1<<30, os.Args[0], "-test.run=^TestBeyondLimit$", "-test.v")
	cmd.Env = append(os.Environ(), "MEMLIMIT_SELFTEST=1")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "--- FAIL: TestBeyondLimit") || !strings.Contains(string(out), "out of memory") {
		t.Fatalf("a child allocating 1 GiB under 256 MiB: err %v, output\n%s", err, out)
	}
}

// TestGoReserve checks that a Go program starts and allocates a little
// under Command with a small budget, and fails to allocate beyond it.
func TestGoReserve(t *testing.T) {
	if n := os.Getenv("MEMLIMIT_ALLOC"); n != "" {
		size := 8 << 20
		if n == "big" {
			size = 512 << 20
		}
		sink = make([]byte, size)
		sink[len(sink)-1] = 1
		return
	}
	for _, c := range []struct {
		alloc string
		ok    bool
	}{{"small", true}, {"big", false}} {
		cmd := Command(t, 128<<20, os.Args[0], "-test.run=^TestGoReserve$")
		cmd.Env = append(os.Environ(), "MEMLIMIT_ALLOC="+c.alloc)
		out, err := cmd.CombinedOutput()
		if (err == nil) != c.ok {
			t.Errorf("%s allocation under a 128 MiB budget: err %v, want ok=%v\n%s", c.alloc, err, c.ok, tail(out))
		}
	}
}
