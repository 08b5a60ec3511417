package cdcl

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestUsage checks the option listing that "--backend cdcl:help" prints:
// a header, then one line per option, every name of OptionNames once,
// each with its real default (setting an option to the printed default
// leaves DefaultOptions unchanged, and the field it names differs from it
// when set to another value of its range), the bounds Set enforces, and a
// meaning.
func TestUsage(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(Usage(), "\n"), "\n")
	if h := strings.Fields(lines[0]); !slices.Equal(h, []string{"name", "default", "range", "meaning"}) {
		t.Fatalf("header %q", lines[0])
	}
	var names []string
	for _, line := range lines[1:] {
		f := strings.Fields(line)
		if len(f) < 4 {
			t.Fatalf("line %q: want name, default, range and a meaning", line)
		}
		name := f[0]
		names = append(names, name)
		def, err := strconv.Atoi(f[1])
		if err != nil {
			t.Fatalf("line %q: default %v", line, err)
		}
		lo, hi, ok := strings.Cut(f[2], "..")
		if !ok {
			t.Fatalf("line %q: range %q", line, f[2])
		}
		min, max := parseBound(t, lo), parseBound(t, hi)
		o := DefaultOptions()
		if err := o.Set(name, def); err != nil || o != DefaultOptions() {
			t.Errorf("%s: printed default %d is not the default (%v)", name, def, err)
		}
		other := min
		if other == def {
			other = max
		}
		if err := o.Set(name, other); err != nil || o == DefaultOptions() {
			t.Errorf("%s: setting %d within the printed range: %v, options changed %v", name, other, err, o != DefaultOptions())
		}
		if o.Set(name, min-1) == nil || o.Set(name, max+1) == nil {
			t.Errorf("%s: Set accepts a value outside the printed range %s", name, f[2])
		}
	}
	slices.Sort(names)
	if !slices.Equal(names, OptionNames()) {
		t.Errorf("Usage lists %v, OptionNames %v", names, OptionNames())
	}
}

func parseBound(t *testing.T, s string) int {
	t.Helper()
	if k, ok := strings.CutPrefix(s, "2^"); ok {
		n, err := strconv.Atoi(k)
		if err != nil {
			t.Fatal(err)
		}
		return 1 << n
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
