package nonogram

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLineCacheAgrees runs the same random propagations (set a random
// unknown cell to a random colour, propagate, keep or undo) on two boards
// of one puzzle, one with a line cache and one without, and compares their
// verdicts and words after each: a cached answer must be the solver's.
// The caches start at 2^minCacheBits entries (their cap is above
// 2^fullCacheBits) so that they collide, evict and grow; 30×24 puzzles
// get narrow entries, 50×40 wide ones.
func TestLineCacheAgrees(t *testing.T) {
	if fullCacheBits < minCacheBits+1 {
		t.Fatal("the test's caches would not grow")
	}
	r := rand.New(rand.NewPCG(21, 22))
	for _, size := range [][2]int{{30, 24}, {50, 40}} {
		for k := range 6 {
			p := puzzleOf(randomGrid(r, size[0], size[1], 0.45+0.1*r.Float64()))
			plain, cached := newBBoard(p), newBBoard(p)
			cached.useCache(fullCacheBits + 1)
			if narrow := cached.cache.n != nil; narrow != (size[0] <= 32) {
				t.Fatalf("%dx%d: narrow cache %v", size[0], size[1], narrow)
			}
			if plain.propagate() != cached.propagate() {
				t.Fatal("root verdicts differ")
			}
			for step := range 3000 {
				i := r.IntN(plain.cells())
				if plain.at(i) != Unknown {
					continue
				}
				v := White + Cell(r.IntN(2))
				mark := len(plain.trail)
				plain.set(i, v)
				cached.set(i, v)
				ok := plain.propagate()
				if cached.propagate() != ok {
					t.Fatalf("puzzle %d step %d: verdicts differ", k, step)
				}
				if ok && (!slices.Equal(plain.fill, cached.fill) || !slices.Equal(plain.empt, cached.empt)) {
					t.Fatalf("puzzle %d step %d: boards differ", k, step)
				}
				if !ok || r.IntN(8) != 0 {
					plain.undo(mark)
					cached.undo(mark)
					plain.clearQueue()
					cached.clearQueue()
				}
				if plain.complete() {
					plain.undo(0)
					cached.undo(0)
				}
			}
			if cached.cacheHits == 0 || len(cached.cache.n)+len(cached.cache.e) < 1<<(minCacheBits+1) {
				t.Fatalf("puzzle %d: %d cache hits, %d entries: the cache was not exercised", k, cached.cacheHits, len(cached.cache.n)+len(cached.cache.e))
			}
			cached.release()
		}
	}
}
