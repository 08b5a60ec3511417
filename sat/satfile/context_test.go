package satfile

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestReadContext: a context that ends stops every format's reader with a
// *ParseError wrapping the context's error at the position reached (past
// the header of a long input); a live context changes nothing.
func TestReadContext(t *testing.T) {
	for _, c := range []struct{ head, body string }{
		{"p cnf 3 400000\n", "1 -2 3 0\n"},
		{"* #variable= 3 #constraint= 400000\n", "+1 x1 +2 x2 >= 1 ;\n"},
		{"p wcnf 3 400000 10\n", "10 1 -2 0\n"},
	} {
		in := c.head + strings.Repeat(c.body, 400000)
		p, err := Read(strings.NewReader(in), Options{File: "f", Context: context.Background()})
		if err != nil || p.Header.Constraints != 400000 {
			t.Fatalf("%s: live context: %v", c.head, err)
		}
		// Reads of 4,001 to 4,009 bytes: the context ends between two
		// tokens or within one, and either way the error is the context's.
		for k := 1; k <= 9; k++ {
			ctx, cancel := context.WithCancel(context.Background())
			n := 0
			r := readFunc(func(b []byte) (int, error) {
				if n > 1<<20 {
					cancel() // a megabyte in
				}
				m := copy(b[:min(len(b), 4000+k)], in[min(n, len(in)):])
				n += m
				return m, nil
			})
			_, err = Read(r, Options{File: "f", Context: ctx})
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, context.Canceled) || pe.File != "f" || pe.Line < 2 {
				t.Errorf("%s, reads of %d bytes: ended context: %v", c.head, 4000+k, err)
			}
		}
	}
}

// readFunc is an io.Reader from a function.
type readFunc func([]byte) (int, error)

func (f readFunc) Read(b []byte) (int, error) { return f(b) }
