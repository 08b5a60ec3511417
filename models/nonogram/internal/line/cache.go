package line

import (
	"math"
	"math/bits"
	"sync"

	"github.com/satsolve/satsolve/models/nonogram"
)

// Cached solves lines of at most 64 cells of puzzle p through a line
// cache (SolveCached): a board's, and the learning search's
// (internal/learn/cache.go), so that both go through one copy of the cache's
// protocol.
type Cached struct {
	P     *nonogram.Puzzle
	N     []int // cells of line l
	bl    Bits
	Cache *lineCache // nil: no cache

	LineSolves, CacheHits int64 // line solver runs and cache hits
}

// SolveCached returns the line solver's answer for line l of at most 64
// cells with known cells f (black) and e (white): from the line cache when
// it holds it, else solved and stored there. (Not inlined: the call costs
// 1.5% of the instructions on TAAI 2011 #301–#330 against a copy of the
// lookup in solveWord and in settled.)
func (b *Cached) SolveCached(l int, f, e uint64) (nf, ne uint64, ok bool) {
	switch c := b.Cache; {
	case c == nil:
		b.LineSolves++
		nf, ne, ok = b.bl.Solve(b.P.Line(l), b.N[l], f, e)
	case c.n != nil:
		s := &c.n[c.hash(l, f, e)]
		if s.tag&^1 == uint64(c.epoch)<<32|uint64(l)<<1 && s.fe == f|e<<32 {
			b.CacheHits++
			return s.r & (1<<32 - 1), s.r >> 32, s.tag&1 == 1
		}
		b.LineSolves++
		nf, ne, ok = b.bl.Solve(b.P.Line(l), b.N[l], f, e)
		c.putNarrow(s, l, f, e, nf, ne, ok)
	default:
		s := &c.e[c.hash(l, f, e)]
		if s.tag&^1 == uint64(c.epoch)<<32|uint64(l)<<1 && s.f == f && s.e == e {
			b.CacheHits++
			return s.rf, s.re, s.tag&1 == 1
		}
		b.LineSolves++
		nf, ne, ok = b.bl.Solve(b.P.Line(l), b.N[l], f, e)
		c.putWide(s, l, f, e, nf, ne, ok)
	}
	return nf, ne, ok
}

// lineCache is a direct-mapped cache of line-solver answers for lines of
// at most 64 cells, keyed by the line and its two words: a colliding entry
// is overwritten. It starts small and grows fourfold, up to a size set by
// the puzzle, each time it has overwritten twice its size in live entries
// (the lines the search revisits no longer fit): a puzzle that needs few
// line solves, or revisits few lines, keeps a small cache. Growing by four
// rather than two leaves a third as much garbage on the way to a large
// cache (webpbn-00803: 4.17 → 3.75 MB allocated with uniqueness), which
// the survey's peak heap counts. Caches are pooled
// between solves (a solve of a tournament puzzle takes a millisecond,
// clearing a cache as much): each use gets a new epoch, and entries of
// older epochs are misses. When every line has at most 32 cells (every
// tournament puzzle) the entries are narrow: a line's two words share one
// uint64, and so do the answer's, 24 bytes an entry instead of 40.
type lineCache struct {
	e       []cacheEntry  // wide entries (lines of 33 to 64 cells)
	n       []narrowEntry // narrow entries: one of e and n is used
	mask    uint64
	epoch   uint32
	maxBits int // the most the cache grows to: 2^maxBits entries
	evicted int // live entries overwritten since the last growth
	limit   int // grow when evicted passes it: twice the size, or no limit at the cap
}

// A cacheEntry takes 40 bytes: the line's words, the answer's, and a tag.
type cacheEntry struct {
	f, e, rf, re uint64
	tag          uint64 // see cacheTag
}

// A narrowEntry takes 24 bytes: fe is f | e<<32, r the answer's words
// alike.
type narrowEntry struct {
	fe, r, tag uint64
}

// cacheTag packs an entry's epoch, its line and whether the line has a
// completion: epoch·2^32 + 2·line + ok (lines number less than 2^31).
func cacheTag(epoch uint32, l int, ok bool) uint64 {
	t := uint64(epoch)<<32 | uint64(l)<<1
	if ok {
		t |= 1
	}
	return t
}

// Cache sizes: a cache starts with 2^minCacheBits entries (6 KB narrow,
// 10 KB wide) and grows to at most about 8 entries per cell and at most
// 2^maxCacheBits entries (1.6 MB narrow, 2.6 MB wide). Measured (CPU s at
// caps of 2^11, 2^12, 2^13, 2^14 entries): 8-Dom (17×17) 0.32, 0.31, 0.31,
// 0.30 and 9-Dom (19×19) 0.47, 0.45, 0.45, 0.45, so beyond 8 per cell
// buys nothing there; webpbn-06574 (25×25, 78,557 nodes) 4.45, 3.95,
// 3.60, 3.40: its cap of 2^13 costs it 6%.
//
// A cache of at most 2^FullCacheBits entries (a puzzle of up to 256
// cells: 48 KB narrow) is made at that size at once: small puzzles that
// need search fill it anyway, and growing it from 2^minCacheBits left as
// much again as garbage (6-Dom with uniqueness: 86 KB of its 301 KB).
const (
	MinCacheBits  = 8
	FullCacheBits = 11
	maxCacheBits  = 16
)

