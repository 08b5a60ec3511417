package fzn

import (
	"strings"
	"testing"
)

// TestWriteSolution prints a solution of the features file and of small
// models and compares it with the text the specification asks for.
func TestWriteSolution(t *testing.T) {
	m, err := ReadFile("testdata/good/features.fzn", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	// Every variable takes its index; Booleans their index's parity.
	if err := m.WriteSolution(&b, func(i int) int64 {
		if m.Vars[i].Type == TypeBool {
			return int64(i % 2)
		}
		return int64(i)
	}); err != nil {
		t.Fatal(err)
	}
	want := `x = 0;
y = 1;
b = false;
'a quoted name' = 7;
xs = array1d(1..3, [0, 1, 4]);
grid = array2d(1..2, 0..1, [0, 1, 3, 4]);
bs = array1d(1..2, [false, false]);
empty = array1d(1..0, []);
----------
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}

	for _, c := range []struct{ src, want string }{
		{"solve satisfy;", "----------\n"},
		{"var bool: b :: output_var;\nsolve satisfy;", "b = true;\n----------\n"},
		{"var 1..3: x;\narray [1..2] of var int: a :: output_array([1..2]) = [x, -7];\nsolve satisfy;", "a = array1d(1..2, [1, -7]);\n----------\n"},
	} {
		m := mustRead(t, c.src)
		var b strings.Builder
		m.WriteSolution(&b, func(int) int64 { return 1 })
		if b.String() != c.want {
			t.Errorf("%q: got %q, want %q", c.src, b.String(), c.want)
		}
	}
}
