package compare

import (
	"bytes"
	"math"
	"regexp"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/satsolve/satsolve/sat"
)

// dobbleLike is a comparison shaped like "satsolve compare dobble --order
// 3" (14 methods with long names, one with native PB constraints, on
// three backends) with every kind of cell: times, n/a, a timeout, a solver
// that gave up.
func dobbleLike() *Comparison {
	names := []string{"card=seqcounter", "card=totalizer", "card=sortnet", "card=cardnet", "card=modtotalizer",
		"card=native", "amo=pairwise", "amo=ladder", "amo=commander", "amo=binary", "amo=bimander", "amo=product",
		"pair=aux", "pair=rect"}
	c := &Comparison{Family: "dobble", Subject: &Subject{What: "incidence model of a deck of 4-symbol cards, any two sharing 1",
		Task: "find the deck"}, Backends: []string{"cdcl", "gini", "gophersat"}, Repeat: 3, Timeout: 10 * time.Second,
		Answer: sat.Sat}
	for i, n := range names {
		c.Subject.Methods = append(c.Subject.Methods, Method{Name: n})
		r := Row{Method: n, Aux: 2000 + 100*i, Clauses: 10000 + 500*i, Literals: 30000 - 700*i, Encode: time.Duration(i+1) * 300 * time.Microsecond}
		for k := range c.Backends {
			r.Solves = append(r.Solves, Cell{Applies: true, Status: sat.Sat, Time: time.Duration(k*20+i+1) * time.Millisecond})
		}
		switch n {
		case "card=native":
			r.PBs = 26
			r.Solves[0], r.Solves[1] = Cell{}, Cell{}
		case "amo=ladder":
			r.Solves[2] = Cell{Applies: true, Time: Never, TimedOut: true}
		case "pair=aux":
			r.Solves[1] = Cell{Applies: true, Time: Never}
		}
		c.Rows = append(c.Rows, r)
	}
	c.Measured = len(names) * len(c.Backends)
	return c
}

// TestChartNamesApart draws the panels at the chart's own size and checks,
// with the font's metrics, that neighbouring method names on the X axes
// never overlap: flat names keep a gap between their extents, turned ones
// (parallel) keep a line's height between their baselines; and that the
// first name stays on the canvas.
func TestChartNamesApart(t *testing.T) {
	for _, c := range []*Comparison{dobbleLike(), smallComparison()} {
		w, h := chartSize(c)
		dc := draw.New(vgsvg.New(w, h))
		sizes, times, _, _, err := panels(dc, c)
		if err != nil {
			t.Fatal(err)
		}
		top, bottom := panelCanvases(dc)
		legendW := legendWidth(c)
		for _, pc := range []struct {
			name   string
			p      *plot.Plot
			canvas draw.Canvas
		}{{"sizes", sizes, draw.Crop(top, 0, -legendW, 0, 0)}, {"times", times, draw.Crop(bottom, 0, -legendW, 0, 0)}} {
			p, style := pc.p, pc.p.X.Tick.Label
			da := p.DataCanvas(pc.canvas)
			ticks := p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max)
			if len(ticks) != len(c.Rows) {
				t.Fatalf("%s: %d names for %d methods", pc.name, len(ticks), len(c.Rows))
			}
			x := func(i int) vg.Length { return da.X(p.X.Norm(ticks[i].Value)) }
			line := style.Height("M")
			for i := 1; i < len(ticks); i++ {
				spacing := x(i) - x(i-1)
				a, b := ticks[i-1].Label, ticks[i].Label
				if style.Rotation == 0 {
					if (style.Width(a)+style.Width(b))/2 >= spacing {
						t.Errorf("%s (%d methods): flat names %q and %q overlap: widths %.0f and %.0f, %.0f apart",
							pc.name, len(c.Rows), a, b, style.Width(a), style.Width(b), spacing)
					}
					continue
				}
				if d := spacing * vg.Length(math.Sin(style.Rotation)); d < line {
					t.Errorf("%s (%d methods): names %q and %q turned by %.0f° are %.1f apart across, a line is %.1f",
						pc.name, len(c.Rows), a, b, style.Rotation*180/math.Pi, d, line)
				}
			}
			if left := x(0) - style.Width(ticks[0].Label)*vg.Length(math.Cos(style.Rotation)); style.Rotation != 0 && left < dc.Min.X {
				t.Errorf("%s: the first name starts %.0f left of the canvas", pc.name, dc.Min.X-left)
			}
		}
	}
}

