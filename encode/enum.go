package encode

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNotApplicable is returned when a method cannot write into the given
// sink: the native methods need a sink that implements sat.PBAdder.
var ErrNotApplicable = errors.New("encode: method does not apply to this sink (native needs a sat.PBAdder)")

// ErrNotIncremental is returned by NewCounter for a method that does not
// build output literals (the sequential counter and native constraints).
var ErrNotIncremental = errors.New("encode: method builds no output literals")

// parseMethod returns the element of all whose String is name.
func parseMethod[M fmt.Stringer](kind, name string, all []M) (M, error) {
	names := make([]string, len(all))
	for i, m := range all {
		if m.String() == name {
			return m, nil
		}
		names[i] = m.String()
	}
	var zero M
	return zero, fmt.Errorf("encode: unknown %s %q (want one of %s)", kind, name, strings.Join(names, ", "))
}

// methodName returns names[m], or a placeholder for out-of-range values.
func methodName[M ~uint8](kind string, m M, names []string) string {
	if int(m) < len(names) {
		return names[m]
	}
	return fmt.Sprintf("%s(%d)", kind, uint8(m))
}
