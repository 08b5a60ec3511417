package nonogram

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// completions enumerates every black/white line of length n that matches
// clue and agrees with the known cells of line.
func completions(clue Clue, line []Cell) [][]Cell {
	n := len(line)
	var out [][]Cell
	for m := 0; m < 1<<n; m++ {
		cand := make([]Cell, n)
		ok := true
		for i := range cand {
			cand[i] = White
			if m>>i&1 == 1 {
				cand[i] = Black
			}
			if line[i] != Unknown && line[i] != cand[i] {
				ok = false
			}
		}
		if ok && slices.Equal(Runs(cand), clue) {
			out = append(out, cand)
		}
	}
	return out
}

// allClues returns every clue that fits a line of length n.
func allClues(n int) []Clue {
	seen := map[string]Clue{}
	for m := 0; m < 1<<n; m++ {
		line := make([]Cell, n)
		for i := range line {
			line[i] = White
			if m>>i&1 == 1 {
				line[i] = Black
			}
		}
		c := Runs(line)
		seen[c.String()] = c
	}
	out := make([]Clue, 0, len(seen))
	for _, c := range seen {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Clue) int { return slices.Compare(a, b) })
	return out
}

// randomLine returns a partial line: each cell Unknown, White or Black.
func randomLine(r *rand.Rand, n int) []Cell {
	line := make([]Cell, n)
	for i := range line {
		line[i] = Cell(r.IntN(3))
	}
	return line
}

// TestLineSolverBruteForce compares the line solver with enumeration of
// all completions: for every clue of every length up to 9 and random
// partial lines, a cell is fixed exactly when all completions agree on it,
// and a contradiction is reported exactly when there is no completion.
func TestLineSolverBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var ls lineSolver
	for n := 1; n <= 9; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			for _, clue := range allClues(n) {
				for trial := 0; trial < 12; trial++ {
					line := randomLine(r, n)
					if trial == 0 {
						line = make([]Cell, n) // all unknown
					}
					comps := completions(clue, line)
					out := make([]Cell, n)
					ok := ls.solve(clue, line, out)
					if ok != (len(comps) > 0) {
						t.Fatalf("clue %s line %s: solve says %v, %d completions", clue, lineString(line), ok, len(comps))
					}
					if !ok {
						continue
					}
					for i := 0; i < n; i++ {
						want := comps[0][i]
						for _, c := range comps[1:] {
							if c[i] != want {
								want = Unknown
								break
							}
						}
						if out[i] != want {
							t.Fatalf("clue %s line %s: cell %d is %c, want %c", clue, lineString(line), i, out[i].Byte(), want.Byte())
						}
					}
					// The starts of every block are exactly those of the completions.
					starts := ls.starts(clue, line)
					for j := range clue {
						var want []int
						for _, c := range comps {
							a := blockStart(c, j)
							if !slices.Contains(want, a) {
								want = append(want, a)
							}
						}
						slices.Sort(want)
						if !slices.Equal(starts[j], want) {
							t.Fatalf("clue %s line %s: block %d starts %v, want %v", clue, lineString(line), j, starts[j], want)
						}
					}
				}
			}
		})
	}
}

// TestLineSolverTooLong checks that a clue longer than its line is a
// contradiction, not a crash.
func TestLineSolverTooLong(t *testing.T) {
	var ls lineSolver
	for _, tc := range []struct {
		clue Clue
		n    int
	}{{Clue{4}, 3}, {Clue{1, 1}, 2}, {Clue{2, 2}, 4}} {
		t.Run(tc.clue.String(), func(t *testing.T) {
			line := make([]Cell, tc.n)
			if ls.solve(tc.clue, line, make([]Cell, tc.n)) {
				t.Errorf("clue %s fits %d cells", tc.clue, tc.n)
			}
		})
	}
}

// blockStart returns the start of block j of a complete line.
func blockStart(line []Cell, j int) int {
	b := -1
	for i, v := range line {
		if v == Black && (i == 0 || line[i-1] != Black) {
			b++
			if b == j {
				return i
			}
		}
	}
	return -1
}

func lineString(line []Cell) string {
	b := make([]byte, len(line))
	for i, v := range line {
		b[i] = v.Byte()
	}
	return string(b)
}
