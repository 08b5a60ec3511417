package nonogram

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// MaxInput is the largest puzzle file Parse reads.
const MaxInput = 64 << 20

// Parse reads every puzzle of a file in format f (FormatAuto sniffs it).
// name is the file name used in error messages. Each puzzle is validated
// (Validate) before Parse returns it, so an impossible clue is reported
// with the line that holds it before any solving. Errors are *ParseError
// values (or the reader's own error); colour puzzles wrap ErrColour.
func Parse(r io.Reader, name string, f Format) ([]*Puzzle, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxInput {
		return nil, &ParseError{File: name, Err: fmt.Errorf("file larger than %d bytes", MaxInput)}
	}
	if f == FormatAuto {
		if f, err = Sniff(data); err != nil {
			return nil, &ParseError{File: name, Err: err}
		}
	}
	var ps []*Puzzle
	lines := splitLines(data)
	switch f {
	case FormatNON:
		ps, err = parseNON(lines, name)
	case FormatXML:
		ps, err = parseXML(data, name)
	case FormatNIN:
		ps, err = parseNIN(lines, name)
	case FormatTAAI:
		ps, err = parseTAAI(lines, name)
	case FormatCWD:
		ps, err = parseCWD(lines, name)
	case FormatPicross:
		ps, err = parsePicross(lines, name)
	case FormatTatham:
		ps, err = parseTatham(lines, name)
	default:
		panic("nonogram: unknown " + f.String())
	}
	if err != nil {
		return nil, err
	}
	if len(ps) == 0 {
		return nil, &ParseError{File: name, Err: ErrNoPuzzle}
	}
	for _, p := range ps {
		if err := p.Validate(); err != nil {
			return nil, err
		}
	}
	return ps, nil
}

// ParseFile reads the puzzles of a file; see Parse.
func ParseFile(path string, f Format) ([]*Puzzle, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	if st, err := file.Stat(); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s is a directory, not a file", path)
	}
	return Parse(file, path, f)
}

// section resolves the blank-line ambiguity of clue sections. lines are
// the lines of a section (blank lines included), want the number of clues.
// When exactly want lines are non-blank, blank lines are ignored (Simpson's
// reading); otherwise, when the first want lines are followed only by
// blank lines, a blank line is an empty clue (pbnsolve's and mikix's
// reading). It returns the indices (into lines) of the clue lines, or
// false.
func section(lines []string, want int) ([]int, bool) {
	var nonBlank []int
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			nonBlank = append(nonBlank, i)
		}
	}
	if len(nonBlank) == want {
		return nonBlank, true
	}
	if len(lines) < want {
		return nil, false
	}
	for _, l := range lines[want:] {
		if strings.TrimSpace(l) != "" {
			return nil, false
		}
	}
	idx := make([]int, want)
	for i := range idx {
		idx[i] = i
	}
	return idx, true
}

// clueLines parses the clue lines lines[idx[i]], whose file line numbers
// are base+idx[i]+1, into clues and their line numbers (see parseClue for
// seps and colours).
func clueLines(file string, lines []string, idx []int, base int, seps string, colours bool) ([]Clue, []int, error) {
	clues := make([]Clue, len(idx))
	nums := make([]int, len(idx))
	for i, k := range idx {
		c, col, err := parseClue(lines[k], seps, colours)
		if err != nil {
			return nil, nil, &ParseError{File: file, Line: base + k + 1, Col: col, Err: err}
		}
		clues[i], nums[i] = c, base+k+1
	}
	return clues, nums, nil
}
