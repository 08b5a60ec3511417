package dobble

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// Write writes d in the deck file format, one card per line, symbols
// separated by single spaces, by name when d has names. Parse reads the
// output back into the same cards. The error reports a name that could
// not be read back (empty, or holding white space, a comma or "#") or the
// writer's own error.
func Write(w io.Writer, d *Deck) error {
	for s, name := range d.Names {
		if err := checkName(name); err != nil {
			return fmt.Errorf("symbol %d: %w", s, err)
		}
	}
	bw := bufio.NewWriter(w)
	for _, c := range d.Cards {
		for j, s := range c {
			if j > 0 {
				bw.WriteByte(' ')
			}
			bw.WriteString(d.Label(s))
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// checkName reports why name cannot be written as a symbol.
func checkName(name string) error {
	if name == "" {
		return fmt.Errorf("empty name")
	}
	if strings.ContainsFunc(name, func(r rune) bool { return r == ',' || r == '#' || unicode.IsSpace(r) }) {
		return fmt.Errorf("name %q holds white space, a comma or '#'", name)
	}
	return nil
}
