package board

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
)

// TestLineCacheAgrees runs the same random propagations (set a random
// unknown cell to a random colour, propagate, keep or undo) on two boards
// of one puzzle, one with a line cache and one without, and compares their
// verdicts and words after each: a cached answer must be the solver's.
// The caches start at 2^minCacheBits entries (their cap is above
// 2^fullCacheBits) so that they collide, evict and grow; 30×24 puzzles
// get narrow entries, 50×40 wide ones.
func TestLineCacheAgrees(t *testing.T) {
	if line.FullCacheBits < line.MinCacheBits+1 {
		t.Fatal("the test's caches would not grow")
	}
	r := rand.New(rand.NewPCG(21, 22))
	for _, size := range [][2]int{{30, 24}, {50, 40}} {
		for k := range 6 {
			p := nonotest.PuzzleOf(nonotest.RandomGrid(r, size[0], size[1], 0.45+0.1*r.Float64()))
			plain, cached := New(p), New(p)
			cached.UseCache(line.FullCacheBits + 1)
			if _, narrow := cached.Cache.Entries(); narrow != (size[0] <= 32) {
				t.Fatalf("%dx%d: narrow cache %v", size[0], size[1], narrow)
			}
			if plain.Propagate() != cached.Propagate() {
				t.Fatal("root verdicts differ")
			}
			for step := range 3000 {
				i := r.IntN(plain.Cells())
				if plain.At(i) != nonogram.Unknown {
					continue
				}
				v := nonogram.White + nonogram.Cell(r.IntN(2))
				mark := len(plain.Trail)
				plain.Set(i, v)
				cached.Set(i, v)
				ok := plain.Propagate()
				if cached.Propagate() != ok {
					t.Fatalf("puzzle %d step %d: verdicts differ", k, step)
				}
				if ok && (!slices.Equal(plain.Fill, cached.Fill) || !slices.Equal(plain.Empt, cached.Empt)) {
					t.Fatalf("puzzle %d step %d: boards differ", k, step)
				}
				if !ok || r.IntN(8) != 0 {
					plain.Undo(mark)
					cached.Undo(mark)
					plain.ClearQueue()
					cached.ClearQueue()
				}
				if plain.Complete() {
					plain.Undo(0)
					cached.Undo(0)
				}
			}
			if n, _ := cached.Cache.Entries(); cached.CacheHits == 0 || n < 1<<(line.MinCacheBits+1) {
				t.Fatalf("puzzle %d: %d cache hits, %d entries: the cache was not exercised", k, cached.CacheHits, n)
			}
			cached.Release()
		}
	}
}

// fixpoint line-solves g with the dynamic programme, every row and column
// again until nothing changes: the reference for Propagate. It returns
// false when a line has no completion.
func fixpoint(p *nonogram.Puzzle, g *nonogram.Grid) bool {
	var ls line.Solver
	cells := make([]nonogram.Cell, max(p.Width, p.Height))
	for changed := true; changed; {
		changed = false
		for l := range p.Width + p.Height {
			n, at := p.Width, func(k int) int { return l*p.Width + k }
			if l >= p.Height {
				n, at = p.Height, func(k int) int { return k*p.Width + l - p.Height }
			}
			for k := range n {
				cells[k] = g.Cells[at(k)]
			}
			if !ls.Solve(p.Line(l), cells[:n], cells[:n]) {
				return false
			}
			for k := range n {
				if g.Cells[at(k)] != cells[k] {
					g.Cells[at(k)], changed = cells[k], true
				}
			}
		}
	}
	return true
}

// TestBoardAgainstDP sets random cells on boards of random pictures (up
// to 70 cells a side, so that some lines take several words) and checks
// after each step: Propagate's verdict and cells are the reference
// fixpoint's, and the board's queries (At, Known, Complete, NextUnknown,
// LineKnown, LineComplete, Equals, Grid) agree with its cells; Undo
// returns the board to the words it had at the mark.
func TestBoardAgainstDP(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for k := range 24 {
		w, h := 2+r.IntN(30), 2+r.IntN(30)
		if k%4 == 3 {
			w = 65 + r.IntN(6)
		}
		p := nonotest.PuzzleOf(nonotest.RandomGrid(r, w, h, 0.4+0.2*r.Float64()))
		b := New(p)
		want := nonogram.NewGrid(w, h)
		if ok := b.Propagate(); ok != fixpoint(p, want) || !ok {
			t.Fatalf("puzzle %d: root verdict %v", k, ok)
		}
		checkBoard(t, b, p, want)
		for step := 0; step < 150 && !b.Complete(); step++ {
			i := b.NextUnknown(r.IntN(w * h))
			if i < 0 {
				i = b.NextUnknown(0)
			}
			v := nonogram.White + nonogram.Cell(r.IntN(2))
			mark := len(b.Trail)
			fill, empt := slices.Clone(b.Fill), slices.Clone(b.Empt)
			b.Set(i, v)
			next := want.Clone()
			next.Cells[i] = v
			ok := b.Propagate()
			if ok != fixpoint(p, next) {
				t.Fatalf("puzzle %d step %d: Propagate %v, the reference disagrees", k, step, ok)
			}
			if ok && r.IntN(3) != 0 {
				want = next
				checkBoard(t, b, p, want)
				continue
			}
			b.Undo(mark)
			b.ClearQueue()
			if !slices.Equal(b.Fill, fill) || !slices.Equal(b.Empt, empt) || len(b.Trail) != mark {
				t.Fatalf("puzzle %d step %d: Undo did not restore the board", k, step)
			}
			checkBoard(t, b, p, want)
		}
	}
}

// checkBoard compares b's cells and queries with the grid want.
func checkBoard(t *testing.T, b *Board, p *nonogram.Puzzle, want *nonogram.Grid) {
	t.Helper()
	if g := b.Grid(); !g.Equal(want) || !b.Equals(want) {
		t.Fatalf("board\n%vwant\n%v", g, want)
	}
	if b.Known() != want.Known() || b.Complete() != want.Complete() {
		t.Fatalf("Known %d, Complete %v; want %d, %v", b.Known(), b.Complete(), want.Known(), want.Complete())
	}
	next := -1
	for i := len(want.Cells) - 1; i >= 0; i-- {
		if b.At(i) != want.Cells[i] {
			t.Fatalf("At(%d) = %v, want %v", i, b.At(i), want.Cells[i])
		}
		if want.Cells[i] == nonogram.Unknown {
			next = i
		}
		if got := b.NextUnknown(i); got != next {
			t.Fatalf("NextUnknown(%d) = %d, want %d", i, got, next)
		}
	}
	for l := range p.Width + p.Height {
		known, n := 0, p.Width
		if l >= p.Height {
			n = p.Height
		}
		for k := range n {
			if want.Cells[b.cellOf(l, k)] != nonogram.Unknown {
				known++
			}
		}
		if b.LineKnown(l) != known || b.LineComplete(l) != (known == n) {
			t.Fatalf("line %d: LineKnown %d, LineComplete %v; want %d of %d", l, b.LineKnown(l), b.LineComplete(l), known, n)
		}
	}
}
