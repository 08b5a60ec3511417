package nonogram

import (
	"math"
	"math/bits"
	"sync"
)

// bboard is a partially solved grid kept as bit lines, with line-solver
// propagation, an undo trail and a line cache; the native solver and the
// pre-passes share it.
//
// Lines are numbered 0..h−1 for rows and h..h+w−1 for columns. Each line
// holds two bit sets over its cells, fill (known black) and empt (known
// white), in words[off[l] : off[l]+nw[l]]; a cell is stored twice, in its
// row and in its column. Setting a cell queues its row and column;
// propagate runs the exact line solver on queued lines until the queue is
// empty (every line is at its fixpoint) or a line has no completion. Lines
// of up to 64 cells are solved on one word (bitline.go), longer ones on
// several (bitlinen.go). Every cell set is pushed on the trail, so
// undo(mark) returns the board to an earlier state.
//
// Memory is linear in the puzzle: two bits per cell per line direction,
// four bytes per cell of trail, plus the line cache (grown by need).
type bboard struct {
	cachedLines // p, n (cells of line l), bl, the line cache and its counts
	w, h        int
	off         []int    // first word of line l
	fill        []uint64 // known black cells, per line
	empt        []uint64 // known white cells, per line
	trail       []int32  // cells set, in order, as entries (see entry)
	rowOf       []uint16 // row of cell i
	colOf       []uint16 // column of cell i
	log         []int32  // lines solved, when logging (see propagate)
	logOn       bool
	logM        uint64 // lines solved as a mask, when logging with logMask (at most 64 lines)
	logMsk      bool
	queue       []int32 // queue[qh:] are the queued lines
	qh          int
	queued      []bool

	bn     bitLineN // lines longer than maxBits
	nf, ne wordSet  // its output

	short bool // every line fits a word: line l's word is fill[l], empt[l]
}

// cachedLines solves lines of at most 64 cells of puzzle p through a line
// cache (solveCached): a board's, and the learning search's
// (learn_cache.go), so that both go through one copy of the cache's
// protocol.
type cachedLines struct {
	p     *Puzzle
	n     []int // cells of line l
	bl    bitLine
	cache *lineCache // nil: no cache

	lineSolves, cacheHits int64 // line solver runs and cache hits
}

// newBBoard returns a board for p with every line queued and the puzzle's
// given cells set (on the trail). It does not propagate.
func newBBoard(p *Puzzle) *bboard {
	w, h := p.Width, p.Height
	b := &bboard{cachedLines: cachedLines{p: p, n: make([]int, w+h)}, w: w, h: h,
		off: make([]int, w+h+1), queued: make([]bool, w+h),
		trail: make([]int32, 0, w*h), rowOf: make([]uint16, w*h), colOf: make([]uint16, w*h)}
	for i := range w * h {
		b.rowOf[i], b.colOf[i] = uint16(i/w), uint16(i%w)
	}
	for l := range w + h {
		b.n[l] = w
		if l >= h {
			b.n[l] = h
		}
		b.off[l+1] = b.off[l] + (b.n[l]+63)/64
	}
	words := b.off[w+h]
	b.short = words == w+h
	// At least 64 words: the prober reads a board of at most 64 lines of
	// a word each as arrays (cutDeltaMask).
	b.fill = make([]uint64, words, max(words, 64))
	b.empt = make([]uint64, words, max(words, 64))
	if m := max(w, h); m > maxBits {
		b.nf, b.ne = make(wordSet, (m+63)/64), make(wordSet, (m+63)/64)
	}
	b.queueAll()
	if p.Given != nil {
		for i, v := range p.Given.Cells {
			if v != Unknown {
				b.set(i, v)
			}
		}
	}
	return b
}

// cells returns the number of cells.
func (b *bboard) cells() int { return b.w * b.h }

// known returns the number of known cells.
func (b *bboard) known() int { return len(b.trail) }

// complete reports whether every cell is known.
func (b *bboard) complete() bool { return len(b.trail) == b.w*b.h }

