package fzn

import (
	"errors"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/internal/memlimit"
)

// TestBoundedMemory reads hostile inputs under a 200 MB address-space
// budget: numbers that ask for huge arrays or domains, and nesting that
// would grow the stack, must fail (or succeed) without allocating what
// they ask for.
func TestBoundedMemory(t *testing.T) {
	if !memlimit.Run(t, 200<<20) {
		return
	}
	cases := []struct {
		src string
		err error // nil: reads
	}{
		{"array [1..4611686018427387904] of int: a = [1];\nsolve satisfy;", ErrType},
		{"array [1..4611686018427387904] of var bool: a :: output_array([1..4611686018427387904]) = [];\nsolve satisfy;", ErrType},
		{"var -9223372036854775808..9223372036854775807: x :: output_var;\nconstraint set_in(x, -9223372036854775808..9223372036854775807);\nsolve minimize x;", nil},
		{"solve :: " + strings.Repeat("a(", 1<<20) + "b" + " satisfy;", ErrTooLarge},
		{"solve :: a(" + strings.Repeat("[", 1<<20) + " satisfy;", ErrTooLarge},
		{"var 1..3: x;\n" + strings.Repeat("constraint int_le(x, 2) :: domain;\n", 1<<16) + "solve satisfy;", nil},
	}
	for _, c := range cases {
		_, err := readString(c.src)
		if !errors.Is(err, c.err) && !(err == nil && c.err == nil) {
			t.Errorf("%.60s...: error %v, want %v", c.src, err, c.err)
		}
	}
}
