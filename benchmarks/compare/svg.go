package compare

import (
	"fmt"
	"io"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// barSeries is one bar per method, of one colour.
type barSeries struct {
	name   string
	values plotter.Values
}

// WriteSVG draws the comparison as two grouped bar charts, one group per
// method: the encoding's size (aux variables, clauses, literals) above, the
// encode and solve times below. A solve without a median time (n/a, no
// answer within the limit) has no bar.
func WriteSVG(w io.Writer, c *Comparison) error {
	panels, width, height, err := comparePanels(c)
	if err != nil {
		return err
	}
	canvas := vgsvg.New(width, height)
	drawPanels(draw.New(canvas), panels)
	_, err = canvas.WriteTo(w)
	return err
}

// comparePanels returns the two charts of a comparison, one above the
// other, and the size of a canvas that fits them.
func comparePanels(c *Comparison) (panels [][]*plot.Plot, width, height vg.Length, err error) {
	methods := make([]string, len(c.Rows))
	size := []barSeries{{name: "aux variables"}, {name: "clauses"}, {name: "literals"}}
	times := []barSeries{{name: "encode"}}
	for _, b := range c.Backends {
		times = append(times, barSeries{name: "solve " + b})
	}
	for i, r := range c.Rows {
		methods[i] = r.Method
		size[0].values = append(size[0].values, float64(r.Aux))
		size[1].values = append(size[1].values, float64(r.Clauses))
		size[2].values = append(size[2].values, float64(r.Literals))
		times[0].values = append(times[0].values, milliseconds(r.Encode))
		for j, s := range r.Solves {
			v := 0.0
			if s.Seconds() != nil {
				v = milliseconds(s.Time)
			}
			times[j+1].values = append(times[j+1].values, v)
		}
	}
	top, err := barPanel(fmt.Sprintf("%s: %s — encoding size", c.Family, c.Subject.What), "count", methods, size)
	if err != nil {
		return nil, 0, 0, err
	}
	bottom, err := barPanel(fmt.Sprintf("encode time and solve time (median of %d; no bar: n/a or no answer within %v)", c.Repeat, c.Timeout),
		"milliseconds", methods, times)
	if err != nil {
		return nil, 0, 0, err
	}
	width = max(18*vg.Centimeter, vg.Length(len(methods)*len(times))*vg.Points(16)+4*vg.Centimeter)
	return [][]*plot.Plot{{top}, {bottom}}, width, 22 * vg.Centimeter, nil
}

// drawPanels draws a column of aligned plots on dc.
func drawPanels(dc draw.Canvas, panels [][]*plot.Plot) {
	pad := vg.Centimeter / 2
	tiles := draw.Tiles{Rows: len(panels), Cols: 1, PadTop: pad, PadBottom: pad, PadLeft: pad, PadRight: pad, PadY: 2 * pad}
	for i, cs := range plot.Align(panels, tiles, dc) {
		panels[i][0].Draw(cs[0])
	}
}

// barPanel returns a plot with one group of bars per method and one bar
// per series in each group, with room above the bars for the legend.
func barPanel(title, ylabel string, methods []string, series []barSeries) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = ylabel
	p.Legend.Top = true
	w := vg.Points(min(16, 64/float64(len(series))))
	highest := 0.0
	for i, s := range series {
		bc, err := plotter.NewBarChart(s.values, w)
		if err != nil {
			return nil, err
		}
		bc.Color = plotutil.Color(i)
		bc.LineStyle.Width = 0
		bc.Offset = w * vg.Length(float64(i)-float64(len(series)-1)/2)
		p.Add(bc)
		p.Legend.Add(s.name, bc)
		for _, v := range s.values {
			highest = max(highest, v)
		}
	}
	p.NominalX(methods...)
	p.Y.Min = 0
	p.Y.Max = max(1, highest*(1+0.12*float64(len(series))))
	return p, nil
}

// milliseconds returns d in milliseconds.
func milliseconds(d time.Duration) float64 { return d.Seconds() * 1000 }
