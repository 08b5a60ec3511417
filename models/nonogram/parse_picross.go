package nonogram

// picross-solver's text format: '#' starts a comment line; "GRID name"
// starts a puzzle, then "ROWS" and "COLUMNS" sections (either order) hold
// one "[ a b c ]" clue per line, "[ ]" for an empty clue. The size is the
// number of clues in each section. A file holds any number of grids.

import (
	"fmt"
	"strings"
)

func parsePicross(lines []string, file string) ([]*Puzzle, error) {
	var out []*Puzzle
	var cur *Puzzle
	section := ""
	errAt := func(i, col int, format string, args ...any) error {
		return &ParseError{File: file, Line: i + 1, Col: col, Err: fmt.Errorf(format, args...)}
	}
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		kw, rest := splitWord(t)
		switch {
		case kw == "GRID":
			cur = &Puzzle{Name: rest, Source: Source{File: file, Line: i + 1}}
			cur.Meta.Title = rest
			out = append(out, cur)
			section = ""
		case kw == "ROWS" || kw == "COLUMNS":
			if cur == nil {
				return nil, errAt(i, 0, "%s before GRID", kw)
			}
			section = kw
		case strings.HasPrefix(t, "["):
			if section == "" {
				return nil, errAt(i, 0, "clue outside a ROWS or COLUMNS section")
			}
			if !strings.HasSuffix(t, "]") {
				return nil, errAt(i, len(l), "clue without a closing ']'")
			}
			c, col, err := parseClue(t[1:len(t)-1], "", false)
			if err != nil {
				return nil, &ParseError{File: file, Line: i + 1, Col: col + strings.Index(l, "[") + 1, Err: err}
			}
			if section == "ROWS" {
				cur.Rows = append(cur.Rows, c)
				cur.Source.RowLines = append(cur.Source.RowLines, i+1)
			} else {
				cur.Cols = append(cur.Cols, c)
				cur.Source.ColLines = append(cur.Source.ColLines, i+1)
			}
		default:
			return nil, errAt(i, 0, "unknown keyword %q", kw)
		}
	}
	for _, p := range out {
		p.Width, p.Height = len(p.Cols), len(p.Rows)
	}
	return out, nil
}
