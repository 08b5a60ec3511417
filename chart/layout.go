package chart

import (
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Wrap breaks s at spaces into lines of at most width runes (a longer
// word stays whole on its line).
func Wrap(s string, width int) string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case len([]rune(line))+1+len([]rune(w)) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// TitleWidth is the number of characters a title line may hold on a
// chart width wide, at the default title size.
func TitleWidth(width vg.Length) int {
	return max(20, int(width/vg.Points(6.5)))
}

// LegendWidth is the width DrawWithLegend needs for a legend whose
// longest entry is the longest of names, at the default legend size.
func LegendWidth(names ...string) vg.Length {
	n := 0
	for _, s := range names {
		n = max(n, len([]rune(s)))
	}
	return vg.Points(float64(n)*6.6 + 44)
}

// DrawWithLegend draws p into c with the legend l in a column of width
// legendW on the right, outside the data area, so that it never hides a
// point.
func DrawWithLegend(c draw.Canvas, p *plot.Plot, l plot.Legend, legendW vg.Length) {
	p.Draw(draw.Crop(c, 0, -legendW, 0, 0))
	width := c.Max.X - c.Min.X
	area := draw.Crop(c, width-legendW+vg.Points(8), 0, 0, -vg.Points(24))
	l.Top, l.Left = true, true
	l.Draw(area)
}

// NewLegend returns an empty legend in the default style.
func NewLegend() plot.Legend {
	l := plot.NewLegend()
	l.ThumbnailWidth = vg.Points(22)
	l.Padding = vg.Points(4)
	return l
}

// LogTimeAxis makes p's Y axis logarithmic over [lo, hi] seconds, with
// ticks at powers of ten written as durations ("1ms", "10s").
func LogTimeAxis(p *plot.Plot, lo, hi float64) {
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = secondsTicks{}
	p.Y.Min, p.Y.Max = lo, hi
}
