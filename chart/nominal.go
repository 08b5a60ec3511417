package chart

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// NominalX names the positions 0, 1, … of p's X axis, as plot.NominalX
// does, for p drawn into c: flat when every name fits beside its
// neighbours, otherwise turned just enough (30°, 45°, then 90°) that
// neighbouring names, parallel, stand a line apart, each ending under its
// tick. Call it once every plotter is added (the X range is then known).
func NominalX(p *plot.Plot, c draw.Canvas, names ...string) {
	p.NominalX(names...)
	if len(names) == 0 {
		return
	}
	style := &p.X.Tick.Label
	spacing := TickSpacing(p, c)
	if FitsFlat(*style, spacing, names...) {
		return
	}
	line := style.Height("M")
	angle := math.Pi / 2
	for _, deg := range []float64{30, 45} {
		if a := deg * math.Pi / 180; spacing*vg.Length(math.Sin(a)) >= line*labelGap {
			angle = a
			break
		}
	}
	style.Rotation = angle
	style.XAlign, style.YAlign = text.XRight, text.YTop
	// A turned name's corner rises by its descent above its anchor: a
	// short tick between the names and the axis keeps it off the line and
	// shows which group each name ends under.
	p.X.Tick.Length, p.X.Tick.Width = line/2, vg.Points(0.5)
	// The first name reaches left of its tick by its width along the
	// slant: the padding keeps it on the canvas.
	p.Y.Padding = max(0, style.Width(names[0])*vg.Length(math.Cos(angle))-spacing/2)
}

// labelGap is the room between two neighbouring names, in lines: a flat
// name keeps half a line from the next, a turned one a fifth of a line
// beyond its own height.
const labelGap = 1.2

// TickSpacing returns the distance on c between two X positions one unit
// apart in p's data area.
func TickSpacing(p *plot.Plot, c draw.Canvas) vg.Length {
	da := p.DataCanvas(c)
	return (da.Max.X - da.Min.X) / vg.Length(p.X.Max-p.X.Min)
}

// FitsFlat reports whether names written flat in style, one spacing
// apart, keep half a line between neighbours.
func FitsFlat(style text.Style, spacing vg.Length, names ...string) bool {
	gap := style.Height("M") / 2
	for i := 1; i < len(names); i++ {
		if (style.Width(names[i-1])+style.Width(names[i]))/2+gap > spacing {
			return false
		}
	}
	return true
}
