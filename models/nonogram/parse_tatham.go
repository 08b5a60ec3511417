package nonogram

// Simon Tatham's Pattern game IDs, one per line: "W x H : desc" (or "N:"
// for N×N), where desc is W column clues (left to right) then H row clues
// (top to bottom) separated by '/', each clue block lengths separated by
// '.', an empty clue being the empty string (a 0 is read as empty too).
// An optional ",cells" suffix fixes squares: each letter skips
// (lower(letter) − 'a') unknown squares, then fixes one square, black for an
// upper-case letter and white for a lower-case one, except z/Z, which only
// skips 25 squares. Lines starting with '#' are comments.

import (
	"fmt"
	"strconv"
	"strings"
)

func parseTatham(lines []string, file string) ([]*Puzzle, error) {
	var out []*Puzzle
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		p, col, err := parseTathamID(t)
		if err != nil {
			return nil, &ParseError{File: file, Line: i + 1, Col: col + strings.Index(l, t), Err: err}
		}
		p.Source = Source{File: file, Line: i + 1}
		out = append(out, p)
	}
	return out, nil
}

// parseTathamID parses one game ID; on error it returns the 1-based
// column of the offending text.
func parseTathamID(id string) (*Puzzle, int, error) {
	params, desc, ok := strings.Cut(id, ":")
	if !ok {
		return nil, 1, fmt.Errorf("game ID %q has no ':'", id)
	}
	ws, hs, square := strings.Cut(params, "x")
	if !square {
		hs = ws
	}
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if err1 != nil || err2 != nil || w <= 0 || h <= 0 || w > MaxSide || h > MaxSide || w*h > MaxCells {
		return nil, 1, fmt.Errorf("invalid size %q", params)
	}
	clueText, cells, hasCells := strings.Cut(desc, ",")
	groups := strings.Split(clueText, "/")
	if len(groups) != w+h {
		return nil, len(params) + 2, fmt.Errorf("%d clues for a %dx%d puzzle (want %d)", len(groups), w, h, w+h)
	}
	p := &Puzzle{Width: w, Height: h, Name: id}
	col := len(params) + 2
	for k, g := range groups {
		c, bad, err := parseClue(g, ".", false)
		if err != nil {
			return nil, col + max(bad, 1) - 1, err
		}
		if k < w {
			p.Cols = append(p.Cols, c)
		} else {
			p.Rows = append(p.Rows, c)
		}
		col += len(g) + 1
	}
	if hasCells {
		g := NewGrid(w, h)
		pos := 0
		for k := 0; k < len(cells); k++ {
			ch := cells[k]
			lower := ch | 0x20
			if lower < 'a' || lower > 'z' {
				return nil, col + k, fmt.Errorf("unexpected %q in the cell data", ch)
			}
			pos += int(lower - 'a')
			if lower == 'z' {
				continue
			}
			if pos >= w*h {
				return nil, col + k, fmt.Errorf("the cell data runs past the %d squares", w*h)
			}
			if ch == lower {
				g.Cells[pos] = White
			} else {
				g.Cells[pos] = Black
			}
			pos++
		}
		if pos > w*h {
			return nil, col + len(cells) - 1, fmt.Errorf("the cell data runs past the %d squares", w*h)
		}
		p.Given = g
	}
	return p, 0, nil
}
