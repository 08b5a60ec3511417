package line

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
)

// cacheQuery is a line state asked of a cache: line l with known cells f
// (black) and e (white).
type cacheQuery struct {
	l    int
	f, e uint64
}

// queries returns random states of p's lines: each cell of a random
// picture known with probability ½, one time in eight a cell flipped (the
// line may then have no completion).
func queries(r *rand.Rand, p *nonogram.Puzzle, count int) []cacheQuery {
	out := make([]cacheQuery, count)
	for k := range out {
		l := r.IntN(p.Width + p.Height)
		n := p.Width
		if l >= p.Height {
			n = p.Height
		}
		var q cacheQuery
		q.l = l
		for i := range n {
			if r.IntN(2) == 0 {
				continue
			}
			if r.IntN(2) == 0 != (r.IntN(8) == 0) {
				q.f |= 1 << i
			} else {
				q.e |= 1 << i
			}
		}
		out[k] = q
	}
	return out
}

// ask runs the queries through b's cache and compares each answer with
// the solver's.
func ask(t *testing.T, b *Cached, qs []cacheQuery, what string) {
	t.Helper()
	var bl Bits
	for _, q := range qs {
		nf, ne, ok := b.SolveCached(q.l, q.f, q.e)
		wf, we, wok := bl.Solve(b.P.Line(q.l), b.N[q.l], q.f, q.e)
		if ok != wok || ok && (nf != wf || ne != we) {
			t.Fatalf("%s: line %d (%x, %x): cache %x %x %v, solver %x %x %v", what, q.l, q.f, q.e, nf, ne, ok, wf, we, wok)
		}
	}
}

// cachedFor returns a Cached for p without a cache.
func cachedFor(p *nonogram.Puzzle) *Cached {
	b := &Cached{P: p, N: make([]int, p.Width+p.Height)}
	for l := range b.N {
		b.N[l] = p.Width
		if l >= p.Height {
			b.N[l] = p.Height
		}
	}
	return b
}

// TestCachePooled checks that a cache taken back from the pool for
// another puzzle never answers with the first puzzle's entries: each use
// is a new epoch, and when the epoch counter wraps the cache is cleared.
// Two random puzzles of one size (narrow entries at 30×24, wide at 50×40)
// are asked the same line states, which many answer differently.
func TestCachePooled(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for _, size := range [][2]int{{30, 24}, {50, 40}} {
		narrow := size[0] <= 32 && size[1] <= 32
		pa := nonotest.PuzzleOf(nonotest.RandomGrid(r, size[0], size[1], 0.5))
		pb := nonotest.PuzzleOf(nonotest.RandomGrid(r, size[0], size[1], 0.5))
		qs := queries(r, pa, 4000)
		differ := 0
		var bl Bits
		a, b := cachedFor(pa), cachedFor(pb)
		for _, q := range qs {
			af, ae, aok := bl.Solve(pa.Line(q.l), a.N[q.l], q.f, q.e)
			if bf, be, bok := bl.Solve(pb.Line(q.l), b.N[q.l], q.f, q.e); aok != bok || aok && (af != bf || ae != be) {
				differ++
			}
		}
		if differ < len(qs)/20 {
			t.Fatalf("%dx%d: only %d of %d states are answered differently: the test would not see a stale entry", size[0], size[1], differ, len(qs))
		}
		for _, wrap := range []bool{false, true} {
			a := cachedFor(pa)
			a.UseLineCache(MinCacheBits+2, narrow)
			if wrap {
				a.Cache.epoch = 1 // the entries below are of epoch 1
			}
			ask(t, a, qs, "first puzzle")
			c := a.Cache
			if wrap {
				a.Cache.epoch = math.MaxUint32 // the next use wraps to 0: must clear
			}
			reused := false
			for range 5 { // the pool may drop the cache at a collection
				a.Release()
				b := cachedFor(pb)
				b.UseLineCache(MinCacheBits+2, narrow)
				if b.Cache != c {
					a.Cache = b.Cache
					continue
				}
				reused = true
				if wrap && c.epoch != 1 {
					t.Fatalf("epoch %d after wrapping, want 1", c.epoch)
				}
				ask(t, b, qs, "second puzzle, reused cache")
				b.Release()
				break
			}
			if !reused {
				t.Fatalf("%dx%d: the pool never handed the cache back", size[0], size[1])
			}
		}
	}
}
