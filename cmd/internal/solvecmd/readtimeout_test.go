package solvecmd

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
)

// endless is an input that never ends on its own: a header, then
// clauses (or OPB constraints) over and over, a chunk every millisecond,
// until quit, when it ends in the middle of a line (a parse error).
type endless struct {
	head, body string
	quit       time.Time
	n          int // 0 before the header, then 1 + the offset in body
}

func (r *endless) Read(p []byte) (int, error) {
	if time.Now().After(r.quit) {
		return copy(p, "1 2"), io.EOF
	}
	if r.n == 0 {
		r.n++
		return copy(p, r.head), nil
	}
	time.Sleep(time.Millisecond)
	k := 0
	for k < min(len(p), 4096) {
		c := copy(p[k:min(len(p), 4096)], r.body[r.n-1:])
		k += c
		r.n = (r.n-1+c)%len(r.body) + 1
	}
	return k, nil
}

// TestSolveTimeoutWhileReading gives solve an input that streams for 20 s
// and a --timeout of 300 ms: the deadline comes while the file is being
// read, and the answer is UNKNOWN, said so, exit 0 — not a read that goes
// on to the end of the input (where this one is a parse error, exit 1).
func TestSolveTimeoutWhileReading(t *testing.T) {
	for _, c := range []struct{ head, body string }{
		{"p cnf 3 1000000000\n", "1 -2 3 0\n-1 2 0\n"},
		{"* #variable= 3 #constraint= 1000000000\n", "+1 x1 +2 x2 >= 1 ;\n"},
		{"p wcnf 3 1000000000 10\n", "10 1 -2 0\n3 2 0\n"},
	} {
		in := &endless{head: c.head, body: c.body, quit: time.Now().Add(20 * time.Second)}
		var out, errb bytes.Buffer
		code := cli.Run(context.Background(), []*cli.Command{Command}, []string{"solve", "--timeout", "300ms", "-"}, in, &out, &errb)
		if code != 0 || !strings.Contains(out.String(), "s UNKNOWN\n") || !strings.Contains(out.String(), "c stopped while reading: <stdin>:") {
			t.Errorf("%s: exit %d\n%s%s", strings.Fields(c.head)[0], code, out.String(), errb.String())
		}
	}
	// The same with --json: the reason names the read.
	in := &endless{head: "p cnf 3 1000000000\n", body: "1 -2 3 0\n", quit: time.Now().Add(20 * time.Second)}
	var out, errb bytes.Buffer
	code := cli.Run(context.Background(), []*cli.Command{Command}, []string{"solve", "--json", "--timeout", "300ms", "-"}, in, &out, &errb)
	if code != 0 || !strings.Contains(out.String(), `"status": "UNKNOWN"`) || !strings.Contains(out.String(), "stopped while reading") {
		t.Errorf("--json: exit %d\n%s%s", code, out.String(), errb.String())
	}
}
