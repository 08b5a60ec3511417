package belief

import (
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
)

// BenchmarkMarginals measures line marginals on the same lines (uniform
// weights on unknown cells).
func BenchmarkMarginals(b *testing.B) {
	cases := nonotest.BenchLines()
	lc := lineCounter{wb: make([]float64, 25), ww: make([]float64, 25)}
	out := make([]float64, 25)
	i := 0
	for b.Loop() {
		c := cases[i%len(cases)]
		for k, v := range c.Line {
			switch v {
			case nonogram.Black:
				lc.wb[k], lc.ww[k] = 1, 0
			case nonogram.White:
				lc.wb[k], lc.ww[k] = 0, 1
			default:
				lc.wb[k], lc.ww[k] = 0.5, 0.5
			}
		}
		lc.marginals(c.Clue, 25, out)
		i++
	}
}
