package nonogram

// webpbn XML (Wolter's "XML Format for Paint-by-Number Puzzles", 0.3).
//
// A <puzzleset> holds <puzzle> elements; each has <clues type="columns">
// and <clues type="rows"> with one <line> per column or row holding
// <count> elements, optional <color name char> declarations, metadata
// elements, and <solution type="goal"><image> with one "|…|" row per line.
// A count's colour is its color attribute or the puzzle's defaultcolor
// (black unless stated); the background is backgroundcolor (white unless
// stated). A puzzle whose counts use more than one colour is a colour
// puzzle and is rejected with ErrColour; triddlers are rejected too. An
// empty <line> and a line holding a single 0 are empty clues; a 0 among
// other counts is a blotted (hidden) clue and is rejected. HTML entities
// (&copy;) are accepted in text.

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// xmlPuzzle collects one <puzzle> while the tokens stream by.
type xmlPuzzle struct {
	p                 *Puzzle
	defColor, bgColor string
	chars             map[string]string // colour name → image character
	clueColors        map[string]bool
	kind              string // "rows" or "columns" while inside <clues>
	line              Clue
	lineNo            int
	lineZero          bool
	goal              string
	goalLine          int
	goalType          string
	imageLine         int
	haveGoal          bool // the goal came from a solution of type goal
}

func parseXML(data []byte, file string) ([]*Puzzle, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Entity = xml.HTMLEntity
	errAt := func(err error) error {
		line, col := dec.InputPos()
		return &ParseError{File: file, Line: line, Col: col, Err: err}
	}
	var out []*Puzzle
	var cur *xmlPuzzle
	var setTitle, setAuthor string
	var text strings.Builder
	var path []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, &ParseError{File: file, Line: se.Line, Err: errors.New(se.Msg)}
			}
			return nil, errAt(err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			path = append(path, t.Name.Local)
			text.Reset()
			attr := func(name string) string {
				for _, a := range t.Attr {
					if a.Name.Local == name {
						return a.Value
					}
				}
				return ""
			}
			line, _ := dec.InputPos()
			switch t.Name.Local {
			case "puzzle":
				if ty := attr("type"); ty != "" && ty != "grid" {
					return nil, errAt(fmt.Errorf("puzzle type %q is not supported (only grid)", ty))
				}
				cur = &xmlPuzzle{
					p:        &Puzzle{Source: Source{File: file, Line: line}},
					defColor: attrOr(attr("defaultcolor"), "black"),
					bgColor:  attrOr(attr("backgroundcolor"), "white"),
					chars:    map[string]string{}, clueColors: map[string]bool{},
				}
			case "color":
				if cur != nil {
					cur.chars[attr("name")] = attr("char")
				}
			case "clues":
				if cur == nil {
					return nil, errAt(errors.New("<clues> outside a <puzzle>"))
				}
				switch ty := attr("type"); ty {
				case "rows", "columns":
					cur.kind = ty
				default:
					return nil, errAt(fmt.Errorf("clues of type %q are not supported (only rows and columns)", ty))
				}
			case "line":
				if cur == nil || cur.kind == "" {
					return nil, errAt(errors.New("<line> outside <clues>"))
				}
				cur.line, cur.lineNo, cur.lineZero = Clue{}, line, false
			case "count":
				if cur == nil || cur.kind == "" {
					return nil, errAt(errors.New("<count> outside <clues>"))
				}
				cur.clueColors[attrOr(attr("color"), cur.defColor)] = true
			case "solution":
				if cur != nil {
					cur.goalType = attrOr(attr("type"), "goal")
				}
			case "image":
				if cur != nil {
					cur.imageLine = line
				}
			}
		case xml.CharData:
			text.Write(t)
		case xml.EndElement:
			name := t.Name.Local
			path = path[:len(path)-1]
			value := strings.TrimSpace(text.String())
			text.Reset()
			if cur == nil {
				if len(path) == 1 && path[0] == "puzzleset" {
					switch name {
					case "title":
						setTitle = value
					case "author":
						setAuthor = value
					}
				}
				continue
			}
			switch name {
			case "count":
				n, err := strconv.Atoi(value)
				if err != nil || n < 0 || n > MaxSide {
					return nil, errAt(fmt.Errorf("count %q is not a block length", value))
				}
				if n == 0 {
					cur.lineZero = true
				} else {
					cur.line = append(cur.line, n)
				}
			case "line":
				if cur.lineZero && len(cur.line) > 0 {
					return nil, &ParseError{File: file, Line: cur.lineNo, Err: errors.New("blotted clue (a count of 0 among other counts) is not supported")}
				}
				if cur.kind == "rows" {
					cur.p.Rows = append(cur.p.Rows, cur.line)
					cur.p.Source.RowLines = append(cur.p.Source.RowLines, cur.lineNo)
				} else {
					cur.p.Cols = append(cur.p.Cols, cur.line)
					cur.p.Source.ColLines = append(cur.p.Source.ColLines, cur.lineNo)
				}
			case "clues":
				cur.kind = ""
			case "image":
				// A goal wins over a solution; saved states are ignored.
				if cur.goalType == "goal" || cur.goalType == "solution" && !cur.haveGoal {
					cur.goal, cur.goalLine = value, cur.imageLine
					cur.haveGoal = cur.goalType == "goal"
				}
			case "title":
				cur.p.Meta.Title = value
			case "author":
				cur.p.Meta.Author = value
			case "copyright":
				cur.p.Meta.Copyright = value
			case "description":
				cur.p.Meta.Description = value
			case "id":
				cur.p.Meta.Catalogue = value
			case "puzzle":
				p, err := cur.finish(file)
				if err != nil {
					return nil, err
				}
				if p.Meta.Title == "" {
					p.Meta.Title = setTitle
				}
				if p.Meta.Author == "" {
					p.Meta.Author = setAuthor
				}
				p.Name = p.Meta.Title
				out = append(out, p)
				cur = nil
			}
		}
	}
	return out, nil
}

