package encode

import (
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/board"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
)

// TestSATBound checks satBound against the literals the encoders really
// write, cold and after line solving, on random puzzles of every shape up
// to 12×12: a bound below the count would let a model past the limit. The
// 64×64 puzzle of all "1" clues is within the limit, by the bound and by
// the count (TestSATTooLarge solves it).
func TestSATBound(t *testing.T) {
	var c countSink
	small := nonotest.AllOnes(64)
	Encode(&c, small, nil, nonogram.EncodeStarts)
	if c.lits > MaxLiterals || satBound(small, nonogram.EncodeStarts) > MaxLiterals {
		t.Fatalf("64x64 all ones: %d literals, bound %d", c.lits, satBound(small, nonogram.EncodeStarts))
	}
	r := rand.New(rand.NewPCG(5, 9))
	for i := range 300 {
		w, h := 1+r.IntN(12), 1+r.IntN(12)
		p := nonotest.PuzzleOf(nonotest.RandomGrid(r, w, h, 0.2+0.6*r.Float64()))
		for _, known := range []*nonogram.Grid{nil, lineSolved(p)} {
			for _, e := range nonogram.Encodings() {
				var c countSink
				Encode(&c, p, known, e)
				if b := satBound(p, e); c.lits > b {
					t.Fatalf("puzzle %d (%dx%d), %s: %d literals written, bound %d", i, w, h, e, c.lits, b)
				}
			}
		}
	}
}

// lineSolved returns the cells line solving decides (solve.LineSolve,
// which this package's tests cannot import).
func lineSolved(p *nonogram.Puzzle) *nonogram.Grid {
	b := board.New(p)
	if !b.Propagate() {
		return nil
	}
	return b.Grid()
}
