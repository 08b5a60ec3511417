package nonogram

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestProbeStore checks the kept probe results against probing done by
// hand (set, propagate, read the trail) on every unknown cell of puzzles
// of both arena widths: one entry per cell code (small puzzles) and two
// (beyond 2^15 cells). The big puzzle hides a random 12×12 picture in the
// last corner of a 200×200 grid (cell codes above 2^16) whose other rows
// are black, so line solving leaves only the corner open. Pictures that line solving completes are
// skipped.
func TestProbeStore(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for _, side := range []int{12, 200} {
		tested := 0
		for k := 0; k < 200 && tested < 3; k++ {
			g := NewGrid(side, side)
			for i := range g.Cells {
				row, col := side-1-i/side, side-1-i%side // from the last corner
				g.Cells[i] = White
				if row < 12 && col < 12 && r.Float64() < 0.5 || row >= 12 && side > 12 {
					g.Cells[i] = Black
				}
			}
			p := puzzleOf(g)
			b := newBBoard(p)
			if !b.propagate() {
				t.Fatalf("side %d, puzzle %d: line solving refutes a picture's clues", side, k)
			}
			if b.cells()-b.known() < 10 {
				continue
			}
			tested++
			pr := newProber(b, true)
			if want := side > 181; (pr.step == 2) != want {
				t.Fatalf("side %d: step %d", side, pr.step)
			}
			probed := 0
			for i := range b.cells() {
				if b.at(i) != Unknown {
					continue
				}
				for _, v := range []Cell{Black, White} {
					res := pr.result(i, v)
					var got []int
					d := pr.delta(res)
					for j := 0; j < len(d); j += int(pr.step) {
						c, col := pr.cellAt(d, j)
						got = append(got, 2*c+colourBit(col))
					}
					mark := len(b.trail)
					b.set(i, v)
					ok := b.propagate()
					var want []int
					for _, x := range b.trail[mark:] {
						want = append(want, 2*b.entryCell(x)+colourBit(entryColour(x)))
					}
					b.undo(mark)
					b.clearQueue()
					if ok != res.ok {
						t.Fatalf("side %d, cell %d = %v: kept ok %v, probing %v", side, i, v, res.ok, ok)
					}
					if ok {
						slices.Sort(got)
						slices.Sort(want)
						if !slices.Equal(got, want) || !slices.Contains(got, 2*i+colourBit(v)) {
							t.Fatalf("side %d, cell %d = %v: kept %v, probing fixes %v", side, i, v, got, want)
						}
					}
					probed++
				}
			}
			if probed < 20 {
				t.Fatalf("side %d, puzzle %d: only %d probes", side, k, probed)
			}
		}
		if tested < 3 {
			t.Fatalf("side %d: only %d pictures leave cells open", side, tested)
		}
	}
}