// at returns the colour of cell i.
func (b *bboard) at(i int) Cell {
	r, c := int(b.rowOf[i]), int(b.colOf[i])
	wd, bit := b.off[r]+c>>6, uint64(1)<<uint(c&63)
	switch {
	case b.fill[wd]&bit != 0:
		return Black
	case b.empt[wd]&bit != 0:
		return White
	}
	return Unknown
}

// nextUnknown returns the first unknown cell at index i or after, in
// row-major order, or −1 when there is none.
func (b *bboard) nextUnknown(i int) int {
	if i >= b.w*b.h {
		return -1
	}
	r, c := int(b.rowOf[i]), int(b.colOf[i])
	if b.short {
		// Row r's word is fill[r], empt[r].
		all := lowMask(b.w)
		u := ^(b.fill[r] | b.empt[r]) & all &^ (uint64(1)<<uint(c&63) - 1)
		for u == 0 {
			if r++; r >= b.h {
				return -1
			}
			u = ^(b.fill[r] | b.empt[r]) & all
		}
		return r*b.w + bits.TrailingZeros64(u)
	}
	for r < b.h {
		for wd := c >> 6; wd<<6 < b.w; wd++ {
			o := b.off[r] + wd
			u := ^(b.fill[o] | b.empt[o]) &^ (uint64(1)<<uint(c&63) - 1)
			if wd<<6+64 > b.w {
				u &= lowMask(b.w - wd<<6)
			}
			if u != 0 {
				return r*b.w + wd<<6 + bits.TrailingZeros64(u)
			}
			c = (wd + 1) << 6
		}
		r, c = r+1, 0
	}
	return -1
}

// lineKnown returns the number of known cells of line l.
func (b *bboard) lineKnown(l int) int {
	if b.short {
		// Line l's word is fill[l], empt[l].
		return bits.OnesCount64(b.fill[l] | b.empt[l])
	}
	return b.lineKnownWords(l)
}

// lineKnownWords is lineKnown on a board whose lines do not all fit a
// word.
func (b *bboard) lineKnownWords(l int) int {
	k := 0
	for o := b.off[l]; o < b.off[l+1]; o++ {
		k += bits.OnesCount64(b.fill[o] | b.empt[o])
	}
	return k
}

// lineComplete reports whether every cell of line l is known.
func (b *bboard) lineComplete(l int) bool {
	n, off := b.n[l], b.off[l]
	for wd := 0; wd<<6 < n; wd++ {
		if ^(b.fill[off+wd]|b.empt[off+wd])&lowMask(n-wd<<6) != 0 {
			return false
		}
	}
	return true
}

func (b *bboard) enqueue(l int) {
	if !b.queued[l] {
		b.queued[l] = true
		b.queue = append(b.queue, int32(l))
	}
}

// queueAll queues every line.
func (b *bboard) queueAll() {
	for l := range b.w + b.h {
		b.enqueue(l)
	}
}

// mark sets bit k of line l in fill (black) or empt.
func (b *bboard) mark(l, k int, black bool) {
	wd, bit := b.off[l]+k>>6, uint64(1)<<uint(k&63)
	if black {
		b.fill[wd] |= bit
	} else {
		b.empt[wd] |= bit
	}
}

// A trail entry packs a cell and its colour into an int32: row·2^13 +
// column·2 + (1 for black); MaxSide keeps rows and columns within 12 bits.
func entry(r, c int, black bool) int32 {
	x := int32(r)<<13 | int32(c)<<1
	if black {
		x |= 1
	}
	return x
}

func entryRow(x int32) int     { return int(x >> 13) }
func entryCol(x int32) int     { return int(x >> 1 & (1<<12 - 1)) }
func entryColour(x int32) Cell { return White + Cell(x&1) }

// entryCell returns the index of an entry's cell.
func (b *bboard) entryCell(x int32) int { return entryRow(x)*b.w + entryCol(x) }

// set gives the Unknown cell i colour v and queues its two lines.
func (b *bboard) set(i int, v Cell) {
	b.setRC(int(b.rowOf[i]), int(b.colOf[i]), v)
}

