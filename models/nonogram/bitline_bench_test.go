package nonogram

import (
	"math/rand/v2"
	"testing"
)

// lineCase is one line-solver input for the benchmarks.
type lineCase struct {
	clue Clue
	line []Cell
}

// benchLines returns random 25-cell lines like those of the tournament
// sets: a random picture's clue with a third of its cells known.
func benchLines() []lineCase {
	r := rand.New(rand.NewPCG(5, 6))
	var out []lineCase
	for range 1000 {
		pic := make([]Cell, 25)
		for i := range pic {
			pic[i] = White
			if r.IntN(2) == 0 {
				pic[i] = Black
			}
		}
		line := make([]Cell, 25)
		for i := range line {
			if r.IntN(3) == 0 {
				line[i] = pic[i]
			}
		}
		out = append(out, lineCase{Runs(pic), line})
	}
	return out
}

// BenchmarkLineSolver compares the dynamic programme with the bit-parallel
// solver on the same 25-cell lines (ns/op is per line).
func BenchmarkLineSolver(b *testing.B) {
	cases := benchLines()
	b.Run("dp", func(b *testing.B) {
		var ls lineSolver
		out := make([]Cell, 25)
		i := 0
		for b.Loop() {
			c := cases[i%len(cases)]
			ls.solve(c.clue, c.line, out)
			i++
		}
	})
	b.Run("bits", func(b *testing.B) {
		var bl bitLine
		type w struct{ f, e uint64 }
		ws := make([]w, len(cases))
		for i, c := range cases {
			ws[i].f, ws[i].e = toBits(c.line)
		}
		i := 0
		for b.Loop() {
			k := i % len(cases)
			bl.solve(cases[k].clue, 25, ws[k].f, ws[k].e)
			i++
		}
	})
}

// BenchmarkMarginals measures line marginals on the same lines (uniform
// weights on unknown cells).
func BenchmarkMarginals(b *testing.B) {
	cases := benchLines()
	lc := lineCounter{wb: make([]float64, 25), ww: make([]float64, 25)}
	out := make([]float64, 25)
	i := 0
	for b.Loop() {
		c := cases[i%len(cases)]
		for k, v := range c.line {
			switch v {
			case Black:
				lc.wb[k], lc.ww[k] = 1, 0
			case White:
				lc.wb[k], lc.ww[k] = 0, 1
			default:
				lc.wb[k], lc.ww[k] = 0.5, 0.5
			}
		}
		lc.marginals(c.clue, 25, out)
		i++
	}
}
