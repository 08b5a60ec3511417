package picture

import (
	"image/color"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/satsolve/satsolve/models/nonogram"
)

// Pictures. The layout counts in cells: the row clues take as many cells
// to the left of the grid as the longest row clue has numbers, the column
// clues as many above it as the longest column clue. Every fifth grid line
// is thicker, as on printed puzzles.

// Units returns the width and height of the picture Draw makes for p,
// counted in cells (clue areas included), so that a caller can size a
// canvas: cell side × units.
func Units(p *nonogram.Puzzle) (w, h int) {
	return longest(p.Rows) + p.Width, longest(p.Cols) + p.Height
}

func longest(clues []nonogram.Clue) int {
	n := 1
	for _, c := range clues {
		n = max(n, len(c))
	}
	return n
}

// Draw draws the clues of p and the grid g (nil for an empty grid; unknown
// cells stay white) into the rectangle of c, with square cells as large as
// fit.
func Draw(c draw.Canvas, p *nonogram.Puzzle, g *nonogram.Grid) {
	uw, uh := Units(p)
	size := c.Max.Sub(c.Min)
	cell := min(size.X/vg.Length(uw), size.Y/vg.Length(uh))
	left, top := longest(p.Rows), longest(p.Cols)
	// Cell (r, c) has its lower-left corner at xy(c, r+1).
	x0 := c.Min.X + vg.Length(left)*cell
	y0 := c.Min.Y + vg.Length(uh)*cell - vg.Length(top)*cell
	xy := func(col, row int) vg.Point {
		return vg.Point{X: x0 + vg.Length(col)*cell, Y: y0 - vg.Length(row)*cell}
	}
	rect := func(col, row int) []vg.Point {
		a, b := xy(col, row+1), xy(col+1, row)
		return []vg.Point{a, {X: b.X, Y: a.Y}, b, {X: a.X, Y: b.Y}}
	}
	c.FillPolygon(color.White, []vg.Point{c.Min, {X: c.Max.X, Y: c.Min.Y}, c.Max, {X: c.Min.X, Y: c.Max.Y}})
	if g != nil {
		for r := 0; r < p.Height; r++ {
			for col := 0; col < p.Width; col++ {
				if g.At(r, col) == nonogram.Black {
					c.FillPolygon(color.Black, rect(col, r))
				}
			}
		}
	}
	thin := draw.LineStyle{Color: color.Gray{Y: 160}, Width: cell / 20}
	thick := draw.LineStyle{Color: color.Black, Width: cell / 8}
	for col := 0; col <= p.Width; col++ {
		sty := thin
		if col%5 == 0 || col == p.Width {
			sty = thick
		}
		a, b := xy(col, 0), xy(col, p.Height)
		c.StrokeLine2(sty, a.X, a.Y, b.X, b.Y)
	}
	for r := 0; r <= p.Height; r++ {
		sty := thin
		if r%5 == 0 || r == p.Height {
			sty = thick
		}
		a, b := xy(0, r), xy(p.Width, r)
		c.StrokeLine2(sty, a.X, a.Y, b.X, b.Y)
	}
	fnt := font.From(plot.DefaultFont, cell*0.55)
	sty := text.Style{Color: color.Black, Font: fnt, XAlign: draw.XCenter, YAlign: draw.YCenter, Handler: plot.DefaultTextHandler}
	centre := func(col, row int) vg.Point {
		a := xy(col, row+1)
		return vg.Point{X: a.X + cell/2, Y: a.Y + cell/2}
	}
	for r, clue := range p.Rows {
		for k, n := range clue {
			c.FillText(sty, centre(k-len(clue), r), strconv.Itoa(n))
		}
	}
	for col, clue := range p.Cols {
		for k, n := range clue {
			c.FillText(sty, centre(col, k-len(clue)), strconv.Itoa(n))
		}
	}
}
