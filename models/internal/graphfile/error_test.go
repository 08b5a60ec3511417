package graphfile

import (
	"errors"
	"fmt"
	"io"
	"testing"
)

func TestParseErrorFormat(t *testing.T) {
	cases := []struct {
		name string
		err  *ParseError
		want string
	}{
		{"everything", &ParseError{File: "g.txt", Line: 3, Column: 7, Err: errors.New("bad")}, "g.txt:3:7: bad"},
		{"no column", &ParseError{File: "g.txt", Line: 3, Err: errors.New("bad")}, "g.txt:3: bad"},
		{"file only", &ParseError{File: "g.txt", Err: errors.New("bad")}, "g.txt: bad"},
		{"no file", &ParseError{Line: 2, Column: 1, Err: errors.New("bad")}, ":2:1: bad"},
		{"nothing known", &ParseError{Err: errors.New("bad")}, "bad"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.err.Error(); got != c.want {
				t.Errorf("Error() = %q, want %q", got, c.want)
			}
		})
	}
}

func TestParseErrorUnwrap(t *testing.T) {
	err := error(&ParseError{File: "f", Line: 1, Err: fmt.Errorf("reading: %w", io.ErrUnexpectedEOF)})
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("errors.Is(%v, io.ErrUnexpectedEOF) = false", err)
	}
}

func TestInFile(t *testing.T) {
	positioned := &ParseError{Line: 4, Column: 2, Err: errors.New("bad")}
	cases := []struct {
		name string
		err  error
		want string // "" for a nil result
		same bool   // the result is positioned itself
	}{
		{"nil", nil, "", false},
		{"plain", errors.New("bad"), "g.txt: bad", false},
		{"positioned", positioned, "g.txt:4:2: bad", true},
		{"wrapped", fmt.Errorf("context: %w", positioned), "g.txt:4:2: bad", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			positioned.File = ""
			got := InFile("g.txt", c.err)
			if c.want == "" {
				if got != nil {
					t.Fatalf("InFile(nil) = %v, want nil", got)
				}
				return
			}
			pe, ok := got.(*ParseError)
			if !ok {
				t.Fatalf("InFile returned %T, want *ParseError", got)
			}
			if pe.Error() != c.want {
				t.Errorf("InFile = %q, want %q", pe.Error(), c.want)
			}
			if (pe == positioned) != c.same {
				t.Errorf("InFile returned the ParseError in the chain: %v, want %v", pe == positioned, c.same)
			}
			if !errors.Is(got, c.err) && !c.same {
				t.Errorf("InFile = %v does not wrap %v", got, c.err)
			}
		})
	}
}
