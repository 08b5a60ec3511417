package compare

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/satsolve/satsolve/chart"
)

// The chart of a comparison has two panels, one above the other, each
// with its legend in a column to the right of the data:
//
//   - the size of each method's encoding: auxiliary variables, clauses
//     and literals as grouped bars;
//   - the times, on a logarithmic axis (encode times are microseconds
//     where solve times are seconds): the encode time and the solve time
//     on each backend as markers, one colour and glyph per series. A solve
//     without an answer within the limit is a cross on the dashed limit
//     line; one the solver gave up is a cross at the bottom; a method that
//     does not apply to a backend is written "n/a" at the bottom, and a
//     run the comparison stopped before "stopped".
//
// The method names are written under their groups, turned when they do
// not fit side by side (chart.NominalX); a method's native PB constraints,
// which have no bar, are counted in its name on the size panel.

// WriteSVG draws the comparison as SVG.
func WriteSVG(w io.Writer, c *Comparison) error {
	width, height := chartSize(c)
	canvas := vgsvg.NewWith(vgsvg.UseWH(width, height), vgsvg.EmbedFonts(true))
	if err := drawComparison(draw.New(canvas), c); err != nil {
		return err
	}
	_, err := canvas.WriteTo(w)
	return err
}

// Legend texts that are not series names. A cross's meaning is where it
// stands: its thumbnail is the cross, its text says where.
const (
	naText      = "n/a: does not apply"
	stoppedText = "stopped: not measured"
	pbText      = "(N PB): native PB constraints"
	timeoutText = "on the limit: no answer in time"
	gaveUpText  = "at the bottom: gave up"
)

// legendWidth returns the width of the legend column of c's chart.
func legendWidth(c *Comparison) vg.Length {
	names := []string{"aux variables", naText, stoppedText, pbText, timeoutText, gaveUpText, fmt.Sprintf("limit %v", c.Timeout)}
	for _, b := range c.Backends {
		names = append(names, "solve on "+b)
	}
	return chart.LegendWidth(names...)
}

// chartSize returns the size of the chart: wide enough for the method
// names and the markers of every series, and the legend.
func chartSize(c *Comparison) (w, h vg.Length) {
	series := 1 + len(c.Backends)
	w = max(20*vg.Centimeter, vg.Length(len(c.Rows)*max(series*14, 60))*vg.Points(1)+4*vg.Centimeter) + legendWidth(c)
	return w, 26 * vg.Centimeter
}

// drawComparison draws both panels on dc.
func drawComparison(dc draw.Canvas, c *Comparison) error {
	sizes, times, sizeLegend, timeLegend, err := panels(dc, c)
	if err != nil {
		return err
	}
	top, bottom := panelCanvases(dc)
	legendW := legendWidth(c)
	chart.DrawWithLegend(top, sizes, sizeLegend, legendW)
	chart.DrawWithLegend(bottom, times, timeLegend, legendW)
	return nil
}

// panelCanvases returns the canvases of the two panels, one above the
// other, legends included.
func panelCanvases(dc draw.Canvas) (top, bottom draw.Canvas) {
	height := dc.Max.Y - dc.Min.Y
	pad := vg.Centimeter / 2
	return draw.Crop(dc, pad, -pad, height/2+pad/2, -pad), draw.Crop(dc, pad, -pad, pad, -height/2-pad/2)
}

// panels returns the plots of both panels and their legends, their method
// names laid out for drawing on dc.
func panels(dc draw.Canvas, c *Comparison) (sizes, times *plot.Plot, sizeLegend, timeLegend plot.Legend, err error) {
	legendW := legendWidth(c)
	titleWidth := chart.TitleWidth(dc.Max.X - dc.Min.X - legendW)
	if sizes, sizeLegend, err = sizePanel(c, titleWidth); err != nil {
		return
	}
	if times, timeLegend, err = timePanel(c, titleWidth); err != nil {
		return
	}
	top, bottom := panelCanvases(dc)
	chart.NominalX(sizes, draw.Crop(top, 0, -legendW, 0, 0), sizeNames(c)...)
	chart.NominalX(times, draw.Crop(bottom, 0, -legendW, 0, 0), methodNames(c)...)
	return
}