// CacheBits returns the largest line cache of a puzzle of n cells.
func CacheBits(n int) int {
	b := MinCacheBits
	for b < maxCacheBits && 1<<b < 8*n {
		b++
	}
	return b
}

// cachePools holds released caches, one pool per size, narrow ones in
// cachePools[1].
var cachePools [2][maxCacheBits + 1]sync.Pool

// UseLineCache sets an empty cache that grows to at most 2^maxBits
// entries, narrow when every line has at most 32 cells: a pooled one of
// at most that size when there is one (the largest), else a new one of
// 2^minCacheBits entries (2^maxBits when that is at most
// 2^FullCacheBits).
func (b *Cached) UseLineCache(maxBits int, narrow bool) {
	pool := &cachePools[0]
	if narrow {
		pool = &cachePools[1]
	}
	for bits := maxBits; bits >= MinCacheBits; bits-- {
		c, _ := pool[bits].Get().(*lineCache)
		if c == nil {
			continue
		}
		c.epoch++
		if c.epoch == 0 { // wrapped: really clear it
			clear(c.e)
			clear(c.n)
			c.epoch = 1
		}
		c.maxBits, c.evicted = maxBits, 0
		c.setLimit()
		b.Cache = c
		return
	}
	start := MinCacheBits
	if maxBits <= FullCacheBits {
		start = maxBits
	}
	c := &lineCache{mask: 1<<start - 1, epoch: 1, maxBits: maxBits}
	c.setLimit()
	if narrow {
		c.n = make([]narrowEntry, 1<<start)
	} else {
		c.e = make([]cacheEntry, 1<<start)
	}
	b.Cache = c
}

// Release returns the cache to the pool.
func (b *Cached) Release() {
	if c := b.Cache; c != nil {
		k := bits.TrailingZeros64(c.mask + 1)
		if c.n != nil {
			cachePools[1][k].Put(c)
		} else {
			cachePools[0][k].Put(c)
		}
		b.Cache = nil
	}
}

// Entries returns the cache's size in entries and whether they are narrow
// (for tests).
func (c *lineCache) Entries() (n int, narrow bool) { return len(c.n) + len(c.e), c.n != nil }

// hash returns the slot of line l with words f and e.
func (c *lineCache) hash(l int, f, e uint64) uint64 {
	h := f*0x9e3779b97f4a7c15 ^ e*0xc2b2ae3d27d4eb4f ^ uint64(l)*0x165667b19e3779f9
	return (h ^ h>>29) & c.mask
}

// putNarrow stores the answer for line l with words f and e in slot s
// of a narrow cache (their slot, unless the cache grows).
func (c *lineCache) putNarrow(s *narrowEntry, l int, f, e, nf, ne uint64, ok bool) {
	if s.tag>>32 == uint64(c.epoch) && c.full() {
		s = &c.n[c.hash(l, f, e)]
	}
	*s = narrowEntry{fe: f | e<<32, r: nf | ne<<32, tag: cacheTag(c.epoch, l, ok)}
}

// putWide is putNarrow for a wide cache.
func (c *lineCache) putWide(s *cacheEntry, l int, f, e, nf, ne uint64, ok bool) {
	if s.tag>>32 == uint64(c.epoch) && c.full() {
		s = &c.e[c.hash(l, f, e)]
	}
	*s = cacheEntry{f: f, e: e, rf: nf, re: ne, tag: cacheTag(c.epoch, l, ok)}
}

// full counts a live entry overwritten and reports whether that made the
// cache grow (the caller's slot is then stale). It is inlined: the
// growth, rare, is a call.
func (c *lineCache) full() bool {
	c.evicted++
	if c.evicted > c.limit {
		c.grow()
		return true
	}
	return false
}

// setLimit sets the count of overwritten live entries past which the
// cache grows: twice its size, unless it is at its cap.
func (c *lineCache) setLimit() {
	c.limit = 2 * int(c.mask+1)
	if int(c.mask+1) >= 1<<c.maxBits {
		c.limit = math.MaxInt
	}
}

// grow makes the cache four times larger (at most its cap), keeping its
// live entries.
func (c *lineCache) grow() {
	size := min(4*int(c.mask+1), 1<<c.maxBits)
	c.mask, c.evicted = uint64(size-1), 0
	c.setLimit()
	if c.n != nil {
		old := c.n
		c.n = make([]narrowEntry, size)
		for i := range old {
			if x := &old[i]; x.tag>>32 == uint64(c.epoch) {
				c.n[c.hash(int(uint32(x.tag)>>1), x.fe&(1<<32-1), x.fe>>32)] = *x
			}
		}
		return
	}
	old := c.e
	c.e = make([]cacheEntry, size)
	for i := range old {
		if x := &old[i]; x.tag>>32 == uint64(c.epoch) {
			c.e[c.hash(int(uint32(x.tag)>>1), x.f, x.e)] = *x
		}
	}
}
