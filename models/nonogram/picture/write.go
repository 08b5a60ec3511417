package picture

import (
	"io"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/satsolve/satsolve/models/nonogram"
)

// Cell is the side of a cell in the pictures WriteSVG and WritePNG make.
const Cell vg.Length = 15 // points

// DPI is the resolution of PNG pictures: a cell is 20 pixels.
const DPI = 96

// Size returns the width and height of p's picture.
func Size(p *nonogram.Puzzle) (w, h vg.Length) {
	uw, uh := Units(p)
	return vg.Length(uw) * Cell, vg.Length(uh) * Cell
}

// WriteSVG writes the picture of p and g (nil: the clues on an empty
// grid) as SVG.
func WriteSVG(w io.Writer, p *nonogram.Puzzle, g *nonogram.Grid) error {
	cw, ch := Size(p)
	c := vgsvg.New(cw, ch)
	Draw(draw.New(c), p, g)
	_, err := c.WriteTo(w)
	return err
}

// WritePNG writes the picture of p and g (nil: the clues on an empty
// grid) as PNG at DPI.
func WritePNG(w io.Writer, p *nonogram.Puzzle, g *nonogram.Grid) error {
	cw, ch := Size(p)
	c := vgimg.NewWith(vgimg.UseDPI(DPI), vgimg.UseWH(cw, ch))
	Draw(draw.New(c), p, g)
	_, err := vgimg.PngCanvas{Canvas: c}.WriteTo(w)
	return err
}
