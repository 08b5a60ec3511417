package nonogram

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// toBits packs a line of at most 64 cells into its black and white words.
func toBits(line []Cell) (fill, empt uint64) {
	for i, v := range line {
		switch v {
		case Black:
			fill |= 1 << uint(i)
		case White:
			empt |= 1 << uint(i)
		}
	}
	return fill, empt
}

// compareWithDP runs both line solvers on clue and line and reports any
// difference: in the contradiction verdict or in the cells fixed.
func compareWithDP(t *testing.T, bl *bitLine, ls *lineSolver, clue Clue, line []Cell) {
	t.Helper()
	n := len(line)
	out := make([]Cell, n)
	okDP := ls.solve(clue, line, out)
	fill, empt := toBits(line)
	f2, e2, okBits := bl.solve(clue, n, fill, empt)
	if okDP != okBits {
		t.Fatalf("clue %v, line %s: dynamic programme says ok=%v, bit solver ok=%v", clue, lineString(line), okDP, okBits)
	}
	if !okDP {
		return
	}
	wf, we := toBits(out)
	if f2 != wf || e2 != we {
		t.Fatalf("clue %v, line %s: dynamic programme gives %s, bit solver %s", clue, lineString(line), lineString(out), lineString(fromBits(n, f2, e2)))
	}
}

// compareNWithDP runs the multi-word solver and the dynamic programme on
// clue and line and reports any difference.
func compareNWithDP(t *testing.T, bl *bitLineN, ls *lineSolver, clue Clue, line []Cell) {
	t.Helper()
	n := len(line)
	out := make([]Cell, n)
	okDP := ls.solve(clue, line, out)
	nw := (n + 63) / 64
	fill, empt, nf, ne := make(wordSet, nw), make(wordSet, nw), make(wordSet, nw), make(wordSet, nw)
	for i, v := range line {
		switch v {
		case Black:
			fill[i/64] |= 1 << uint(i%64)
		case White:
			empt[i/64] |= 1 << uint(i%64)
		}
	}
	okBits := bl.solve(clue, n, fill, empt, nf, ne)
	if okDP != okBits {
		t.Fatalf("clue %v, line %s: dynamic programme says ok=%v, multi-word solver ok=%v", clue, lineString(line), okDP, okBits)
	}
	if !okDP {
		return
	}
	got := make([]Cell, n)
	for i := range got {
		switch {
		case nf[i/64]>>uint(i%64)&1 == 1 && ne[i/64]>>uint(i%64)&1 == 1:
			t.Fatalf("cell %d both colours", i)
		case nf[i/64]>>uint(i%64)&1 == 1:
			got[i] = Black
		case ne[i/64]>>uint(i%64)&1 == 1:
			got[i] = White
		}
	}
	if lineString(got) != lineString(out) {
		t.Fatalf("clue %v, line %s: dynamic programme gives %s, multi-word solver %s", clue, lineString(line), lineString(out), lineString(got))
	}
}

// fromBits unpacks a line's words into cells.
func fromBits(n int, fill, empt uint64) []Cell {
	out := make([]Cell, n)
	for i := range out {
		switch {
		case fill>>uint(i)&1 == 1:
			out[i] = Black
		case empt>>uint(i)&1 == 1:
			out[i] = White
		}
	}
	return out
}

