package line

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
)

// toBits packs a line of at most 64 cells into its black and white words.
func toBits(line []nonogram.Cell) (fill, empt uint64) {
	for i, v := range line {
		switch v {
		case nonogram.Black:
			fill |= 1 << uint(i)
		case nonogram.White:
			empt |= 1 << uint(i)
		}
	}
	return fill, empt
}

// compareWithDP runs both line solvers on clue and line and reports any
// difference: in the contradiction verdict or in the cells fixed.
func compareWithDP(t *testing.T, bl *Bits, ls *Solver, clue nonogram.Clue, line []nonogram.Cell) {
	t.Helper()
	n := len(line)
	out := make([]nonogram.Cell, n)
	okDP := ls.Solve(clue, line, out)
	fill, empt := toBits(line)
	f2, e2, okBits := bl.Solve(clue, n, fill, empt)
	if okDP != okBits {
		t.Fatalf("clue %v, line %s: dynamic programme says ok=%v, bit solver ok=%v", clue, nonotest.LineString(line), okDP, okBits)
	}
	if !okDP {
		return
	}
	wf, we := toBits(out)
	if f2 != wf || e2 != we {
		t.Fatalf("clue %v, line %s: dynamic programme gives %s, bit solver %s", clue, nonotest.LineString(line), nonotest.LineString(out), nonotest.LineString(fromBits(n, f2, e2)))
	}
}

// compareNWithDP runs the multi-word solver and the dynamic programme on
// clue and line and reports any difference.
func compareNWithDP(t *testing.T, bl *BitsN, ls *Solver, clue nonogram.Clue, line []nonogram.Cell) {
	t.Helper()
	n := len(line)
	out := make([]nonogram.Cell, n)
	okDP := ls.Solve(clue, line, out)
	nw := (n + 63) / 64
	fill, empt, nf, ne := make(WordSet, nw), make(WordSet, nw), make(WordSet, nw), make(WordSet, nw)
	for i, v := range line {
		switch v {
		case nonogram.Black:
			fill[i/64] |= 1 << uint(i%64)
		case nonogram.White:
			empt[i/64] |= 1 << uint(i%64)
		}
	}
	okBits := bl.Solve(clue, n, fill, empt, nf, ne)
	if okDP != okBits {
		t.Fatalf("clue %v, line %s: dynamic programme says ok=%v, multi-word solver ok=%v", clue, nonotest.LineString(line), okDP, okBits)
	}
	if !okDP {
		return
	}
	got := make([]nonogram.Cell, n)
	for i := range got {
		switch {
		case nf[i/64]>>uint(i%64)&1 == 1 && ne[i/64]>>uint(i%64)&1 == 1:
			t.Fatalf("cell %d both colours", i)
		case nf[i/64]>>uint(i%64)&1 == 1:
			got[i] = nonogram.Black
		case ne[i/64]>>uint(i%64)&1 == 1:
			got[i] = nonogram.White
		}
	}
	if nonotest.LineString(got) != nonotest.LineString(out) {
		t.Fatalf("clue %v, line %s: dynamic programme gives %s, multi-word solver %s", clue, nonotest.LineString(line), nonotest.LineString(out), nonotest.LineString(got))
	}
}

// fromBits unpacks a line's words into cells.
func fromBits(n int, fill, empt uint64) []nonogram.Cell {
	out := make([]nonogram.Cell, n)
	for i := range out {
		switch {
		case fill>>uint(i)&1 == 1:
			out[i] = nonogram.Black
		case empt>>uint(i)&1 == 1:
			out[i] = nonogram.White
		}
	}
	return out
}

// TestBitLineExhaustive compares the bit-parallel solvers (one word and
// several) with the dynamic programme on every clue and every partial line (all 3^n states) of up to
// 8 cells: the same contradictions and the same fixed cells.
func TestBitLineExhaustive(t *testing.T) {
	var bl Bits
	var bn BitsN
	var ls Solver
	for n := 1; n <= 8; n++ {
		clues := append(nonotest.AllClues(n), nonogram.Clue{n + 1}, nonogram.Clue{1, n})
		line := make([]nonogram.Cell, n)
		states := 1
		for range n {
			states *= 3
		}
		for _, clue := range clues {
			for m := 0; m < states; m++ {
				x := m
				for i := range line {
					line[i] = nonogram.Cell(x % 3)
					x /= 3
				}
				compareWithDP(t, &bl, &ls, clue, line)
				compareNWithDP(t, &bn, &ls, clue, line)
			}
		}
	}
}

