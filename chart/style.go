package chart

import (
	"image/color"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// palette is Tableau 10: ten colours told apart on screen and in print,
// most of them also under colour-vision deficiencies.
var palette = []color.RGBA{
	{0x4e, 0x79, 0xa7, 0xff}, // blue
	{0xf2, 0x8e, 0x2b, 0xff}, // orange
	{0xe1, 0x57, 0x59, 0xff}, // red
	{0x76, 0xb7, 0xb2, 0xff}, // teal
	{0x59, 0xa1, 0x4f, 0xff}, // green
	{0xed, 0xc9, 0x48, 0xff}, // yellow
	{0xb0, 0x7a, 0xa1, 0xff}, // purple
	{0xff, 0x9d, 0xa7, 0xff}, // pink
	{0x9c, 0x75, 0x5f, 0xff}, // brown
	{0x5f, 0x5f, 0x5f, 0xff}, // grey
}

// glyphs are the markers, in the order series take them.
var glyphs = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.RingGlyph{},
	draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.PlusGlyph{},
}

// dashes are the line patterns, in the order series take them.
var dashes = [][]vg.Length{
	nil,
	{vg.Points(6), vg.Points(3)},
	{vg.Points(2), vg.Points(2)},
	{vg.Points(8), vg.Points(3), vg.Points(2), vg.Points(3)},
}

// Color returns the colour of series i; the first ten differ.
func Color(i int) color.Color { return palette[i%len(palette)] }

// Glyph returns the marker of series i. With seven glyphs and ten colours
// the pair (colour, glyph) differs for the first seventy series.
func Glyph(i int) draw.GlyphDrawer { return glyphs[i%len(glyphs)] }

// Dashes returns the line pattern of series i.
func Dashes(i int) []vg.Length { return dashes[i%len(dashes)] }

// LineStyle returns the line style of series i.
func LineStyle(i int) draw.LineStyle {
	return draw.LineStyle{Color: Color(i), Width: vg.Points(1.5), Dashes: Dashes(i)}
}

// GlyphStyle returns the marker style of series i.
func GlyphStyle(i int) draw.GlyphStyle {
	return draw.GlyphStyle{Color: Color(i), Radius: vg.Points(3.5), Shape: Glyph(i)}
}
