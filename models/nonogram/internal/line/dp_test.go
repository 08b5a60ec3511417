package line

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
)

// TestLineSolverBruteForce compares the line solver with enumeration of
// all completions: for every clue of every length up to 9 and random
// partial lines, a cell is fixed exactly when all completions agree on it,
// and a contradiction is reported exactly when there is no completion.
func TestLineSolverBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var ls Solver
	for n := 1; n <= 9; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			for _, clue := range nonotest.AllClues(n) {
				for trial := 0; trial < 12; trial++ {
					line := nonotest.RandomLine(r, n)
					if trial == 0 {
						line = make([]nonogram.Cell, n) // all unknown
					}
					comps := nonotest.Completions(clue, line)
					out := make([]nonogram.Cell, n)
					ok := ls.Solve(clue, line, out)
					if ok != (len(comps) > 0) {
						t.Fatalf("clue %s line %s: solve says %v, %d completions", clue, nonotest.LineString(line), ok, len(comps))
					}
					if !ok {
						continue
					}
					for i := 0; i < n; i++ {
						want := comps[0][i]
						for _, c := range comps[1:] {
							if c[i] != want {
								want = nonogram.Unknown
								break
							}
						}
						if out[i] != want {
							t.Fatalf("clue %s line %s: cell %d is %c, want %c", clue, nonotest.LineString(line), i, out[i].Byte(), want.Byte())
						}
					}
					// The starts of every block are exactly those of the completions.
					starts := ls.Starts(clue, line)
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
							t.Fatalf("clue %s line %s: block %d starts %v, want %v", clue, nonotest.LineString(line), j, starts[j], want)
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
	var ls Solver
	for _, tc := range []struct {
		clue nonogram.Clue
		n    int
	}{{nonogram.Clue{4}, 3}, {nonogram.Clue{1, 1}, 2}, {nonogram.Clue{2, 2}, 4}} {
		t.Run(tc.clue.String(), func(t *testing.T) {
			line := make([]nonogram.Cell, tc.n)
			if ls.Solve(tc.clue, line, make([]nonogram.Cell, tc.n)) {
				t.Errorf("clue %s fits %d cells", tc.clue, tc.n)
			}
		})
	}
}

// blockStart returns the start of block j of a complete line.
func blockStart(line []nonogram.Cell, j int) int {
	b := -1
	for i, v := range line {
		if v == nonogram.Black && (i == 0 || line[i-1] != nonogram.Black) {
			b++
			if b == j {
				return i
			}
		}
	}
	return -1
}
