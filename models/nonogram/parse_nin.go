package nonogram

// Jakub Wilk's .nin format: a first line "W H", then H row clues and W
// column clues, one per line, block lengths separated by white space, "0"
// for an empty clue. Blank lines between clues are resolved by section
// (parse.go). Lines starting with '#' are comments. Text after the clues is
// ignored with a warning, as Wilk's reader stops after the clues.

import (
	"fmt"
	"strconv"
	"strings"
)

func parseNIN(lines []string, file string) ([]*Puzzle, error) {
	first := -1
	for i, l := range lines {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			first = i
			break
		}
	}
	if first < 0 {
		return nil, &ParseError{File: file, Err: ErrNoPuzzle}
	}
	f := strings.Fields(lines[first])
	errAt := func(i int, format string, args ...any) error {
		return &ParseError{File: file, Line: i + 1, Err: fmt.Errorf(format, args...)}
	}
	if len(f) != 2 {
		return nil, errAt(first, "want the size \"WIDTH HEIGHT\", got %q", strings.TrimSpace(lines[first]))
	}
	w, err1 := strconv.Atoi(f[0])
	h, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || w <= 0 || h <= 0 || w > MaxSide || h > MaxSide {
		return nil, errAt(first, "invalid size %q", strings.TrimSpace(lines[first]))
	}
	rest := dropComments(lines[first+1:])
	idx, ok := section(rest, w+h)
	var warnings []string
	if !ok && countNonBlank(rest[:min(w+h, len(rest))]) == w+h {
		// Like Wilk's reader, which stops after the clues, ignore what
		// follows them (the corpus has puzzles glued together), but say so.
		idx, ok = section(rest[:w+h], w+h)
		warnings = append(warnings, fmt.Sprintf("%s:%d: ignored %d lines after the %d clue lines", file, first+w+h+2, countNonBlank(rest[w+h:]), w+h))
	}
	if !ok {
		return nil, errAt(first, "%d clue lines for a %dx%d puzzle (want %d)", countNonBlank(rest), w, h, w+h)
	}
	clues, nums, err := clueLines(file, lines, shift(idx, first+1), 0, "", false)
	if err != nil {
		return nil, err
	}
	p := &Puzzle{Width: w, Height: h, Rows: clues[:h], Cols: clues[h:], Warnings: warnings,
		Source: Source{File: file, Line: first + 1, RowLines: nums[:h], ColLines: nums[h:]}}
	return []*Puzzle{p}, nil
}

// dropComments blanks lines starting with '#', keeping line numbers.
func dropComments(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			out[i] = l
		}
	}
	return out
}
