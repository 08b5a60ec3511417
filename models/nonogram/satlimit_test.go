package nonogram

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/satsolve/satsolve/internal/memlimit"
	"github.com/satsolve/satsolve/sat/gini"
)

// allOnes returns the n×n puzzle whose every clue is "1" (its solutions
// are the permutation matrices).
func allOnes(n int) *Puzzle {
	p := &Puzzle{Width: n, Height: n}
	for range n {
		p.Rows = append(p.Rows, Clue{1})
		p.Cols = append(p.Cols, Clue{1})
	}
	return p
}

// TestSATBound checks satBound against the literals the encoders really
// write, cold and after line solving, on random puzzles of every shape up
// to 12×12: a bound below the count would let a model past the limit.
func TestSATBound(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	for i := range 300 {
		w, h := 1+r.IntN(12), 1+r.IntN(12)
		p := puzzleOf(randomGrid(r, w, h, 0.2+0.6*r.Float64()))
		for _, known := range []*Grid{nil, LineSolve(p)} {
			for _, e := range Encodings() {
				var c countSink
				Encode(&c, p, known, e)
				if b := satBound(p, e); c.lits > b {
					t.Fatalf("puzzle %d (%dx%d), %s: %d literals written, bound %d", i, w, h, e, c.lits, b)
				}
			}
		}
	}
}

// TestSATTooLarge: the 2048×2048 puzzle of all "1" clues (an 8 KB file,
// within the size caps) would need 33 million clauses and 5.3 GB in gini;
// SolveSAT refuses it with ErrTooLarge after counting, within 256 MiB of
// address space (issue 18, item 14). A puzzle just inside the limit is
// still solved.
func TestSATTooLarge(t *testing.T) {
	if !memlimit.Run(t, 256<<20) {
		return
	}
	_, err := SolveSAT(context.Background(), gini.New(), allOnes(2048), Options{})
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("2048x2048 all ones: error %v, want ErrTooLarge", err)
	}
	var c countSink
	small := allOnes(64)
	Encode(&c, small, nil, EncodeStarts)
	if c.lits > MaxSATLiterals || satBound(small, EncodeStarts) > MaxSATLiterals {
		t.Fatalf("64x64 all ones: %d literals, bound %d", c.lits, satBound(small, EncodeStarts))
	}
	res, err := SolveSAT(context.Background(), gini.New(), small, Options{})
	if err != nil || len(res.Solutions) != 1 {
		t.Fatalf("64x64 all ones: %v, %d solutions", err, len(res.Solutions))
	}
}

// TestNativeMemory solves the 2048×2048 puzzle of all "1" clues natively
// (4.2 million cells, no probing at that size) within 256 MiB of address
// space beyond the test's start: about 64 bytes per cell (issue 18, item
// 14). Before, the native solver needed over 7.6 GB and found nothing in
// 120 s.
func TestNativeMemory(t *testing.T) {
	if !memlimit.Run(t, 256<<20) {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	p := allOnes(2048)
	res, err := SolveNative(ctx, p, Options{})
	if err != nil || len(res.Solutions) != 1 {
		t.Fatalf("2048x2048 all ones: %v, %d solutions", err, len(res.Solutions))
	}
	if err := Check(p, res.Solutions[0]); err != nil {
		t.Fatal(err)
	}
}