// setRC gives the Unknown cell in row r, column c colour v and queues its
// two lines.
func (b *bboard) setRC(r, c int, v Cell) {
	b.mark(r, c, v == Black)
	b.mark(b.h+c, r, v == Black)
	b.trail = append(b.trail, entry(r, c, v == Black))
	b.enqueue(r)
	b.enqueue(b.h + c)
}

// placeRC gives the Unknown cell in row r, column c colour v without
// queueing its lines.
func (b *bboard) placeRC(r, c int, v Cell) {
	b.mark(r, c, v == Black)
	b.mark(b.h+c, r, v == Black)
	b.trail = append(b.trail, entry(r, c, v == Black))
}

// undo resets every cell set since the trail had length mark.
// It clears only the bit set of the cell's colour (a cell is in one).
func (b *bboard) undo(mark int) {
	for _, x := range b.trail[mark:] {
		r, c := entryRow(x), entryCol(x)
		rw, cw := b.off[r]+c>>6, b.off[b.h+c]+r>>6
		if x&1 != 0 {
			b.fill[rw] &^= 1 << uint(c&63)
			b.fill[cw] &^= 1 << uint(r&63)
		} else {
			b.empt[rw] &^= 1 << uint(c&63)
			b.empt[cw] &^= 1 << uint(r&63)
		}
	}
	b.trail = b.trail[:mark]
}

// clearQueue empties the queue after a contradiction.
func (b *bboard) clearQueue() {
	for _, l := range b.queue[b.qh:] {
		b.queued[l] = false
	}
	b.queue, b.qh = b.queue[:0], 0
}

// cellOf returns the index of cell k of line l.
func (b *bboard) cellOf(l, k int) int {
	if l < b.h {
		return l*b.w + k
	}
	return k*b.w + l - b.h
}

// propagate line-solves queued lines to a fixpoint; with logOn, it
// appends every line it solves to log (with logMsk, adds it to logM). It returns false when
// some line has no completion; the queue is then empty and the board holds
// whatever was set before the contradiction showed (undo to recover).
func (b *bboard) propagate() bool {
	for b.qh < len(b.queue) {
		l := int(b.queue[b.qh])
		b.qh++
		b.queued[l] = false
		if b.logOn {
			if b.logMsk {
				b.logM |= 1 << uint(l&63)
			} else {
				b.log = append(b.log, int32(l))
			}
		}
		var ok bool
		switch {
		case b.short:
			ok = b.solveShort(l)
		case b.n[l] <= maxBits:
			ok = b.solveWord(l)
		default:
			ok = b.solveLong(l)
		}
		if !ok {
			b.clearQueue()
			return false
		}
	}
	b.queue, b.qh = b.queue[:0], 0
	return true
}

// solveWord solves line l of at most 64 cells and sets what it fixes,
// taking the answer from the line cache when it holds it.
func (b *bboard) solveWord(l int) bool {
	wd := b.off[l]
	f, e := b.fill[wd], b.empt[wd]
	nf, ne, ok := b.solveCached(l, f, e)
	if !ok {
		return false
	}
	// Most solves fix nothing (57% on the tournament sets).
	if df, de := nf&^f, ne&^e; df|de != 0 {
		b.fill[wd], b.empt[wd] = nf, ne
		if df != 0 {
			b.fixed(l, 0, df, true)
		}
		if de != 0 {
			b.fixed(l, 0, de, false)
		}
	}
	return true
}

// solveShort is solveWord on a board whose every line fits a word (line
// l's word is l): no table gives the word, and fixed cells are marked in
// their crossing lines' words directly (fixedShort).
func (b *bboard) solveShort(l int) bool {
	f, e := b.fill[l], b.empt[l]
	nf, ne, ok := b.solveCached(l, f, e)
	if !ok {
		return false
	}
	if df, de := nf&^f, ne&^e; df|de != 0 {
		b.fill[l], b.empt[l] = nf, ne
		if df != 0 {
			b.fixedShort(l, df, b.fill, 1)
		}
		if de != 0 {
			b.fixedShort(l, de, b.empt, 0)
		}
	}
	return true
}

