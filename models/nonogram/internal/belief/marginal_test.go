package belief

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
)

// TestMarginalsBruteForce compares line marginals with enumeration of the
// completions, weighted by random cell weights.
func TestMarginalsBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var lc lineCounter
	for n := 1; n <= 9; n++ {
		lc.wb, lc.ww = make([]float64, n), make([]float64, n)
		out := make([]float64, n)
		for _, clue := range nonotest.AllClues(n) {
			for trial := 0; trial < 5; trial++ {
				line := nonotest.RandomLine(r, n)
				for i, v := range line {
					switch v {
					case nonogram.Black:
						lc.wb[i], lc.ww[i] = 1, 0
					case nonogram.White:
						lc.wb[i], lc.ww[i] = 0, 1
					default:
						p := 0.05 + 0.9*r.Float64()
						lc.wb[i], lc.ww[i] = p, 1-p
					}
				}
				z := 0.0
				mass := make([]float64, n)
				for _, comp := range nonotest.Completions(clue, line) {
					w := 1.0
					for i, v := range comp {
						if v == nonogram.Black {
							w *= lc.wb[i]
						} else {
							w *= lc.ww[i]
						}
					}
					z += w
					for i, v := range comp {
						if v == nonogram.Black {
							mass[i] += w
						}
					}
				}
				ok := lc.marginals(clue, n, out)
				if ok != (z > 0) {
					t.Fatalf("clue %v line %s: ok %v, brute-force weight %g", clue, nonotest.LineString(line), ok, z)
				}
				for i := range out {
					if ok && math.Abs(out[i]-mass[i]/z) > 1e-9 {
						t.Fatalf("clue %v line %s: cell %d: %g, want %g", clue, nonotest.LineString(line), i, out[i], mass[i]/z)
					}
				}
			}
		}
	}
}

// TestMarginalsStartsAgainstBand compares the placement sums of
// countStarts (lines of up to 64 cells) with the band dynamic programme
// of count on random lines of every length up to 64: a random picture's
// clue with a random part of its cells known (and, one time in four, a
// cell flipped, which may leave no completion), random weights elsewhere.
func TestMarginalsStartsAgainstBand(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	var lc, ref lineCounter
	for n := 1; n <= line.MaxBits; n++ {
		lc.wb, lc.ww = make([]float64, n), make([]float64, n)
		ref.wb, ref.ww = lc.wb, lc.ww
		out, want := make([]float64, n), make([]float64, n)
		for trial := 0; trial < 40; trial++ {
			pic := make([]nonogram.Cell, n)
			dens := 0.2 + 0.6*r.Float64()
			for i := range pic {
				pic[i] = nonogram.White
				if r.Float64() < dens {
					pic[i] = nonogram.Black
				}
			}
			clue := nonogram.Runs(pic)
			if len(clue) == 0 {
				continue
			}
			if r.IntN(4) == 0 {
				i := r.IntN(n)
				pic[i] = 3 - pic[i]
			}
			known := r.Float64() * 0.9
			for i, v := range pic {
				switch {
				case r.Float64() >= known:
					p := 0.05 + 0.9*r.Float64()
					lc.wb[i], lc.ww[i] = p, 1-p
				case v == nonogram.Black:
					lc.wb[i], lc.ww[i] = 1, 0
				default:
					lc.wb[i], lc.ww[i] = 0, 1
				}
			}
			ok := lc.marginals(clue, n, out)
			ref.band.set(&ref.ls, clue, n)
			wantOK := ref.count(clue, n, &ref.band, want)
			if ok != wantOK {
				t.Fatalf("n %d clue %v: ok %v, band %v", n, clue, ok, wantOK)
			}
			for i := range out {
				if ok && math.Abs(out[i]-want[i]) > 1e-9 {
					t.Fatalf("n %d clue %v: cell %d: %g, band %g", n, clue, i, out[i], want[i])
				}
			}
		}
	}
}
