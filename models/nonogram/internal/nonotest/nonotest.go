package nonotest

import (
	"encoding/csv"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
)

// BruteSolutions enumerates every grid of p's size and keeps those that
// pass Check: the reference answer, independent of every solver.
func BruteSolutions(p *nonogram.Puzzle) []*nonogram.Grid {
	n := p.Width * p.Height
	var out []*nonogram.Grid
	for m := 0; m < 1<<n; m++ {
		g := nonogram.NewGrid(p.Width, p.Height)
		for i := range g.Cells {
			g.Cells[i] = nonogram.White
			if m>>i&1 == 1 {
				g.Cells[i] = nonogram.Black
			}
		}
		if nonogram.Check(p, g) == nil {
			out = append(out, g)
		}
	}
	return out
}

// PuzzleOf returns the puzzle whose clues are read off g.
func PuzzleOf(g *nonogram.Grid) *nonogram.Puzzle {
	p := &nonogram.Puzzle{Width: g.Width, Height: g.Height}
	line := make([]nonogram.Cell, max(g.Width, g.Height))
	for r := 0; r < g.Height; r++ {
		for c := 0; c < g.Width; c++ {
			line[c] = g.At(r, c)
		}
		p.Rows = append(p.Rows, nonogram.Runs(line[:g.Width]))
	}
	for c := 0; c < g.Width; c++ {
		for r := 0; r < g.Height; r++ {
			line[r] = g.At(r, c)
		}
		p.Cols = append(p.Cols, nonogram.Runs(line[:g.Height]))
	}
	return p
}

// RandomGrid returns a w×h grid whose cells are black with probability
// density.
func RandomGrid(r *rand.Rand, w, h int, density float64) *nonogram.Grid {
	g := nonogram.NewGrid(w, h)
	for i := range g.Cells {
		g.Cells[i] = nonogram.White
		if r.Float64() < density {
			g.Cells[i] = nonogram.Black
		}
	}
	return g
}

// SmallPuzzles returns random puzzles of at most 16 cells: clues read off
// random grids (at least one solution) and, for every fourth, row clues
// of one grid with column clues of another (often no solution).
func SmallPuzzles(seed uint64, count int) []*nonogram.Puzzle {
	r := rand.New(rand.NewPCG(seed, 7))
	sizes := [][2]int{{1, 1}, {2, 2}, {3, 3}, {4, 4}, {4, 3}, {3, 4}, {5, 3}, {2, 7}, {8, 2}}
	var out []*nonogram.Puzzle
	for i := 0; i < count; i++ {
		sz := sizes[i%len(sizes)]
		d := 0.2 + 0.6*r.Float64()
		p := PuzzleOf(RandomGrid(r, sz[0], sz[1], d))
		if i%4 == 3 {
			p.Cols = PuzzleOf(RandomGrid(r, sz[0], sz[1], d)).Cols
		}
		p.Name = fmt.Sprintf("random%d-%dx%d", i, sz[0], sz[1])
		out = append(out, p)
	}
	return out
}

// SameSolutions reports whether got and want hold the same grids.
func SameSolutions(got, want []*nonogram.Grid) bool {
	if len(got) != len(want) {
		return false
	}
	for _, g := range got {
		if !slices.ContainsFunc(want, g.Equal) {
			return false
		}
	}
	return true
}

// Completions enumerates every black/white line of length n that matches
// clue and agrees with the known cells of line.
func Completions(clue nonogram.Clue, line []nonogram.Cell) [][]nonogram.Cell {
	n := len(line)
	var out [][]nonogram.Cell
	for m := 0; m < 1<<n; m++ {
		cand := make([]nonogram.Cell, n)
		ok := true
		for i := range cand {
			cand[i] = nonogram.White
			if m>>i&1 == 1 {
				cand[i] = nonogram.Black
			}
			if line[i] != nonogram.Unknown && line[i] != cand[i] {
				ok = false
			}
		}
		if ok && slices.Equal(nonogram.Runs(cand), clue) {
			out = append(out, cand)
		}
	}
	return out
}