// smallComparison has three short names, which fit flat.
func smallComparison() *Comparison {
	c := dobbleLike()
	c.Rows = c.Rows[:3]
	for i := range c.Rows {
		c.Rows[i].Method = []string{"seq", "tot", "net"}[i]
	}
	return c
}

// TestChartFlatWhenTheyFit checks that short names are not turned.
func TestChartFlatWhenTheyFit(t *testing.T) {
	c := smallComparison()
	w, h := chartSize(c)
	sizes, times, _, _, err := panels(draw.New(vgsvg.New(w, h)), c)
	if err != nil {
		t.Fatal(err)
	}
	if sizes.X.Tick.Label.Rotation != 0 || times.X.Tick.Label.Rotation != 0 {
		t.Errorf("three short names turned: %v, %v", sizes.X.Tick.Label.Rotation, times.X.Tick.Label.Rotation)
	}
}

// TestChartTimeTicks checks the time axis: its top is within half a
// decade of the slowest time or the limit, every labelled tick is within
// the data's span, and labels are plain durations ("100s", never Go's
// "1m40s").
func TestChartTimeTicks(t *testing.T) {
	for _, limit := range []time.Duration{10 * time.Second, 100 * time.Second, 250 * time.Millisecond} {
		c := dobbleLike()
		c.Timeout = limit
		_, times, _, _, err := panels(draw.New(vgsvg.New(chartSize(c))), c)
		if err != nil {
			t.Fatal(err)
		}
		top := limit.Seconds()
		if times.Y.Max > top*math.Sqrt(10) {
			t.Errorf("limit %v: the axis goes up to %gs, more than half a decade above the limit", limit, times.Y.Max)
		}
		plain := regexp.MustCompile(`^[0-9.]+(s|ms|µs)$`)
		for _, tk := range times.Y.Tick.Marker.Ticks(times.Y.Min, times.Y.Max) {
			if tk.Label == "" {
				continue
			}
			if !plain.MatchString(tk.Label) {
				t.Errorf("limit %v: tick label %q", limit, tk.Label)
			}
			if tk.Value > top*1.0001 {
				t.Errorf("limit %v: a labelled tick %q above every time and the limit", limit, tk.Label)
			}
		}
	}
}

// TestChartLegendAndPB checks the SVG's words: no legend text repeats the
// cross its thumbnail draws ("× ×"), and a method's native PB constraints
// are counted in its name on the size panel, not in a label drawn over the
// bars.
func TestChartLegendAndPB(t *testing.T) {
	c := dobbleLike()
	var b bytes.Buffer
	if err := WriteSVG(&b, c); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	if strings.Contains(svg, "×") {
		t.Error("the SVG writes a × beside the × its legend draws")
	}
	if !strings.Contains(svg, "card=native (26 PB)") {
		t.Error("the size panel does not count card=native's 26 PB constraints in its name")
	}
	if strings.Contains(svg, ">26 PB<") {
		t.Error("the size panel writes the PB count as a label of its own, over the bars")
	}
}

// TestChartStopped checks that a comparison stopped before the end is
// drawn, its runs not measured written "stopped" and explained.
func TestChartStopped(t *testing.T) {
	c := dobbleLike()
	c.Rows = c.Rows[:2]
	c.Rows[1].Solves[2] = Cell{Applies: true, Stopped: true}
	c.Stopped, c.Measured = true, 5
	var b bytes.Buffer
	if err := WriteSVG(&b, c); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), ">stopped<") || !strings.Contains(b.String(), stoppedText) {
		t.Error("the stopped run is not drawn as stopped")
	}
}

// TestChartEmbedsFont checks that the SVG carries the font it was laid
// out with: every font-family it names has an @font-face, so a viewer
// without Liberation Serif (which falls back to a wider face, and runs
// the names into each other) draws it as measured.
func TestChartEmbedsFont(t *testing.T) {
	var b bytes.Buffer
	if err := WriteSVG(&b, dobbleLike()); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	used := regexp.MustCompile(`font-family:([^;"]+)`).FindAllStringSubmatch(svg, -1)
	if len(used) == 0 {
		t.Fatal("the SVG names no font")
	}
	for _, m := range used {
		if !strings.Contains(svg, `font-family:"`+m[1]+`"`) {
			t.Errorf("font %q is used but not embedded", m[1])
		}
	}
}