// methodNames returns the rows' methods, the X axis's names.
func methodNames(c *Comparison) []string {
	names := make([]string, len(c.Rows))
	for i, r := range c.Rows {
		names[i] = r.Method
	}
	return names
}

// sizeNames returns the size panel's names: each method with the count of
// its native PB constraints, which have no bar.
func sizeNames(c *Comparison) []string {
	names := methodNames(c)
	for i, r := range c.Rows {
		if r.PBs > 0 {
			names[i] += fmt.Sprintf(" (%d PB)", r.PBs)
		}
	}
	return names
}

// sizePanel returns the bar chart of the encodings' sizes.
func sizePanel(c *Comparison, titleWidth int) (*plot.Plot, plot.Legend, error) {
	p := plot.New()
	p.Title.Text = chart.Wrap(fmt.Sprintf("%s: %s — size of each encoding", c.Family, c.Subject.What), titleWidth)
	p.Y.Label.Text = "count"
	chart.CountAxis(p)
	legend := chart.NewLegend()
	series := []struct {
		name string
		get  func(Row) int
	}{
		{"aux variables", func(r Row) int { return r.Aux }},
		{"clauses", func(r Row) int { return r.Clauses }},
		{"literals", func(r Row) int { return r.Literals }},
	}
	w := vg.Points(min(14, 48/float64(len(series))))
	highest := 0.0
	for i, s := range series {
		vals := make(plotter.Values, len(c.Rows))
		for j, r := range c.Rows {
			vals[j] = float64(s.get(r))
			highest = max(highest, vals[j])
		}
		bc, err := plotter.NewBarChart(vals, w)
		if err != nil {
			return nil, legend, err
		}
		bc.Color = chart.Color(i)
		bc.LineStyle.Width = 0
		bc.Offset = w * vg.Length(float64(i)-float64(len(series)-1)/2)
		p.Add(bc)
		legend.Add(s.name, bc)
	}
	if slices.ContainsFunc(c.Rows, func(r Row) bool { return r.PBs > 0 }) {
		legend.Add(pbText)
	}
	p.Add(plotter.NewGrid())
	p.X.Min, p.X.Max = -0.5, float64(len(c.Rows))-0.5
	p.Y.Min, p.Y.Max = 0, max(1, highest*1.05)
	return p, legend, nil
}

// timePanel returns the dot chart of encode and solve times.
func timePanel(c *Comparison, titleWidth int) (*plot.Plot, plot.Legend, error) {
	p := plot.New()
	limit := c.Timeout.Seconds()
	runs := "1 run"
	if c.Repeat > 1 {
		runs = fmt.Sprintf("median of %d runs", c.Repeat)
	}
	p.Title.Text = chart.Wrap(fmt.Sprintf("encode time and solve time per backend (%s; solves limited to %v)", runs, c.Timeout), titleWidth)
	p.Y.Label.Text = "time (log scale)"
	legend := chart.NewLegend()
	lo, hi := timeRange(c)
	chart.LogTimeAxis(p, lo, hi)
	p.Add(plotter.NewGrid())

	marks, notes := timeMarks(c, lo)
	var timedOut, gaveUp bool
	for k, m := range marks {
		name := "encode"
		if k > 0 {
			name = "solve on " + c.Backends[k-1]
		}
		sc, err := plotter.NewScatter(m.times)
		if err != nil {
			return nil, legend, err
		}
		sc.GlyphStyle = chart.GlyphStyle(k)
		p.Add(sc)
		legend.Add(name, sc)
		timedOut, gaveUp = timedOut || len(m.timedOut) > 0, gaveUp || len(m.gaveUp) > 0
		for _, crosses := range []plotter.XYs{m.timedOut, m.gaveUp} {
			if len(crosses) == 0 {
				continue
			}
			x, err := plotter.NewScatter(crosses)
			if err != nil {
				return nil, legend, err
			}
			x.GlyphStyle = draw.GlyphStyle{Color: chart.Color(k), Radius: vg.Points(4.5), Shape: draw.CrossGlyph{}}
			p.Add(x)
		}
	}
	// The limit, the notes, and what a cross means.
	line, err := plotter.NewLine(plotter.XYs{{X: -0.5, Y: limit}, {X: float64(len(c.Rows)) - 0.5, Y: limit}})
	if err != nil {
		return nil, legend, err
	}
	line.LineStyle = draw.LineStyle{Color: color.Gray{Y: 80}, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}
	p.Add(line)
	legend.Add(fmt.Sprintf("limit %v", c.Timeout), line)
	if err := addNotes(p, &legend, notes); err != nil {
		return nil, legend, err
	}
	marker, err := plotter.NewScatter(plotter.XYs{{}})
	if err != nil {
		return nil, legend, err
	}
	marker.GlyphStyle = draw.GlyphStyle{Color: color.Gray{Y: 80}, Radius: vg.Points(4.5), Shape: draw.CrossGlyph{}}
	if timedOut {
		legend.Add(timeoutText, marker)
	}
	if gaveUp {
		legend.Add(gaveUpText, marker)
	}
	p.X.Min, p.X.Max = -0.5, float64(len(c.Rows))-0.5
	return p, legend, nil
}

