package chart

import (
	"math"
	"strconv"
	"time"

	"gonum.org/v1/plot"
)

// secondsTicks marks a logarithmic axis in seconds at each power of ten,
// labelled as durations.
type secondsTicks struct{}

// Ticks returns a labelled tick at each power of ten in [min, max] and
// unlabelled ones at 2..9 times it.
func (secondsTicks) Ticks(min, max float64) []plot.Tick {
	var ts []plot.Tick
	for e := math.Floor(math.Log10(min)); e <= math.Ceil(math.Log10(max)); e++ {
		base := math.Pow(10, e)
		for k := 1; k <= 9; k++ {
			v := base * float64(k)
			if v < min || v > max {
				continue
			}
			t := plot.Tick{Value: v}
			if k == 1 {
				t.Label = Seconds(v)
			}
			ts = append(ts, t)
		}
	}
	return ts
}

// Seconds writes s seconds as a short duration: "100µs", "10ms", "1s",
// "100s" (whole seconds however many: a tick reads "100s", not Go's
// "1m40s").
func Seconds(s float64) string {
	d := time.Duration(s * float64(time.Second))
	switch {
	case d >= time.Second:
		return strconv.FormatFloat(math.Round(s), 'f', -1, 64) + "s"
	case d >= time.Millisecond:
		return trim(float64(d)/float64(time.Millisecond)) + "ms"
	case d >= time.Microsecond:
		return trim(float64(d)/float64(time.Microsecond)) + "µs"
	}
	return d.String()
}

// trim writes x with up to three significant digits.
func trim(x float64) string { return strconv.FormatFloat(x, 'g', 3, 64) }

// CountAxis labels p's Y axis as counts: gonum's default ticks, written as
// whole numbers ("750", not "750.00").
func CountAxis(p *plot.Plot) { p.Y.Tick.Marker = countTicks{} }

// countTicks are plot.DefaultTicks with whole-number labels.
type countTicks struct{}

// Ticks returns the default ticks of [min, max], each labelled tick
// written as the whole number it is (a tick between two whole numbers
// keeps no label).
func (countTicks) Ticks(min, max float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(min, max)
	for i := range ts {
		if ts[i].Label == "" {
			continue
		}
		if v := ts[i].Value; v == math.Trunc(v) {
			ts[i].Label = strconv.FormatFloat(v, 'f', -1, 64)
		} else {
			ts[i].Label = ""
		}
	}
	return ts
}
