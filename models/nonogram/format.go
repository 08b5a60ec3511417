package nonogram

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Format is a puzzle file format.
type Format uint8

// The formats. FormatAuto sniffs the content.
const (
	FormatAuto    Format = iota // recognise the format from the content
	FormatNON                   // Steve Simpson's .non (with pbnsolve's goal and mikix's extensions)
	FormatXML                   // webpbn XML
	FormatNIN                   // Jakub Wilk's .nin
	FormatTAAI                  // the TAAI/TCGA/ICGA tournament format
	FormatCWD                   // CWD (QNonograms, Copris)
	FormatPicross               // picross-solver's GRID text
	FormatTatham                // Simon Tatham's Pattern game IDs
)

var formatNames = [...]string{"auto", "non", "xml", "nin", "taai", "cwd", "picross", "tatham"}

// String returns the format's flag name, e.g. "non".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", f)
}

// Formats returns every format, FormatAuto first.
func Formats() []Format {
	out := make([]Format, len(formatNames))
	for i := range out {
		out[i] = Format(i)
	}
	return out
}

// ParseFormat returns the format whose String is name.
func ParseFormat(name string) (Format, error) {
	for _, f := range Formats() {
		if f.String() == name {
			return f, nil
		}
	}
	return 0, fmt.Errorf("unknown puzzle format %q (want %s)", name, strings.Join(formatNames[:], ", "))
}

// Set parses a flag value, so that a *Format is a flag.Value.
func (f *Format) Set(name string) error {
	g, err := ParseFormat(name)
	if err != nil {
		return err
	}
	*f = g
	return nil
}

// Sniff recognises the format of a puzzle file from its content:
//
//   - XML: the first non-blank text starts with '<';
//   - TAAI: the first non-blank line is "$" followed by digits;
//   - Tatham: the first non-blank line looks like "5x5:" or "5:" followed
//     by clues;
//   - picross-solver: a line starts with the keyword GRID;
//   - .non: a line starts with width, height, rows or columns;
//   - .nin: the first line holds exactly two numbers;
//   - CWD: the first two lines hold one number each.
//
// It returns FormatAuto and ErrFormat when nothing matches.
func Sniff(data []byte) (Format, error) {
	lines := splitLines(data)
	first := -1
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t != "" && !strings.HasPrefix(t, "#") {
			first = i
			break
		}
	}
	if first < 0 {
		if len(bytes.TrimSpace(data)) == 0 {
			return FormatAuto, ErrNoPuzzle
		}
		return FormatAuto, ErrFormat
	}
	head := strings.TrimSpace(lines[first])
	switch {
	case strings.HasPrefix(head, "<"):
		return FormatXML, nil
	case len(head) > 1 && head[0] == '$' && allDigits(head[1:]):
		return FormatTAAI, nil
	case looksTatham(head):
		return FormatTatham, nil
	}
	for _, l := range lines {
		w, _ := splitWord(strings.TrimSpace(l))
		if w == "GRID" {
			return FormatPicross, nil
		}
	}
	for _, l := range lines {
		switch w, _ := splitWord(strings.TrimSpace(l)); strings.ToLower(w) {
		case "width", "height", "rows", "columns":
			return FormatNON, nil
		}
	}
	if f := strings.Fields(head); len(f) == 2 && allDigits(f[0]) && allDigits(f[1]) {
		return FormatNIN, nil
	}
	if allDigits(head) && first+1 < len(lines) && allDigits(strings.TrimSpace(lines[first+1])) {
		return FormatCWD, nil
	}
	return FormatAuto, ErrFormat
}

// looksTatham reports whether s starts like a Pattern game ID: a size
// ("N" or "WxH"), a colon, and clue characters.
func looksTatham(s string) bool {
	params, desc, ok := strings.Cut(s, ":")
	if !ok || params == "" {
		return false
	}
	w, h, found := strings.Cut(params, "x")
	return allDigits(w) && (!found || allDigits(h)) && strings.Contains(desc, "/")
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// splitLines splits data into lines without their line ends (LF or CRLF),
// after dropping a UTF-8 byte-order mark.
func splitLines(data []byte) []string {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	s := strings.ReplaceAll(string(data), "\r\n", "\n")
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// splitWord returns the first white-space separated word of s and the
// trimmed rest.
func splitWord(s string) (word, rest string) {
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimSpace(s[i:])
}

// parseClue reads a clue written as numbers separated by any of seps
// (white space always separates). A lone 0 and a blank string are the
// empty clue. With colours set, a letter after a number is a colour
// suffix, reported with ErrColour. It returns the clue, or the 1-based
// column of the offending text and an error.
func parseClue(s, seps string, colours bool) (Clue, int, error) {
	var out Clue
	zero := false
	i := 0
	for i < len(s) {
		c := s[i]
		if c == ' ' || c == '\t' || strings.IndexByte(seps, c) >= 0 {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i {
			return nil, i + 1, badClueChar(s[i:])
		}
		if colours && j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
			return nil, j + 1, fmt.Errorf("colour block %q: %w", s[i:j+1], ErrColour)
		}
		n, err := strconv.Atoi(s[i:j])
		if err != nil || n > MaxSide {
			return nil, i + 1, fmt.Errorf("block length %s is too large", s[i:j])
		}
		if n == 0 {
			zero = true
		} else {
			out = append(out, n)
		}
		i = j
	}
	if zero && len(out) > 0 {
		return nil, 1, fmt.Errorf("clue %q mixes 0 with blocks", strings.TrimSpace(s))
	}
	return out, 0, nil
}

// badClueChar describes the character that starts s, where a block
// length was expected.
func badClueChar(s string) error {
	r, _ := utf8.DecodeRuneInString(s)
	switch {
	case r == '-':
		return fmt.Errorf("unexpected '-' in a clue (block lengths are positive numbers)")
	case r >= '０' && r <= '９':
		return fmt.Errorf("full-width digit %q in a clue (write block lengths in ASCII digits 0-9)", r)
	case r == utf8.RuneError:
		return fmt.Errorf("unexpected byte %#x in a clue", s[0])
	}
	return fmt.Errorf("unexpected %q in a clue", r)
}

// unquote strips one pair of surrounding double quotes.
func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}
