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