// timeRange returns the span of the time axis, in seconds: from half the
// power of ten below the fastest time, so that a labelled tick stands
// under every time and the marks at the bottom (gave up, n/a, stopped)
// apart from them, to just above the slowest time or the limit, so that
// every labelled tick is within the data.
func timeRange(c *Comparison) (lo, hi float64) {
	lo, hi = c.Timeout.Seconds(), c.Timeout.Seconds()
	for _, r := range c.Rows {
		if s := r.Encode.Seconds(); s > 0 {
			lo = min(lo, s)
		}
		for _, cl := range r.Solves {
			if s := cl.Seconds(); s != nil && *s > 0 {
				lo, hi = min(lo, *s), max(hi, *s)
			}
		}
	}
	return math.Pow(10, math.Floor(math.Log10(lo))) / 2, hi * 1.5
}

// seriesMarks are where one series of the time panel (the encode times,
// or the solves on one backend) draws: its times, and its crosses on the
// limit (no answer in time) and at the bottom (the solver gave up).
type seriesMarks struct{ times, timedOut, gaveUp plotter.XYs }

// timeMarks places every cell of c on the time panel whose bottom is lo:
// the marks of each series (encode, then each backend), side by side
// within a method's group, and the notes written at the bottom ("n/a",
// "stopped").
func timeMarks(c *Comparison, lo float64) ([]seriesMarks, plotter.XYLabels) {
	series := 1 + len(c.Backends)
	step := 0.8 / float64(series)
	marks := make([]seriesMarks, series)
	var notes plotter.XYLabels
	note := func(x float64, text string) {
		notes.XYs = append(notes.XYs, plotter.XY{X: x, Y: lo})
		notes.Labels = append(notes.Labels, text)
	}
	for k := range marks {
		m := &marks[k]
		for i, r := range c.Rows {
			x := float64(i) + (float64(k)-float64(series-1)/2)*step
			if k == 0 {
				m.times = append(m.times, plotter.XY{X: x, Y: max(r.Encode.Seconds(), lo)})
				continue
			}
			switch cl := r.Solves[k-1]; {
			case cl.Stopped:
				note(x, "stopped")
			case !cl.Applies:
				note(x, "n/a")
			case cl.Seconds() != nil:
				m.times = append(m.times, plotter.XY{X: x, Y: max(*cl.Seconds(), lo)})
			case cl.TimedOut:
				m.timedOut = append(m.timedOut, plotter.XY{X: x, Y: c.Timeout.Seconds()})
			default:
				m.gaveUp = append(m.gaveUp, plotter.XY{X: x, Y: lo})
			}
		}
	}
	return marks, notes
}

// addNotes writes the notes on p, upright and small, each over its own
// series (beside each other flat, two or more would run into one,
// "n/an/a"), and says in the legend what they mean.
func addNotes(p *plot.Plot, legend *plot.Legend, notes plotter.XYLabels) error {
	if len(notes.XYs) == 0 {
		return nil
	}
	labels, err := plotter.NewLabels(notes)
	if err != nil {
		return err
	}
	for i := range labels.TextStyle {
		st := &labels.TextStyle[i]
		st.Rotation, st.XAlign, st.YAlign = math.Pi/2, draw.XLeft, draw.YCenter
		st.Font.Size = vg.Points(7)
	}
	p.Add(labels)
	if slices.Contains(notes.Labels, "n/a") {
		legend.Add(naText)
	}
	if slices.Contains(notes.Labels, "stopped") {
		legend.Add(stoppedText)
	}
	return nil
}
