package proof

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/satsolve/satsolve/sat"
)

func TestDRATReaderText(t *testing.T) {
	in := "c comment\n1 -2 0\n\nd 1\n -2 0 c trailing comment\n  3 0\t-4 5 0\n0\n"
	want := []Step{
		{Lits: []sat.Lit{1, -2}, Pos: Pos{Line: 2}},
		{Delete: true, Lits: []sat.Lit{1, -2}, Pos: Pos{Line: 4}},
		{Lits: []sat.Lit{3}, Pos: Pos{Line: 6}},
		{Lits: []sat.Lit{-4, 5}, Pos: Pos{Line: 6}},
		{Lits: []sat.Lit{}, Pos: Pos{Line: 7}},
	}
	// One byte at a time, so that every token crosses a buffer boundary.
	rd := NewDRATReader(iotest.OneByteReader(strings.NewReader(in)), "p")
	for i, w := range want {
		st, err := rd.Next()
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if st.Delete != w.Delete || !slices.Equal(st.Lits, w.Lits) || st.Pos != w.Pos {
			t.Errorf("step %d: %+v, want %+v", i, *st, w)
		}
	}
	if _, err := rd.Next(); err != io.EOF {
		t.Errorf("after the last step: %v", err)
	}
	if rd.Binary() {
		t.Error("text proof read as binary")
	}
}

func TestDRATReaderBinary(t *testing.T) {
	// The example of drat-trim's README: d -63 -8193 0, then 129 -8191 0.
	in := []byte{0x64, 0x7f, 0x83, 0x80, 0x01, 0x00, 0x61, 0x82, 0x02, 0xff, 0x7f, 0x00}
	rd := NewDRATReader(bytes.NewReader(in), "p")
	st, err := rd.Next()
	if err != nil || !st.Delete || !slices.Equal(st.Lits, []sat.Lit{-63, -8193}) || st.Pos.Offset != 0 {
		t.Fatalf("first step %+v, %v", st, err)
	}
	st, err = rd.Next()
	if err != nil || st.Delete || !slices.Equal(st.Lits, []sat.Lit{129, -8191}) || st.Pos.Offset != 6 {
		t.Fatalf("second step %+v, %v", st, err)
	}
	if _, err := rd.Next(); err != io.EOF {
		t.Errorf("after the last step: %v", err)
	}
	if !rd.Binary() {
		t.Error("binary proof read as text")
	}
	// The largest variable.
	var b bytes.Buffer
	w := NewBinaryDRATWriter(&b)
	w.Derived(0, []sat.Lit{-sat.Lit(maxVar), sat.Lit(maxVar)}, nil)
	w.Flush()
	st, err = NewDRATReader(&b, "p").Next()
	if err != nil || !slices.Equal(st.Lits, []sat.Lit{-sat.Lit(maxVar), sat.Lit(maxVar)}) {
		t.Errorf("largest variable: %+v, %v", st, err)
	}
}

// Malformed proofs, each with the position and message of its error.
var badDRAT = []struct {
	name, in string
	pos      string // "LINE" or "byte N"
	msg      string
}{
	{"letter in a clause", "1 2 0\n1 x 0\n", "2", `expected a literal or 0, found "x"`},
	{"letter after digits", "1 2a 0\n", "1", `found "2a"`},
	{"unterminated", "1 2 0\n\n3 4\n", "3", "clause not terminated by 0"},
	{"unterminated deletion", "d", "1", "clause not terminated by 0"},
	{"d without blank", "d1 0\n", "1", "'d' must be followed by a blank"},
	{"variable too large", "1 2147483648 0\n", "1", "literal out of range"},
	{"huge number", "99999999999999999999999 0\n", "1", "literal out of range"},
	{"minus zero", "1 -0 0\n", "1", `found "-0"`},
	{"lone minus", "1 - 0\n", "1", `found "-"`},
	{"comment inside a clause", "1\nc x\n0\n", "2", `found "c"`},
	{"binary: bad step byte", "a\x02\x00x\x02\x00", "byte 3", "binary step starts with byte 0x78"},
	{"binary: truncated", "a\x02\x00a\x04\x86", "byte 3", "not terminated by a zero byte"},
	{"binary: minus zero", "a\x02\x01\x00", "byte 2", "invalid literal code 1"},
	{"binary: overlong", "a\x80\x80\x80\x80\x10\x00", "byte 1", "literal out of range"},
}

