package encode

import (
	"errors"
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

// TestCheckSize checks CheckSize on the puzzles of all "1" clues: at
// 500×500 the bound exceeds MaxLiterals but the block-start model (5.0 M
// literals) does not, so the model is counted and accepted; at 1000×1000
// the model (about 20 M literals) is refused with ErrTooLarge, unless the
// known cells leave nothing to encode.
func TestCheckSize(t *testing.T) {
	p := nonotest.AllOnes(500)
	var c countSink
	Encode(&c, p, nil, nonogram.EncodeStarts)
	if satBound(p, nonogram.EncodeStarts) <= MaxLiterals || c.lits > MaxLiterals {
		t.Fatalf("500x500: bound %d, %d literals: the case does not test counting", satBound(p, nonogram.EncodeStarts), c.lits)
	}
	if err := CheckSize(p, nil, nonogram.EncodeStarts); err != nil {
		t.Fatalf("500x500: %v", err)
	}
	big := nonotest.AllOnes(1000)
	if err := CheckSize(big, nil, nonogram.EncodeStarts); !errors.Is(err, nonogram.ErrTooLarge) {
		t.Fatalf("1000x1000: %v, want ErrTooLarge", err)
	}
	known := nonogram.NewGrid(1000, 1000)
	for i := range known.Cells {
		known.Cells[i] = nonogram.White
		if i/1000 == i%1000 {
			known.Cells[i] = nonogram.Black
		}
	}
	if err := CheckSize(big, known, nonogram.EncodeStarts); err != nil {
		t.Fatalf("1000x1000 with its solution known: %v", err)
	}
}