// AllClues returns every clue that fits a line of length n.
func AllClues(n int) []nonogram.Clue {
	seen := map[string]nonogram.Clue{}
	for m := 0; m < 1<<n; m++ {
		line := make([]nonogram.Cell, n)
		for i := range line {
			line[i] = nonogram.White
			if m>>i&1 == 1 {
				line[i] = nonogram.Black
			}
		}
		c := nonogram.Runs(line)
		seen[c.String()] = c
	}
	out := make([]nonogram.Clue, 0, len(seen))
	for _, c := range seen {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b nonogram.Clue) int { return slices.Compare(a, b) })
	return out
}

// RandomLine returns a partial line: each cell Unknown, White or Black.
func RandomLine(r *rand.Rand, n int) []nonogram.Cell {
	line := make([]nonogram.Cell, n)
	for i := range line {
		line[i] = nonogram.Cell(r.IntN(3))
	}
	return line
}

// LineString draws a line for messages, a character per cell (Cell.Byte).
func LineString(line []nonogram.Cell) string {
	b := make([]byte, len(line))
	for i, v := range line {
		b[i] = v.Byte()
	}
	return string(b)
}

// AllCluesSample returns a random clue that fits n cells.
func AllCluesSample(r *rand.Rand, n int) nonogram.Clue {
	var c nonogram.Clue
	left := n
	for left > 0 && r.IntN(4) != 0 {
		l := 1 + r.IntN(min(left, 8))
		c = append(c, l)
		left -= l + 1
	}
	return c
}

// LineCase is one line-solver input for the benchmarks.
type LineCase struct {
	Clue nonogram.Clue
	Line []nonogram.Cell
}

// BenchLines returns random 25-cell lines like those of the tournament
// sets: a random picture's clue with a third of its cells known.
func BenchLines() []LineCase {
	r := rand.New(rand.NewPCG(5, 6))
	var out []LineCase
	for range 1000 {
		pic := make([]nonogram.Cell, 25)
		for i := range pic {
			pic[i] = nonogram.White
			if r.IntN(2) == 0 {
				pic[i] = nonogram.Black
			}
		}
		line := make([]nonogram.Cell, 25)
		for i := range line {
			if r.IntN(3) == 0 {
				line[i] = pic[i]
			}
		}
		out = append(out, LineCase{nonogram.Runs(pic), line})
	}
	return out
}

// AllOnes returns the n×n puzzle whose every clue is "1" (its solutions
// are the permutation matrices).
func AllOnes(n int) *nonogram.Puzzle {
	p := &nonogram.Puzzle{Width: n, Height: n}
	for range n {
		p.Rows = append(p.Rows, nonogram.Clue{1})
		p.Cols = append(p.Cols, nonogram.Clue{1})
	}
	return p
}

// Testdata returns the directory of the nonogram fixtures,
// testdata/nonogram at the module's root.
func Testdata() string { return filepath.Join(root(), "testdata", "nonogram") }

// Corpus returns the directory of the shared nonogram corpus, which lives
// outside the repository (../shared/corpus/nonogram beside the module's
// root); tests that need it skip where it does not exist.
func Corpus() string { return filepath.Join(root(), "..", "shared", "corpus", "nonogram") }

// root returns the module's root: the nearest directory at or above the
// working directory (a test's package directory) that holds go.mod.
func root() string {
	dir, err := os.Getwd()
	if err != nil {
		panic(err)
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			panic("nonotest: no go.mod at or above " + dir)
		}
	}
}

// Fixture parses a fixture file of Testdata, failing t on an error.
func Fixture(t testing.TB, file string) []*nonogram.Puzzle {
	t.Helper()
	ps, err := nonogram.ParseFile(filepath.Join(Testdata(), file), nonogram.FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// A ManifestRow is an entry of the corpus manifest: the file, its answer
// ("unique", "multiple", "none", "n/a", …) and its size.
type ManifestRow struct {
	File, Unique string
	W, H         int
}

// Manifest reads the corpus manifest, skipping t when there is no corpus.
func Manifest(t *testing.T) []ManifestRow {
	t.Helper()
	f, err := os.Open(filepath.Join(Corpus(), "manifest.csv"))
	if err != nil {
		t.Skipf("no shared corpus: %v", err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []ManifestRow
	for _, r := range recs[1:] {
		w, _ := strconv.Atoi(r[1])
		h, _ := strconv.Atoi(r[2])
		out = append(out, ManifestRow{File: r[0], Unique: r[4], W: w, H: h})
	}
	return out
}
