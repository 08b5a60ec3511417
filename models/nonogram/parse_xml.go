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

// xmlReader is the state of one parseXML: the decoder, the puzzles read,
// the one being read and the puzzle set's own title and author.
type xmlReader struct {
	dec                 *xml.Decoder
	file                string
	out                 []*Puzzle
	cur                 *xmlPuzzle
	setTitle, setAuthor string
	text                strings.Builder
	path                []string
}

func parseXML(data []byte, file string) ([]*Puzzle, error) {
	x := &xmlReader{dec: xml.NewDecoder(bytes.NewReader(data)), file: file}
	x.dec.Entity = xml.HTMLEntity
	for {
		tok, err := x.dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, &ParseError{File: file, Line: se.Line, Err: errors.New(se.Msg)}
			}
			return nil, x.errAt(err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			err = x.start(t)
		case xml.CharData:
			x.text.Write(t)
		case xml.EndElement:
			err = x.end(t.Name.Local)
		}
		if err != nil {
			return nil, err
		}
	}
	return x.out, nil
}

// errAt returns err at the decoder's position.
func (x *xmlReader) errAt(err error) error {
	line, col := x.dec.InputPos()
	return &ParseError{File: x.file, Line: line, Col: col, Err: err}
}

// start reads an opening tag: a puzzle begins, clues and lines open,
// counts note their colour, solutions and images note their type and
// line.
func (x *xmlReader) start(t xml.StartElement) error {
	x.path = append(x.path, t.Name.Local)
	x.text.Reset()
	attr := func(name string) string {
		for _, a := range t.Attr {
			if a.Name.Local == name {
				return a.Value
			}
		}
		return ""
	}
	line, _ := x.dec.InputPos()
	cur := x.cur
	switch t.Name.Local {
	case "puzzle":
		if ty := attr("type"); ty != "" && ty != "grid" {
			return x.errAt(fmt.Errorf("puzzle type %q is not supported (only grid)", ty))
		}
		x.cur = &xmlPuzzle{
			p:        &Puzzle{Source: Source{File: x.file, Line: line}},
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
			return x.errAt(errors.New("<clues> outside a <puzzle>"))
		}
		switch ty := attr("type"); ty {
		case "rows", "columns":
			cur.kind = ty
		default:
			return x.errAt(fmt.Errorf("clues of type %q are not supported (only rows and columns)", ty))
		}
	case "line":
		if cur == nil || cur.kind == "" {
			return x.errAt(errors.New("<line> outside <clues>"))
		}
		cur.line, cur.lineNo, cur.lineZero = Clue{}, line, false
	case "count":
		if cur == nil || cur.kind == "" {
			return x.errAt(errors.New("<count> outside <clues>"))
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
	return nil
}

// end reads a closing tag with the text it held: outside a puzzle, the
// set's title and author; inside, its counts, lines, goal image and
// metadata, and at </puzzle> the finished puzzle.
func (x *xmlReader) end(name string) error {
	x.path = x.path[:len(x.path)-1]
	value := strings.TrimSpace(x.text.String())
	x.text.Reset()
	cur := x.cur
	if cur == nil {
		if len(x.path) == 1 && x.path[0] == "puzzleset" {
			switch name {
			case "title":
				x.setTitle = value
			case "author":
				x.setAuthor = value
			}
		}
		return nil
	}
	switch name {
	case "count":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > MaxSide {
			return x.errAt(fmt.Errorf("count %q is not a block length", value))
		}
		if n == 0 {
			cur.lineZero = true
		} else {
			cur.line = append(cur.line, n)
		}
	case "line":
		if cur.lineZero && len(cur.line) > 0 {
			return &ParseError{File: x.file, Line: cur.lineNo, Err: errors.New("blotted clue (a count of 0 among other counts) is not supported")}
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
		p, err := cur.finish(x.file)
		if err != nil {
			return err
		}
		if p.Meta.Title == "" {
			p.Meta.Title = x.setTitle
		}
		if p.Meta.Author == "" {
			p.Meta.Author = x.setAuthor
		}
		p.Name = p.Meta.Title
		x.out = append(x.out, p)
		x.cur = nil
	}
	return nil
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
	g, err := x.goalImage(file, fill, p.Width, p.Height)
	if err != nil {
		return nil, err
	}
	p.Goal, p.Source.GoalLine = g, x.goalLine
	return p, nil
}

// goalImage decodes the goal image of a w×h puzzle whose clues are of
// colour fill: one "|…|" row per grid row, the colours' declared
// characters (webpbn's X and . by default).
func (x *xmlPuzzle) goalImage(file, fill string, w, h int) (*Grid, error) {
	black, white := x.chars[fill], x.chars[x.bgColor]
	if black == "" {
		black = "X"
	}
	if white == "" {
		white = "."
	}
	g := NewGrid(w, h)
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
		if r >= h || len(row) != w {
			return nil, &ParseError{File: file, Line: x.goalLine, Err: fmt.Errorf("goal image row %d does not fit the %dx%d grid", r+1, w, h)}
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
	if r != h {
		return nil, &ParseError{File: file, Line: x.goalLine, Err: fmt.Errorf("goal image has %d rows, want %d", r, h)}
	}
	return g, nil
}
