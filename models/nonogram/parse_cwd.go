package nonogram

// The CWD format (QNonograms, Sukhoy; Copris reads it): line 1 holds the
// height H, line 2 the width W, then H row clue lines, one blank line, and
// W column clue lines. Block lengths are separated by white space; an
// empty clue is an empty line (or "0"). The layout is positional, so the
// blank separator line is required; blank lines after the last column are
// ignored.

import (
	"fmt"
	"strconv"
	"strings"
)

func parseCWD(lines []string, file string) ([]*Puzzle, error) {
	errAt := func(i int, format string, args ...any) error {
		return &ParseError{File: file, Line: i + 1, Err: fmt.Errorf(format, args...)}
	}
	num := func(i int, what string) (int, error) {
		if i >= len(lines) {
			return 0, errAt(i, "missing the %s", what)
		}
		n, err := strconv.Atoi(strings.TrimSpace(lines[i]))
		if err != nil || n <= 0 || n > MaxSide {
			return 0, errAt(i, "invalid %s %q", what, strings.TrimSpace(lines[i]))
		}
		return n, nil
	}
	h, err := num(0, "height")
	if err != nil {
		return nil, err
	}
	w, err := num(1, "width")
	if err != nil {
		return nil, err
	}
	sep := 2 + h
	if sep >= len(lines) {
		return nil, errAt(len(lines), "the file ends before the %d row clues and the columns", h)
	}
	if strings.TrimSpace(lines[sep]) != "" {
		return nil, errAt(sep, "want the blank line that ends the %d row clues, got %q", h, strings.TrimSpace(lines[sep]))
	}
	if len(lines) < sep+1+w {
		return nil, errAt(len(lines), "the file ends after %d of %d column clues", len(lines)-sep-1, w)
	}
	for i := sep + 1 + w; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "" {
			return nil, errAt(i, "text after the %d column clues", w)
		}
	}
	idx := make([]int, 0, h+w)
	for i := 2; i < sep; i++ {
		idx = append(idx, i)
	}
	for i := sep + 1; i < sep+1+w; i++ {
		idx = append(idx, i)
	}
	clues, nums, err := clueLines(file, lines, idx, 0, "", false)
	if err != nil {
		return nil, err
	}
	return []*Puzzle{{Width: w, Height: h, Rows: clues[:h], Cols: clues[h:],
		Source: Source{File: file, Line: 1, RowLines: nums[:h], ColLines: nums[h:]}}}, nil
}