// TestBitLineExhaustive compares the bit-parallel solvers (one word and
// several) with the dynamic programme on every clue and every partial line (all 3^n states) of up to
// 8 cells: the same contradictions and the same fixed cells.
func TestBitLineExhaustive(t *testing.T) {
	var bl bitLine
	var bn bitLineN
	var ls lineSolver
	for n := 1; n <= 8; n++ {
		clues := append(allClues(n), Clue{n + 1}, Clue{1, n})
		line := make([]Cell, n)
		states := 1
		for range n {
			states *= 3
		}
		for _, clue := range clues {
			for m := 0; m < states; m++ {
				x := m
				for i := range line {
					line[i] = Cell(x % 3)
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
	r := rand.New(rand.NewPCG(3, 4))
	var bl bitLine
	var bn bitLineN
	var ls lineSolver
	for n := 1; n <= 3*maxBits+5; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			for trial := 0; trial < 400; trial++ {
				pic := make([]Cell, n)
				density := r.Float64()
				for i := range pic {
					pic[i] = White
					if r.Float64() < density {
						pic[i] = Black
					}
				}
				clue := Runs(pic)
				line := make([]Cell, n)
				keep := r.Float64()
				for i := range line {
					if r.Float64() < keep {
						line[i] = pic[i]
					}
				}
				if trial%4 == 3 {
					i := r.IntN(n)
					line[i] = Cell(r.IntN(3))
				}
				if n <= maxBits {
					compareWithDP(t, &bl, &ls, clue, line)
				}
				compareNWithDP(t, &bn, &ls, clue, line)
				if trial%8 == 7 {
					c, l := allCluesSample(r, n), randomLine(r, n)
					if n <= maxBits {
						compareWithDP(t, &bl, &ls, c, l)
					}
					compareNWithDP(t, &bn, &ls, c, l)
				}
			}
		})
	}
}

// allCluesSample returns a random clue that fits n cells.
func allCluesSample(r *rand.Rand, n int) Clue {
	var c Clue
	left := n
	for left > 0 && r.IntN(4) != 0 {
		l := 1 + r.IntN(min(left, 8))
		c = append(c, l)
		left -= l + 1
	}
	return c
}

// TestMarginalsBruteForce compares line marginals with enumeration of the
// completions, weighted by random cell weights.
func TestMarginalsBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var lc lineCounter
	for n := 1; n <= 9; n++ {
		lc.wb, lc.ww = make([]float64, n), make([]float64, n)
		out := make([]float64, n)
		for _, clue := range allClues(n) {
			for trial := 0; trial < 5; trial++ {
				line := randomLine(r, n)
				for i, v := range line {
					switch v {
					case Black:
						lc.wb[i], lc.ww[i] = 1, 0
					case White:
						lc.wb[i], lc.ww[i] = 0, 1
					default:
						p := 0.05 + 0.9*r.Float64()
						lc.wb[i], lc.ww[i] = p, 1-p
					}
				}
				z := 0.0
				mass := make([]float64, n)
				for _, comp := range completions(clue, line) {
					w := 1.0
					for i, v := range comp {
						if v == Black {
							w *= lc.wb[i]
						} else {
							w *= lc.ww[i]
						}
					}
					z += w
					for i, v := range comp {
						if v == Black {
							mass[i] += w
						}
					}
				}
				ok := lc.marginals(clue, n, out)
				if ok != (z > 0) {
					t.Fatalf("clue %v line %s: ok %v, brute-force weight %g", clue, lineString(line), ok, z)
				}
				for i := range out {
					if ok && math.Abs(out[i]-mass[i]/z) > 1e-9 {
						t.Fatalf("clue %v line %s: cell %d: %g, want %g", clue, lineString(line), i, out[i], mass[i]/z)
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
	for n := 1; n <= maxBits; n++ {
		lc.wb, lc.ww = make([]float64, n), make([]float64, n)
		ref.wb, ref.ww = lc.wb, lc.ww
		out, want := make([]float64, n), make([]float64, n)
		for trial := 0; trial < 40; trial++ {
			pic := make([]Cell, n)
			dens := 0.2 + 0.6*r.Float64()
			for i := range pic {
				pic[i] = White
				if r.Float64() < dens {
					pic[i] = Black
				}
			}
			clue := Runs(pic)
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
				case v == Black:
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

// wantStarts returns, for each block of clue, the starts it has in some
// completion of line (found by enumeration), and whether there is one.
func wantStarts(clue Clue, line []Cell) ([]uint64, bool) {
	comps := completions(clue, line)
	want := make([]uint64, len(clue))
	for _, c := range comps {
		j := 0
		for i, v := range c {
			if v == Black && (i == 0 || c[i-1] != Black) {
				want[j] |= 1 << uint(i)
				j++
			}
		}
	}
	return want, len(comps) > 0
}

// compareStarts checks bitLine.v after a solve of clue and line (the
// starts S_j ∩ T_j that line marginals sum over) against enumeration.
func compareStarts(t *testing.T, bl *bitLine, clue Clue, line []Cell) {
	t.Helper()
	fill, empt := toBits(line)
	_, _, ok := bl.solve(clue, len(line), fill, empt)
	want, wantOK := wantStarts(clue, line)
	if ok != wantOK {
		t.Fatalf("clue %v, line %s: ok %v, enumeration %v", clue, lineString(line), ok, wantOK)
	}
	if !ok {
		return
	}
	for j, w := range want {
		if bl.v[j] != w {
			t.Fatalf("clue %v, line %s: block %d starts %b, enumeration %b", clue, lineString(line), j, bl.v[j], w)
		}
	}
}

// TestBitLineStarts compares the starts of every block after a solve
// (bitLine.v) with enumeration: every clue and partial line of up to 6
// cells, and random lines of up to 12 cells cut from random pictures with
// most cells known (so that known prefixes and suffixes, which the solver
// places without the recurrence, are common), one in four with a cell
// flipped.
func TestBitLineStarts(t *testing.T) {
	var bl bitLine
	for n := 1; n <= 6; n++ {
		line := make([]Cell, n)
		states := 1
		for range n {
			states *= 3
		}
		for _, clue := range allClues(n) {
			for m := 0; m < states; m++ {
				x := m
				for i := range line {
					line[i] = Cell(x % 3)
					x /= 3
				}
				compareStarts(t, &bl, clue, line)
			}
		}
	}
	r := rand.New(rand.NewPCG(13, 14))
	for trial := 0; trial < 10000; trial++ {
		n := 1 + r.IntN(12)
		pic := make([]Cell, n)
		for i := range pic {
			pic[i] = White
			if r.IntN(2) == 0 {
				pic[i] = Black
			}
		}
		clue := Runs(pic)
		line := make([]Cell, n)
		keep := 0.5 + 0.5*r.Float64()
		for i := range line {
			if r.Float64() < keep {
				line[i] = pic[i]
			}
		}
		if trial%4 == 3 {
			line[r.IntN(n)] = Cell(r.IntN(3))
		}
		compareStarts(t, &bl, clue, line)
	}
}

// TestBitLineFullWord compares the one-word solver with the dynamic
// programme on lines of 62 to 64 cells whose blocks fill the line or
// nearly (a block of 64 cells is shifted out of the word whole), with no
// cell known and with one cell known of either colour.
func TestBitLineFullWord(t *testing.T) {
	var bl bitLine
	var ls lineSolver
	for n := 62; n <= maxBits; n++ {
		for _, clue := range []Clue{{n}, {n - 1}, {n - 2, 1}, {1, n - 2}, {n - 3, 1}} {
			line := make([]Cell, n)
			compareWithDP(t, &bl, &ls, clue, line)
			for i := range line {
				for _, c := range []Cell{Black, White} {
					line[i] = c
					compareWithDP(t, &bl, &ls, clue, line)
					line[i] = Unknown
				}
			}
		}
	}
}
