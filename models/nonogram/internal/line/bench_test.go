package line

import (
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
)

// BenchmarkLineSolver compares the dynamic programme with the bit-parallel
// solver on the same 25-cell lines (ns/op is per line).
func BenchmarkLineSolver(b *testing.B) {
	cases := nonotest.BenchLines()
	b.Run("dp", func(b *testing.B) {
		var ls Solver
		out := make([]nonogram.Cell, 25)
		i := 0
		for b.Loop() {
			c := cases[i%len(cases)]
			ls.Solve(c.Clue, c.Line, out)
			i++
		}
	})
	b.Run("bits", func(b *testing.B) {
		var bl Bits
		type w struct{ f, e uint64 }
		ws := make([]w, len(cases))
		for i, c := range cases {
			ws[i].f, ws[i].e = toBits(c.Line)
		}
		i := 0
		for b.Loop() {
			k := i % len(cases)
			bl.Solve(cases[k].Clue, 25, ws[k].f, ws[k].e)
			i++
		}
	})
}
