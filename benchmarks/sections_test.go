package benchmarks

import (
	"errors"
	"slices"
	"testing"
)

// TestRunSections checks the order of the sections, the stop at an
// unknown name and the stop at a failing section.
func TestRunSections(t *testing.T) {
	var ran []string
	fail := errors.New("boom")
	all := map[string]func() error{
		"a":   func() error { ran = append(ran, "a"); return nil },
		"b":   func() error { ran = append(ran, "b"); return nil },
		"bad": func() error { ran = append(ran, "bad"); return fail },
	}
	for _, tc := range []struct {
		spec string
		ran  []string
		err  error
	}{
		{"b,a", []string{"b", "a"}, nil},
		{"a,x,b", []string{"a"}, ErrUnknownSection},
		{"bad,a", []string{"bad"}, fail},
	} {
		ran = nil
		err := RunSections(tc.spec, all)
		if !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
			t.Errorf("%q: error %v, want %v", tc.spec, err, tc.err)
		}
		if !slices.Equal(ran, tc.ran) {
			t.Errorf("%q: ran %v, want %v", tc.spec, ran, tc.ran)
		}
	}
	if err := RunSections("a,x", all); err == nil || err.Error() != `unknown section "x"` {
		t.Errorf("message %v", err)
	}
}