func attrOr(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// finish checks the colours, sets the size and decodes the goal image.
func (x *xmlPuzzle) finish(file string) (*Puzzle, error) {
	p := x.p
	delete(x.clueColors, "")
	if len(x.clueColors) > 1 {
		var names []string
		for c := range x.clueColors {
			names = append(names, c)
		}
		sort.Strings(names)
		return nil, &ParseError{File: file, Line: p.Source.Line, Err: fmt.Errorf("clues use the colours %s: %w", strings.Join(names, ", "), ErrColour)}
	}
	fill := x.defColor
	for c := range x.clueColors {
		fill = c
	}
	if fill == x.bgColor {
		return nil, &ParseError{File: file, Line: p.Source.Line, Err: fmt.Errorf("clues use the background colour %q", fill)}
	}
	p.Width, p.Height = len(p.Cols), len(p.Rows)
	if x.goalLine == 0 || p.Width*p.Height > MaxCells {
		return p, nil
	}
	// Image characters: the declared ones, else webpbn's defaults.
	black, white := x.chars[fill], x.chars[x.bgColor]
	if black == "" {
		black = "X"
	}
	if white == "" {
		white = "."
	}
	g := NewGrid(p.Width, p.Height)
	r := 0
	for _, row := range strings.Split(x.goal, "\n") {
		row = strings.TrimSpace(row)
		if row == "" {
			continue
		}
		if len(row) < 2 || row[0] != '|' || row[len(row)-1] != '|' {
			return nil, &ParseError{File: file, Line: x.goalLine, Err: fmt.Errorf("goal image row %d is not framed by '|'", r+1)}
		}
		row = row[1 : len(row)-1]
		if r >= p.Height || len(row) != p.Width {
			return nil, &ParseError{File: file, Line: x.goalLine, Err: fmt.Errorf("goal image row %d does not fit the %dx%d grid", r+1, p.Width, p.Height)}
		}
		for c := 0; c < len(row); c++ {
			switch ch := row[c : c+1]; ch {
			case black:
				g.Set(r, c, Black)
			case white:
				g.Set(r, c, White)
			default:
				return nil, &ParseError{File: file, Line: x.goalLine, Err: fmt.Errorf("goal image row %d: unexpected character %q", r+1, ch)}
			}
		}
		r++
	}
	if r != p.Height {
		return nil, &ParseError{File: file, Line: x.goalLine, Err: fmt.Errorf("goal image has %d rows, want %d", r, p.Height)}
	}
	p.Goal, p.Source.GoalLine = g, x.goalLine
	return p, nil
}
