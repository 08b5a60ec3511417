package nonogram

import (
	"fmt"
	"strconv"
	"strings"
)

// Clue is the list of black block lengths of one row or column, in order
// (left to right, top to bottom). The empty clue means an all-white line.
// Every length is positive.
type Clue []int

// String returns the clue in the comma form of the .non format, "0" for
// the empty clue.
func (c Clue) String() string {
	if len(c) == 0 {
		return "0"
	}
	parts := make([]string, len(c))
	for i, n := range c {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

// MinLength returns the fewest cells a line needs to hold the clue: the
// blocks plus one white cell between consecutive blocks.
func (c Clue) MinLength() int {
	if len(c) == 0 {
		return 0
	}
	n := len(c) - 1
	for _, l := range c {
		n += l
	}
	return n
}

// Sum returns the number of black cells the clue asks for.
func (c Clue) Sum() int {
	n := 0
	for _, l := range c {
		n += l
	}
	return n
}

// Meta holds a puzzle's descriptive fields, with HTML entities decoded.
// Any of them may be empty.
type Meta struct {
	Title, Author, Copyright, License, Catalogue, Description string
}

// Source records where a puzzle was read, so that errors about a clue can
// name the file and line that holds it. Line numbers are 1-based; 0 means
// unknown.
type Source struct {
	// File is the name used in error messages.
	File string
	// Line is where the puzzle starts.
	Line int
	// RowLines and ColLines hold the line of each row and column clue
	// (nil when the format has no per-clue lines).
	RowLines, ColLines []int
	// GoalLine is the line of the goal image.
	GoalLine int
}

// Puzzle is a black-and-white nonogram: a Width×Height grid with one clue
// per row and per column.
//
// A puzzle that came out of Parse has passed Validate: both dimensions are
// positive, len(Rows) = Height, len(Cols) = Width, every clue fits its line,
// the row and column clues ask for the same number of black cells, and a
// goal or given grid has the puzzle's dimensions.
type Puzzle struct {
	// Name identifies the puzzle within its file: the title, the GRID name
	// or the tournament index, whichever the format provides.
	Name string
	// Width and Height are the numbers of columns and rows.
	Width, Height int
	// Rows holds the row clues top to bottom, Cols the column clues left to
	// right.
	Rows, Cols []Clue
	// Goal is the intended picture when the file holds one, else nil.
	Goal *Grid
	// Given holds cells the puzzle fixes in advance (Tatham's pre-filled
	// squares), Unknown elsewhere; nil when there are none. A solution
	// must agree with every given cell.
	Given *Grid
	// Meta is the descriptive metadata.
	Meta Meta
	// Source is where the puzzle was read.
	Source Source
	// Warnings lists what Parse tolerated in the file, each starting with
	// FILE:LINE:, for the caller to show.
	Warnings []string
}

// Limits on what Parse accepts, so that absurd sizes fail with a clear
// error instead of exhausting memory.
const (
	// MaxSide is the largest width or height.
	MaxSide = 4096
	// MaxCells is the largest number of cells.
	MaxCells = 1 << 22
)

// Validate reports the first reason the puzzle cannot have a solution
// that shows in its clues alone: a bad size, a clue that does not fit its
// line, or row and column clues that ask for different numbers of black
// cells. The error is a *ParseError naming the line of the file when it is
// known. Validate does not solve.
func (p *Puzzle) Validate() error {
	at := func(line int, format string, args ...any) error {
		return &ParseError{File: p.Source.File, Line: line, Err: fmt.Errorf(format, args...)}
	}
	switch {
	case p.Width <= 0 || p.Height <= 0:
		return at(p.Source.Line, "puzzle %s: invalid size %dx%d (width and height must be positive)", p.label(), p.Width, p.Height)
	case p.Width > MaxSide || p.Height > MaxSide || p.Width*p.Height > MaxCells:
		return at(p.Source.Line, "puzzle %s: size %dx%d is too large (at most %d per side and %d cells)", p.label(), p.Width, p.Height, MaxSide, MaxCells)
	case len(p.Rows) != p.Height:
		return at(p.Source.Line, "puzzle %s: %d row clues for height %d", p.label(), len(p.Rows), p.Height)
	case len(p.Cols) != p.Width:
		return at(p.Source.Line, "puzzle %s: %d column clues for width %d", p.label(), len(p.Cols), p.Width)
	}
	check := func(kind string, clues []Clue, lines []int, length int) error {
		for i, c := range clues {
			line := p.Source.Line
			if i < len(lines) {
				line = lines[i]
			}
			for _, n := range c {
				if n <= 0 {
					return at(line, "%s %d: block length %d is not positive", kind, i+1, n)
				}
			}
			if m := c.MinLength(); m > length {
				return at(line, "%s %d: clue %s needs at least %d cells but the %s has %d", kind, i+1, c, m, kind, length)
			}
		}
		return nil
	}
	if err := check("row", p.Rows, p.Source.RowLines, p.Width); err != nil {
		return err
	}
	if err := check("column", p.Cols, p.Source.ColLines, p.Height); err != nil {
		return err
	}
	rs, cs := 0, 0
	for _, c := range p.Rows {
		rs += c.Sum()
	}
	for _, c := range p.Cols {
		cs += c.Sum()
	}
	if rs != cs {
		return at(p.Source.Line, "puzzle %s: the row clues ask for %d black cells but the column clues for %d", p.label(), rs, cs)
	}
	for _, g := range []struct {
		name string
		g    *Grid
		line int
	}{{"goal", p.Goal, p.Source.GoalLine}, {"given cells", p.Given, p.Source.Line}} {
		if g.g != nil && (g.g.Width != p.Width || g.g.Height != p.Height) {
			return at(g.line, "puzzle %s: %s are %dx%d but the puzzle is %dx%d", p.label(), g.name, g.g.Width, g.g.Height, p.Width, p.Height)
		}
	}
	return nil
}

// label names the puzzle in messages.
func (p *Puzzle) label() string {
	if p.Name != "" {
		return strconv.Quote(p.Name)
	}
	return fmt.Sprintf("%dx%d", p.Width, p.Height)
}

// Line returns the clue of line l: rows are 0..Height−1, columns follow.
func (p *Puzzle) Line(l int) Clue {
	if l < p.Height {
		return p.Rows[l]
	}
	return p.Cols[l-p.Height]
}

// lineName names line l for messages ("row 3", "column 7"; 1-based).
func (p *Puzzle) lineName(l int) string {
	if l < p.Height {
		return fmt.Sprintf("row %d", l+1)
	}
	return fmt.Sprintf("column %d", l-p.Height+1)
}