// fixedShort is fixed on a board whose every line fits a word, for the
// cells d of line l, of colour 1 (black, set fill) or 0 (white, set
// empt).
func (b *bboard) fixedShort(l int, d uint64, set []uint64, colour int32) {
	if l < b.h {
		// A row: cell k lies in column k, at bit l of its word.
		bit := uint64(1) << uint(l&63)
		for d != 0 {
			k := bits.TrailingZeros64(d)
			d &= d - 1
			cl := b.h + k
			set[cl] |= bit
			b.trail = append(b.trail, int32(l)<<13|int32(k)<<1|colour)
			if !b.queued[cl] {
				b.queued[cl] = true
				b.queue = append(b.queue, int32(cl))
			}
		}
		return
	}
	c := l - b.h
	bit := uint64(1) << uint(c&63)
	for d != 0 {
		k := bits.TrailingZeros64(d)
		d &= d - 1
		set[k] |= bit
		b.trail = append(b.trail, int32(k)<<13|int32(c)<<1|colour)
		if !b.queued[k] {
			b.queued[k] = true
			b.queue = append(b.queue, int32(k))
		}
	}
}

// solveCached returns the line solver's answer for line l of at most 64
// cells with known cells f (black) and e (white): from the line cache when
// it holds it, else solved and stored there. (Not inlined: the call costs
// 1.5% of the instructions on TAAI 2011 #301–#330 against a copy of the
// lookup in solveWord and in settled.)
func (b *cachedLines) solveCached(l int, f, e uint64) (nf, ne uint64, ok bool) {
	switch c := b.cache; {
	case c == nil:
		b.lineSolves++
		nf, ne, ok = b.bl.solve(b.p.line(l), b.n[l], f, e)
	case c.n != nil:
		s := &c.n[c.hash(l, f, e)]
		if s.tag&^1 == uint64(c.epoch)<<32|uint64(l)<<1 && s.fe == f|e<<32 {
			b.cacheHits++
			return s.r & (1<<32 - 1), s.r >> 32, s.tag&1 == 1
		}
		b.lineSolves++
		nf, ne, ok = b.bl.solve(b.p.line(l), b.n[l], f, e)
		c.putNarrow(s, l, f, e, nf, ne, ok)
	default:
		s := &c.e[c.hash(l, f, e)]
		if s.tag&^1 == uint64(c.epoch)<<32|uint64(l)<<1 && s.f == f && s.e == e {
			b.cacheHits++
			return s.rf, s.re, s.tag&1 == 1
		}
		b.lineSolves++
		nf, ne, ok = b.bl.solve(b.p.line(l), b.n[l], f, e)
		c.putWide(s, l, f, e, nf, ne, ok)
	}
	return nf, ne, ok
}

// fixed records the cells of line l that a solve fixed, given as the bits
// of d for cells 64·word.., all of colour black or white: it marks them in
// their crossing lines, pushes them on the trail and queues the crossing
// lines. The line's own words are already updated. The colour's bit set
// and the line's direction are chosen once, outside the loop over cells.
func (b *bboard) fixed(l, word int, d uint64, black bool) {
	if d == 0 {
		return
	}
	set, colour := b.empt, int32(0)
	if black {
		set, colour = b.fill, 1
	}
	if l < b.h {
		// A row: cell k lies in column k, at bit l of its word.
		bit, sh := uint64(1)<<uint(l&63), l>>6
		for d != 0 {
			k := word<<6 + bits.TrailingZeros64(d)
			d &= d - 1
			cl := b.h + k
			set[b.off[cl]+sh] |= bit
			b.trail = append(b.trail, int32(l)<<13|int32(k)<<1|colour)
			if !b.queued[cl] {
				b.queued[cl] = true
				b.queue = append(b.queue, int32(cl))
			}
		}
		return
	}
	c := l - b.h
	bit, sh := uint64(1)<<uint(c&63), c>>6
	for d != 0 {
		k := word<<6 + bits.TrailingZeros64(d)
		d &= d - 1
		set[b.off[k]+sh] |= bit
		b.trail = append(b.trail, int32(k)<<13|int32(c)<<1|colour)
		if !b.queued[k] {
			b.queued[k] = true
			b.queue = append(b.queue, int32(k))
		}
	}
}

