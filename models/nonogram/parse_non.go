package nonogram

// Steve Simpson's .non format (fmt2), with pbnsolve's goal and mikix's
// extensions.
//
// One keyword per line: "width W" and "height H" (aliases "columns W" and
// "rows H") before the clue sections; a bare "rows" line followed by H
// clue lines (comma-separated block lengths, "0" for an empty clue) and a
// bare "columns" line followed by W. Blank lines inside a clue section are
// resolved by section (parse.go). "goal" gives the solution, row-major, 0
// white and 1 black, quoted, bare, or on the following lines. Metadata
// values (title, by, copyright, catalogue, license, description) may be
// quoted and use HTML entities. mikix's ".nonpack" bundles several puzzles
// separated by "====" lines. Unknown keywords are ignored, as both Simpson
// and mikix ask; a clue line outside a section is an error. Colour clues
// ("3b,1d") are rejected with ErrColour.

import (
	"fmt"
	"html"
	"strconv"
	"strings"
	"unicode/utf8"
)

func parseNON(lines []string, file string) ([]*Puzzle, error) {
	var out []*Puzzle
	start := 0
	for i := 0; i <= len(lines); i++ {
		if i < len(lines) && strings.TrimSpace(lines[i]) != "====" {
			continue
		}
		chunk := lines[start:i]
		if !allBlank(chunk) {
			p, err := parseNONPuzzle(chunk, start, file)
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
		start = i + 1
	}
	return out, nil
}

func allBlank(lines []string) bool {
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			return false
		}
	}
	return true
}

// isClueLine reports whether a trimmed line starts like a clue.
func isClueLine(t string) bool { return t != "" && t[0] >= '0' && t[0] <= '9' }

// isBadClueLine reports a line that no keyword or property starts with
// but that is no clue either, such as "-1" or a clue in full-width digits:
// inside a section it is a clue line with an error at its own line.
func isBadClueLine(t string) bool {
	return t != "" && (t[0] == '-' || t[0] == '+' || t[0] >= utf8.RuneSelf)
}

// parseNONPuzzle parses one puzzle; base is the index of lines[0] in the
// file.
func parseNONPuzzle(lines []string, base int, file string) (*Puzzle, error) {
	p := &Puzzle{Source: Source{File: file, Line: base + 1}}
	errAt := func(i, col int, format string, args ...any) error {
		return &ParseError{File: file, Line: base + i + 1, Col: col, Err: fmt.Errorf(format, args...)}
	}
	first := true
	var goal string
	goalLine := -1
	size := func(i int, kw, v string, dst *int) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return errAt(i, 0, "%s %q is not a size", kw, v)
		}
		if n > MaxSide {
			return errAt(i, 0, "%s %d is too large (at most %d)", kw, n, MaxSide)
		}
		*dst = n
		return nil
	}
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if t == "" {
			continue
		}
		if first {
			p.Source.Line = base + i + 1
			first = false
		}
		if isClueLine(t) {
			return nil, errAt(i, 0, "clue line %q outside a rows or columns section", t)
		}
		kw, rest := splitWord(t)
		switch kw = strings.ToLower(kw); kw {
		case "width":
			if err := size(i, kw, rest, &p.Width); err != nil {
				return nil, err
			}
		case "height":
			if err := size(i, kw, rest, &p.Height); err != nil {
				return nil, err
			}
		case "rows", "columns":
			dst, n := &p.Height, p.Height
			if kw == "columns" {
				dst, n = &p.Width, p.Width
			}
			if rest != "" {
				if err := size(i, kw, rest, dst); err != nil {
					return nil, err
				}
				continue
			}
			if p.Width == 0 || p.Height == 0 {
				return nil, errAt(i, 0, "%s section before width and height", kw)
			}
			j := i + 1
			for j < len(lines) {
				if u := strings.TrimSpace(lines[j]); u != "" && !isClueLine(u) && !isBadClueLine(u) {
					break
				}
				j++
			}
			idx, ok := section(lines[i+1:j], n)
			if !ok {
				return nil, errAt(i, 0, "%s section: %d clue lines for %s %d", kw, countNonBlank(lines[i+1:j]), map[string]string{"rows": "height", "columns": "width"}[kw], n)
			}
			clues, nums, err := clueLines(file, lines, shift(idx, i+1), base, ",", true)
			if err != nil {
				return nil, err
			}
			if kw == "rows" {
				p.Rows, p.Source.RowLines = clues, nums
			} else {
				p.Cols, p.Source.ColLines = clues, nums
			}
			i = j - 1
		case "goal", "saved":
			v := unquote(rest)
			if v == "" {
				// The image follows on lines of its own.
				var b strings.Builder
				for i+1 < len(lines) {
					u := strings.TrimSpace(lines[i+1])
					if u != "" && !isClueLine(u) && u[0] != '"' && u[0] != '?' {
						break
					}
					b.WriteString(unquote(u))
					i++
				}
				v = b.String()
			}
			if kw == "goal" {
				goal, goalLine = v, i
			}
		case "title":
			p.Meta.Title = metaValue(rest)
		case "by", "author":
			p.Meta.Author = metaValue(rest)
		case "copyright":
			p.Meta.Copyright = metaValue(rest)
		case "catalogue", "catalog":
			p.Meta.Catalogue = metaValue(rest)
		case "license", "licence":
			p.Meta.License = metaValue(rest)
		case "description":
			p.Meta.Description = metaValue(rest)
		}
	}
	p.Name = p.Meta.Title
	if goalLine >= 0 {
		g, err := parseGoalString(goal, p.Width, p.Height)
		if err != nil {
			return nil, errAt(goalLine, 0, "goal: %w", err)
		}
		p.Goal, p.Source.GoalLine = g, base+goalLine+1
	}
	if p.Rows == nil && p.Height > 0 {
		return nil, errAt(len(lines)-1, 0, "no rows section")
	}
	if p.Cols == nil && p.Width > 0 {
		return nil, errAt(len(lines)-1, 0, "no columns section")
	}
	return p, nil
}

func countNonBlank(lines []string) int {
	n := 0
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	return n
}

func shift(idx []int, by int) []int {
	out := make([]int, len(idx))
	for i, k := range idx {
		out[i] = k + by
	}
	return out
}

func metaValue(s string) string { return html.UnescapeString(unquote(s)) }

// parseGoalString reads a row-major image of 0 (white) and 1 (black)
// characters, white space ignored.
func parseGoalString(s string, w, h int) (*Grid, error) {
	if w*h > MaxCells {
		return nil, fmt.Errorf("%dx%d is too large", w, h)
	}
	g := NewGrid(w, h)
	k := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		var v Cell
		switch c {
		case ' ', '\t':
			continue
		case '0':
			v = White
		case '1':
			v = Black
		default:
			if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '2' && c <= '9' {
				return nil, fmt.Errorf("colour cell %q: %w", c, ErrColour)
			}
			return nil, fmt.Errorf("unexpected %q in the image", c)
		}
		if k == w*h {
			return nil, fmt.Errorf("more than %d cells", w*h)
		}
		g.Cells[k] = v
		k++
	}
	if k != w*h {
		return nil, fmt.Errorf("%d cells, want %dx%d = %d", k, w, h, w*h)
	}
	return g, nil
}
