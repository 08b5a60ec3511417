package graphfile

import (
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/graph/encoding/dot"
	fdot "gonum.org/v1/gonum/graph/formats/dot"
	"gonum.org/v1/gonum/graph/simple"
)

// TestDOTErrorParser translates real errors of gonum's DOT parser; the
// expected position is that of the offending token in the input.
func TestDOTErrorParser(t *testing.T) {
	cases := []struct {
		name      string
		src       string
		line, col int
		msg       string
	}{
		{"edge without end", "graph {\n  a -- b;\n  b --\n}\n", 4, 1, `got: "}"`},
		{"edge without end, one line", "graph { a -- }", 1, 14, `got: "}"`},
		{"not a graph keyword", "\n\n   a -- b\n", 3, 4, `got: "a"`},
		{"unterminated", "graph {\n  a -- b;\n", 3, 1, "end-of-file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, perr := fdot.ParseString(c.src)
			if perr == nil {
				t.Fatalf("gonum parsed %q", c.src)
			}
			err := DOTError(perr)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("DOTError = %T, want *ParseError", err)
			}
			if pe.Line != c.line || pe.Column != c.col {
				t.Errorf("position %d:%d, want %d:%d (gonum said %q)", pe.Line, pe.Column, c.line, c.col, perr)
			}
			msg := pe.Err.Error()
			if !strings.Contains(msg, c.msg) || strings.HasPrefix(msg, "error:") || strings.ContainsAny(msg[:1], "0123456789") {
				t.Errorf("message %q: want it to mention %q without the position prefix", msg, c.msg)
			}
		})
	}
}

// TestDOTErrorDecoder keeps an error without a position as it is.
func TestDOTErrorDecoder(t *testing.T) {
	derr := dot.Unmarshal([]byte("graph { a -> b }"), simple.NewUndirectedGraph())
	if derr == nil {
		t.Fatal("gonum decoded a directed edge into an undirected graph")
	}
	err := DOTError(derr)
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 0 || pe.Column != 0 || pe.Err != derr {
		t.Errorf("DOTError(%v) = %#v, want a *ParseError without position wrapping it", derr, err)
	}
}

func TestDOTErrorMessages(t *testing.T) {
	cases := []struct {
		name      string
		in        string
		line, col int
		msg       string
	}{
		{"with error:", "3:8: error: bad token", 3, 8, "bad token"},
		{"without error:", "12:1: bad token", 12, 1, "bad token"},
		{"no prefix", "undirected graph contains directed edge", 0, 0, "undirected graph contains directed edge"},
		{"not at the start", "x 3:8: bad", 0, 0, "x 3:8: bad"},
		{"overflow", "99999999999999999999:1: bad", 0, 0, "99999999999999999999:1: bad"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pe, ok := DOTError(errors.New(c.in)).(*ParseError)
			if !ok || pe.Line != c.line || pe.Column != c.col || pe.Err.Error() != c.msg {
				t.Errorf("DOTError(%q) = %#v, want %d:%d %q", c.in, pe, c.line, c.col, c.msg)
			}
		})
	}
	if err := DOTError(nil); err != nil {
		t.Errorf("DOTError(nil) = %v, want nil", err)
	}
}