// settled reports whether line l of at most 64 cells, with known cells f
// (black) and e (white), has a completion and is at its line fixpoint (the
// line solver fixes nothing more). It reads and fills the line cache as
// solveWord does.
func (b *bboard) settled(l int, f, e uint64) bool {
	if f&e != 0 {
		return false
	}
	nf, ne, ok := b.solveCached(l, f, e)
	return ok && nf == f && ne == e
}

// solveLong solves line l of more than 64 cells with the multi-word
// bit-parallel solver and sets what it fixes.
func (b *bboard) solveLong(l int) bool {
	n, off := b.n[l], b.off[l]
	nw := (n + 63) / 64
	fill, empt := wordSet(b.fill[off:off+nw]), wordSet(b.empt[off:off+nw])
	nf, ne := b.nf[:nw], b.ne[:nw]
	b.lineSolves++
	if !b.bn.solve(b.p.line(l), n, fill, empt, nf, ne) {
		return false
	}
	for wd := range nw {
		df, de := nf[wd]&^fill[wd], ne[wd]&^empt[wd]
		fill[wd], empt[wd] = nf[wd], ne[wd]
		b.fixed(l, wd, df, true)
		b.fixed(l, wd, de, false)
	}
	return true
}

// equals reports whether the board's cells are g's.
func (b *bboard) equals(g *Grid) bool {
	for i, v := range g.Cells {
		if b.at(i) != v {
			return false
		}
	}
	return true
}

// grid returns the board's cells as a grid.
func (b *bboard) grid() *Grid {
	g := NewGrid(b.w, b.h)
	for r := range b.h {
		for c := range b.w {
			wd, bit := b.off[r]+c>>6, uint64(1)<<uint(c&63)
			switch {
			case b.fill[wd]&bit != 0:
				g.Cells[r*b.w+c] = Black
			case b.empt[wd]&bit != 0:
				g.Cells[r*b.w+c] = White
			}
		}
	}
	return g
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
// A cache of at most 2^fullCacheBits entries (a puzzle of up to 256
// cells: 48 KB narrow) is made at that size at once: small puzzles that
// need search fill it anyway, and growing it from 2^minCacheBits left as
// much again as garbage (6-Dom with uniqueness: 86 KB of its 301 KB).
const (
	minCacheBits  = 8
	fullCacheBits = 11
	maxCacheBits  = 16
)

// cacheBits returns the largest line cache of a puzzle of n cells.
func cacheBits(n int) int {
	b := minCacheBits
	for b < maxCacheBits && 1<<b < 8*n {
		b++
	}
	return b
}

// cachePools holds released caches, one pool per size, narrow ones in
// cachePools[1].
var cachePools [2][maxCacheBits + 1]sync.Pool

// useCache gives the board an empty cache that grows to at most 2^maxBits
// entries (useLineCache).
func (b *bboard) useCache(maxBits int) {
	b.useLineCache(maxBits, max(b.w, b.h) <= 32)
}

// useLineCache sets an empty cache that grows to at most 2^maxBits
// entries, narrow when every line has at most 32 cells: a pooled one of
// at most that size when there is one (the largest), else a new one of
// 2^minCacheBits entries (2^maxBits when that is at most
// 2^fullCacheBits).
func (b *cachedLines) useLineCache(maxBits int, narrow bool) {
	pool := &cachePools[0]
	if narrow {
		pool = &cachePools[1]
	}
	for bits := maxBits; bits >= minCacheBits; bits-- {
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
		b.cache = c
		return
	}
	start := minCacheBits
	if maxBits <= fullCacheBits {
		start = maxBits
	}
	c := &lineCache{mask: 1<<start - 1, epoch: 1, maxBits: maxBits}
	c.setLimit()
	if narrow {
		c.n = make([]narrowEntry, 1<<start)
	} else {
		c.e = make([]cacheEntry, 1<<start)
	}
	b.cache = c
}

// release returns the cache to the pool.
func (b *cachedLines) release() {
	if c := b.cache; c != nil {
		k := bits.TrailingZeros64(c.mask + 1)
		if c.n != nil {
			cachePools[1][k].Put(c)
		} else {
			cachePools[0][k].Put(c)
		}
		b.cache = nil
	}
}

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
