package nonogram

import (
	"math/rand/v2"
	"testing"
)

// TestPackedCache checks the packed line cache against the general one:
// two boards of the same random puzzle, one packed and one not, are given
// the same random sequence of guesses, each followed by propagation and,
// after a contradiction, by an undo. Both must agree on every outcome and
// every cell, and the packed states must match the cells throughout.
func TestPackedCache(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for k := 0; k < 200; k++ {
		w, h := 2+r.IntN(9), 2+r.IntN(9)
		p := puzzleOf(randomGrid(r, w, h, 0.3+0.4*r.Float64()))
		packed, plain := newBoard(p), newBoard(p)
		packed.enableCache()
		plain.enableCache()
		plain.packed = false
		if !packed.packed {
			t.Fatalf("a %dx%d board is not packed", w, h)
		}
		for step := 0; step < 3*w*h; step++ {
			okA, okB := packed.propagate(), plain.propagate()
			if okA != okB {
				t.Fatalf("puzzle %d step %d: propagate %v (packed) vs %v", k, step, okA, okB)
			}
			for i := range packed.cells {
				if packed.cells[i] != plain.cells[i] {
					t.Fatalf("puzzle %d step %d: cell %d is %v (packed) vs %v", k, step, i, packed.cells[i], plain.cells[i])
				}
			}
			checkPacked(t, packed)
			mark := len(packed.trail)
			if !okA {
				mark = r.IntN(len(packed.trail) + 1)
			}
			if len(plain.trail) != len(packed.trail) {
				t.Fatalf("puzzle %d step %d: trails of %d and %d cells", k, step, len(packed.trail), len(plain.trail))
			}
			packed.undo(mark)
			plain.undo(mark)
			checkPacked(t, packed)
			var free []int
			for i, v := range packed.cells {
				if v == Unknown {
					free = append(free, i)
				}
			}
			if len(free) == 0 {
				break
			}
			i, v := free[r.IntN(len(free))], Cell(1+r.IntN(2))
			packed.set(i, v)
			plain.set(i, v)
		}
	}
}

// checkPacked fails unless b's packed line states agree with its cells.
func checkPacked(t *testing.T, b *board) {
	t.Helper()
	for i, v := range b.cells {
		r, c := i/b.w, i%b.w
		if Cell(b.state[r]>>(2*c)&3) != v || Cell(b.state[b.h+c]>>(2*r)&3) != v {
			t.Fatalf("cell %d is %v but its packed row and column say %v, %v", i, v, Cell(b.state[r]>>(2*c)&3), Cell(b.state[b.h+c]>>(2*r)&3))
		}
	}
}