// TestBitLineRandom compares the bit-parallel solvers with the dynamic
// programme on random clues and random partial lines of every length up
// to 64 (one word) and 197 (the multi-word solver): lines cut from a random
// picture (so that many are consistent), with random cells forgotten and
// occasionally one flipped.
func TestBitLineRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (random differential): skipped by go test -short; go test ./... runs it")
	}
	r := rand.New(rand.NewPCG(3, 4))
	var bl Bits
	var bn BitsN
	var ls Solver
	for n := 1; n <= 3*MaxBits+5; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			for trial := 0; trial < 400; trial++ {
				pic := make([]nonogram.Cell, n)
				density := r.Float64()
				for i := range pic {
					pic[i] = nonogram.White
					if r.Float64() < density {
						pic[i] = nonogram.Black
					}
				}
				clue := nonogram.Runs(pic)
				line := make([]nonogram.Cell, n)
				keep := r.Float64()
				for i := range line {
					if r.Float64() < keep {
						line[i] = pic[i]
					}
				}
				if trial%4 == 3 {
					i := r.IntN(n)
					line[i] = nonogram.Cell(r.IntN(3))
				}
				if n <= MaxBits {
					compareWithDP(t, &bl, &ls, clue, line)
				}
				compareNWithDP(t, &bn, &ls, clue, line)
				if trial%8 == 7 {
					c, l := nonotest.AllCluesSample(r, n), nonotest.RandomLine(r, n)
					if n <= MaxBits {
						compareWithDP(t, &bl, &ls, c, l)
					}
					compareNWithDP(t, &bn, &ls, c, l)
				}
			}
		})
	}
}

// wantStarts returns, for each block of clue, the starts it has in some
// completion of line (found by enumeration), and whether there is one.
func wantStarts(clue nonogram.Clue, line []nonogram.Cell) ([]uint64, bool) {
	comps := nonotest.Completions(clue, line)
	want := make([]uint64, len(clue))
	for _, c := range comps {
		j := 0
		for i, v := range c {
			if v == nonogram.Black && (i == 0 || c[i-1] != nonogram.Black) {
				want[j] |= 1 << uint(i)
				j++
			}
		}
	}
	return want, len(comps) > 0
}

// compareStarts checks Bits.Starts after a solve of clue and line (the
// starts S_j ∩ T_j that line marginals sum over) against enumeration.
func compareStarts(t *testing.T, bl *Bits, clue nonogram.Clue, line []nonogram.Cell) {
	t.Helper()
	fill, empt := toBits(line)
	_, _, ok := bl.Solve(clue, len(line), fill, empt)
	want, wantOK := wantStarts(clue, line)
	if ok != wantOK {
		t.Fatalf("clue %v, line %s: ok %v, enumeration %v", clue, nonotest.LineString(line), ok, wantOK)
	}
	if !ok {
		return
	}
	for j, w := range want {
		if bl.Starts[j] != w {
			t.Fatalf("clue %v, line %s: block %d starts %b, enumeration %b", clue, nonotest.LineString(line), j, bl.Starts[j], w)
		}
	}
}

// TestBitLineStarts compares the starts of every block after a solve
// (Bits.Starts) with enumeration: every clue and partial line of up to 6
// cells, and random lines of up to 12 cells cut from random pictures with
// most cells known (so that known prefixes and suffixes, which the solver
// places without the recurrence, are common), one in four with a cell
// flipped.
func TestBitLineStarts(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (differential): skipped by go test -short; go test ./... runs it")
	}
	var bl Bits
	for n := 1; n <= 6; n++ {
		line := make([]nonogram.Cell, n)
		states := 1
		for range n {
			states *= 3
		}
		for _, clue := range nonotest.AllClues(n) {
			for m := 0; m < states; m++ {
				x := m
				for i := range line {
					line[i] = nonogram.Cell(x % 3)
					x /= 3
				}
				compareStarts(t, &bl, clue, line)
			}
		}
	}
	r := rand.New(rand.NewPCG(13, 14))
	for trial := 0; trial < 10000; trial++ {
		n := 1 + r.IntN(12)
		pic := make([]nonogram.Cell, n)
		for i := range pic {
			pic[i] = nonogram.White
			if r.IntN(2) == 0 {
				pic[i] = nonogram.Black
			}
		}
		clue := nonogram.Runs(pic)
		line := make([]nonogram.Cell, n)
		keep := 0.5 + 0.5*r.Float64()
		for i := range line {
			if r.Float64() < keep {
				line[i] = pic[i]
			}
		}
		if trial%4 == 3 {
			line[r.IntN(n)] = nonogram.Cell(r.IntN(3))
		}
		compareStarts(t, &bl, clue, line)
	}
}

// TestBitLineFullWord compares the one-word solver with the dynamic
// programme on lines of 62 to 64 cells whose blocks fill the line or
// nearly (a block of 64 cells is shifted out of the word whole), with no
// cell known and with one cell known of either colour.
func TestBitLineFullWord(t *testing.T) {
	var bl Bits
	var ls Solver
	for n := 62; n <= MaxBits; n++ {
		for _, clue := range []nonogram.Clue{{n}, {n - 1}, {n - 2, 1}, {1, n - 2}, {n - 3, 1}} {
			line := make([]nonogram.Cell, n)
			compareWithDP(t, &bl, &ls, clue, line)
			for i := range line {
				for _, c := range []nonogram.Cell{nonogram.Black, nonogram.White} {
					line[i] = c
					compareWithDP(t, &bl, &ls, clue, line)
					line[i] = nonogram.Unknown
				}
			}
		}
	}
}
