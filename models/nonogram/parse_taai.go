package nonogram

// The TAAI/TCGA/ICGA tournament format: each puzzle starts with a line
// "$N" (its index) followed by the column clues left to right, then the
// row clues top to bottom, one per line, block lengths separated by tabs
// or spaces. The puzzles are square (25×25 in the tournaments): a puzzle
// with 2n non-blank clue lines is n×n. A file holds any number of puzzles.
// Empty clues are written "0"; blank lines are ignored.

import (
	"fmt"
	"strings"
)

func parseTAAI(lines []string, file string) ([]*Puzzle, error) {
	var out []*Puzzle
	i := 0
	for i < len(lines) {
		t := strings.TrimSpace(lines[i])
		if t == "" {
			i++
			continue
		}
		if len(t) < 2 || t[0] != '$' || !allDigits(t[1:]) {
			return nil, &ParseError{File: file, Line: i + 1, Err: fmt.Errorf("want a puzzle header \"$N\", got %q", t)}
		}
		head := i
		j := i + 1
		var idx []int
		for j < len(lines) {
			u := strings.TrimSpace(lines[j])
			if strings.HasPrefix(u, "$") {
				break
			}
			if u != "" {
				idx = append(idx, j)
			}
			j++
		}
		if len(idx) == 0 || len(idx)%2 != 0 {
			return nil, &ParseError{File: file, Line: head + 1, Err: fmt.Errorf("puzzle %s: %d clue lines, want 2n for an n×n puzzle", t, len(idx))}
		}
		clues, nums, err := clueLines(file, lines, idx, 0, "", false)
		if err != nil {
			return nil, err
		}
		n := len(idx) / 2
		out = append(out, &Puzzle{Name: t, Width: n, Height: n, Cols: clues[:n], Rows: clues[n:],
			Source: Source{File: file, Line: head + 1, ColLines: nums[:n], RowLines: nums[n:]}})
		i = j
	}
	return out, nil
}