func TestDRATReaderErrors(t *testing.T) {
	for _, tc := range badDRAT {
		t.Run(tc.name, func(t *testing.T) {
			rd := NewDRATReader(strings.NewReader(tc.in), "bad.drat")
			var err error
			for err == nil {
				_, err = rd.Next()
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want a ParseError", err)
			}
			if pe.Pos.String() != tc.pos || !strings.Contains(pe.Msg, tc.msg) {
				t.Errorf("%v; want position %s and %q", err, tc.pos, tc.msg)
			}
			if !strings.HasPrefix(err.Error(), "bad.drat:") {
				t.Errorf("message %q does not name the file", err)
			}
		})
	}
}

func TestLRATReader(t *testing.T) {
	in := "c comment\n9 -1 0 -1 5 7 -6 7 2 0\n9 d 2 5\n 7 0\n10 0 9 10 0\n"
	rd := NewLRATReader(iotest.OneByteReader(strings.NewReader(in)), "p")
	st, err := rd.Next()
	if err != nil || st.ID != 9 || st.Delete || !slices.Equal(st.Lits, []sat.Lit{-1}) ||
		!slices.Equal(st.Hints, []int64{-1, 5, 7, -6, 7, 2}) || st.Pos.Line != 2 {
		t.Fatalf("addition %+v, %v", st, err)
	}
	st, err = rd.Next()
	if err != nil || !st.Delete || !slices.Equal(st.IDs, []uint64{2, 5, 7}) || st.Pos.Line != 3 {
		t.Fatalf("deletion %+v, %v", st, err)
	}
	st, err = rd.Next()
	if err != nil || len(st.Lits) != 0 || !slices.Equal(st.Hints, []int64{9, 10}) {
		t.Fatalf("empty clause %+v, %v", st, err)
	}
	if _, err := rd.Next(); err != io.EOF {
		t.Errorf("after the last step: %v", err)
	}
}

var badLRAT = []struct {
	name, in string
	line     string
	msg      string
}{
	{"zero id", "0 1 0 0\n", "1", "clause id 0 is not positive"},
	{"negative id", "-3 1 0 0\n", "1", "clause id -3 is not positive"},
	{"no hints terminator", "5 1 2 0 3 4\n", "1", "step not terminated"},
	{"no literal terminator", "5 1 2", "1", "step not terminated"},
	{"letter", "5 1 0 2 0\n6 x 0 0\n", "2", `expected a literal or 0, found "x"`},
	{"deletion of a letter", "5 d 1 y 0\n", "1", `expected a clause id or 0, found "y"`},
	{"negative deletion", "5 d 1 -2 0\n", "1", "deleted clause id -2 is not positive"},
	{"variable too large", "5 3000000000 0 0\n", "1", "number out of range (expected a literal or 0)"},
	{"id too large", "99999999999999999999 0 0\n", "1", "number out of range"},
	{"binary LRAT", "a\x02\x04\x00", "1", "binary LRAT is not supported"},
}

func TestLRATReaderErrors(t *testing.T) {
	for _, tc := range badLRAT {
		t.Run(tc.name, func(t *testing.T) {
			rd := NewLRATReader(strings.NewReader(tc.in), "bad.lrat")
			var err error
			for err == nil {
				_, err = rd.Next()
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want a ParseError", err)
			}
			if pe.Pos.String() != tc.line || !strings.Contains(pe.Msg, tc.msg) {
				t.Errorf("%v; want line %s and %q", err, tc.line, tc.msg)
			}
		})
	}
}

// TestReaderReadError passes read errors through.
func TestReaderReadError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("1 2 0\n3"), iotest.ErrReader(boom))
	rd := NewDRATReader(r, "p")
	var err error
	for err == nil {
		_, err = rd.Next()
	}
	if !errors.Is(err, boom) {
		t.Errorf("DRAT: %v", err)
	}
	r = io.MultiReader(strings.NewReader("5 1 2 0 1"), iotest.ErrReader(boom))
	lr := NewLRATReader(r, "p")
	for err = nil; err == nil; {
		_, err = lr.Next()
	}
	if !errors.Is(err, boom) {
		t.Errorf("LRAT: %v", err)
	}
}
