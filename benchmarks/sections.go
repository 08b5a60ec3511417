package benchmarks

import (
	"errors"
	"fmt"
	"strings"
)

// ErrUnknownSection is wrapped by RunSections for a section name that
// has no function.
var ErrUnknownSection = errors.New("unknown section")

// RunSections runs, in the order given, the sections named in spec (a
// comma-separated list) from the table all. It stops at the first name
// that is not in the table (an error wrapping ErrUnknownSection) or the
// first section that fails.
func RunSections(spec string, all map[string]func() error) error {
	for _, name := range strings.Split(spec, ",") {
		f, ok := all[name]
		if !ok {
			return fmt.Errorf("%w %q", ErrUnknownSection, name)
		}
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}
