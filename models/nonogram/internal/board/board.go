package board

import (
	"math/bits"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
)

// Board is a partially solved grid kept as bit lines, with line-solver
// propagation, an undo trail and a line cache; the native solver and the
// pre-passes share it.
//
// Lines are numbered 0..H−1 for rows and H..H+W−1 for columns. Each line
// holds two bit sets over its cells, Fill (known black) and Empt (known
// white), in words Off[l] .. Off[l+1]−1; a cell is stored twice, in its
// row and in its column. Setting a cell queues its row and column;
// Propagate runs the exact line solver on queued lines until the queue is
// empty (every line is at its fixpoint) or a line has no completion. Lines
// of up to 64 cells are solved on one word (line.Bits), longer ones on
// several (line.BitsN). Every cell set is pushed on the Trail, so
// Undo(mark) returns the board to an earlier state.
//
// The fields are exported for the packages that work on a board (probe,
// belief, search): they read and write the words directly, as the search
// did when they were one package; the methods keep the invariants (a cell
// in one of Fill and Empt of its row and of its column, or in neither; the
// Trail holding exactly the cells set, in order).
//
// Memory is linear in the puzzle: two bits per cell per line direction,
// four bytes per cell of trail, plus the line cache (grown by need).
type Board struct {
	line.Cached // P, N (cells of line l), the line solver, the line cache and its counts
	W, H        int
	Off         []int    // first word of line l
	Fill        []uint64 // known black cells, per line
	Empt        []uint64 // known white cells, per line
	Trail       []int32  // cells set, in order, as entries (see EntryRow)
	RowOf       []uint16 // row of cell i
	ColOf       []uint16 // column of cell i
	Log         []int32  // lines solved, when logging (see Propagate)
	LogOn       bool
	LogM        uint64 // lines solved as a mask, when logging with LogMsk (at most 64 lines)
	LogMsk      bool
	queue       []int32 // queue[qh:] are the queued lines
	qh          int
	queued      []bool

	bn     line.BitsN   // lines longer than line.MaxBits
	nf, ne line.WordSet // its output

	short bool // every line fits a word: line l's word is Fill[l], Empt[l]
}

// New returns a board for p with every line queued and the puzzle's
// given cells set (on the trail). It does not propagate.
func New(p *nonogram.Puzzle) *Board {
	w, h := p.Width, p.Height
	b := &Board{Cached: line.Cached{P: p, N: make([]int, w+h)}, W: w, H: h,
		Off: make([]int, w+h+1), queued: make([]bool, w+h),
		Trail: make([]int32, 0, w*h), RowOf: make([]uint16, w*h), ColOf: make([]uint16, w*h)}
	for i := range w * h {
		b.RowOf[i], b.ColOf[i] = uint16(i/w), uint16(i%w)
	}
	for l := range w + h {
		b.N[l] = w
		if l >= h {
			b.N[l] = h
		}
		b.Off[l+1] = b.Off[l] + (b.N[l]+63)/64
	}
	words := b.Off[w+h]
	b.short = words == w+h
	// At least 64 words: the prober reads a board of at most 64 lines of
	// a word each as arrays (cutDeltaMask).
	b.Fill = make([]uint64, words, max(words, 64))
	b.Empt = make([]uint64, words, max(words, 64))
	if m := max(w, h); m > line.MaxBits {
		b.nf, b.ne = make(line.WordSet, (m+63)/64), make(line.WordSet, (m+63)/64)
	}
	b.QueueAll()
	if p.Given != nil {
		for i, v := range p.Given.Cells {
			if v != nonogram.Unknown {
				b.Set(i, v)
			}
		}
	}
	return b
}

// Cells returns the number of cells.
func (b *Board) Cells() int { return b.W * b.H }

// Known returns the number of known cells.
func (b *Board) Known() int { return len(b.Trail) }

// Complete reports whether every cell is known.
func (b *Board) Complete() bool { return len(b.Trail) == b.W*b.H }

// At returns the colour of cell i.
func (b *Board) At(i int) nonogram.Cell {
	r, c := int(b.RowOf[i]), int(b.ColOf[i])
	wd, bit := b.Off[r]+c>>6, uint64(1)<<uint(c&63)
	switch {
	case b.Fill[wd]&bit != 0:
		return nonogram.Black
	case b.Empt[wd]&bit != 0:
		return nonogram.White
	}
	return nonogram.Unknown
}

// NextUnknown returns the first unknown cell at index i or after, in
// row-major order, or −1 when there is none.
func (b *Board) NextUnknown(i int) int {
	if i >= b.W*b.H {
		return -1
	}
	r, c := int(b.RowOf[i]), int(b.ColOf[i])
	if b.short {
		// Row r's word is fill[r], empt[r].
		all := line.LowMask(b.W)
		u := ^(b.Fill[r] | b.Empt[r]) & all &^ (uint64(1)<<uint(c&63) - 1)
		for u == 0 {
			if r++; r >= b.H {
				return -1
			}
			u = ^(b.Fill[r] | b.Empt[r]) & all
		}
		return r*b.W + bits.TrailingZeros64(u)
	}
	for r < b.H {
		for wd := c >> 6; wd<<6 < b.W; wd++ {
			o := b.Off[r] + wd
			u := ^(b.Fill[o] | b.Empt[o]) &^ (uint64(1)<<uint(c&63) - 1)
			if wd<<6+64 > b.W {
				u &= line.LowMask(b.W - wd<<6)
			}
			if u != 0 {
				return r*b.W + wd<<6 + bits.TrailingZeros64(u)
			}
			c = (wd + 1) << 6
		}
		r, c = r+1, 0
	}
	return -1
}

// LineKnown returns the number of known cells of line l.
func (b *Board) LineKnown(l int) int {
	if b.short {
		// Line l's word is fill[l], empt[l].
		return bits.OnesCount64(b.Fill[l] | b.Empt[l])
	}
	return b.lineKnownWords(l)
}

// lineKnownWords is lineKnown on a board whose lines do not all fit a
// word.
func (b *Board) lineKnownWords(l int) int {
	k := 0
	for o := b.Off[l]; o < b.Off[l+1]; o++ {
		k += bits.OnesCount64(b.Fill[o] | b.Empt[o])
	}
	return k
}

// LineComplete reports whether every cell of line l is known.
func (b *Board) LineComplete(l int) bool {
	n, off := b.N[l], b.Off[l]
	for wd := 0; wd<<6 < n; wd++ {
		if ^(b.Fill[off+wd]|b.Empt[off+wd])&line.LowMask(n-wd<<6) != 0 {
			return false
		}
	}
	return true
}

// Enqueue queues line l for Propagate, once.
func (b *Board) Enqueue(l int) {
	if !b.queued[l] {
		b.queued[l] = true
		b.queue = append(b.queue, int32(l))
	}
}

// QueueAll queues every line.
func (b *Board) QueueAll() {
	for l := range b.W + b.H {
		b.Enqueue(l)
	}
}

// mark sets bit k of line l in fill (black) or empt.
func (b *Board) mark(l, k int, black bool) {
	wd, bit := b.Off[l]+k>>6, uint64(1)<<uint(k&63)
	if black {
		b.Fill[wd] |= bit
	} else {
		b.Empt[wd] |= bit
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

// EntryRow, EntryCol and EntryColour read a trail entry.
func EntryRow(x int32) int              { return int(x >> 13) }
func EntryCol(x int32) int              { return int(x >> 1 & (1<<12 - 1)) }
func EntryColour(x int32) nonogram.Cell { return nonogram.White + nonogram.Cell(x&1) }

// EntryCell returns the index of an entry's cell.
func (b *Board) EntryCell(x int32) int { return EntryRow(x)*b.W + EntryCol(x) }

// Set gives the Unknown cell i colour v and queues its two lines.
func (b *Board) Set(i int, v nonogram.Cell) {
	b.SetRC(int(b.RowOf[i]), int(b.ColOf[i]), v)
}

// SetRC gives the Unknown cell in row r, column c colour v and queues its
// two lines.
func (b *Board) SetRC(r, c int, v nonogram.Cell) {
	b.mark(r, c, v == nonogram.Black)
	b.mark(b.H+c, r, v == nonogram.Black)
	b.Trail = append(b.Trail, entry(r, c, v == nonogram.Black))
	b.Enqueue(r)
	b.Enqueue(b.H + c)
}

// PlaceRC gives the Unknown cell in row r, column c colour v without
// queueing its lines.
func (b *Board) PlaceRC(r, c int, v nonogram.Cell) {
	b.mark(r, c, v == nonogram.Black)
	b.mark(b.H+c, r, v == nonogram.Black)
	b.Trail = append(b.Trail, entry(r, c, v == nonogram.Black))
}

// Undo resets every cell set since the trail had length mark.
// It clears only the bit set of the cell's colour (a cell is in one).
func (b *Board) Undo(mark int) {
	for _, x := range b.Trail[mark:] {
		r, c := EntryRow(x), EntryCol(x)
		rw, cw := b.Off[r]+c>>6, b.Off[b.H+c]+r>>6
		if x&1 != 0 {
			b.Fill[rw] &^= 1 << uint(c&63)
			b.Fill[cw] &^= 1 << uint(r&63)
		} else {
			b.Empt[rw] &^= 1 << uint(c&63)
			b.Empt[cw] &^= 1 << uint(r&63)
		}
	}
	b.Trail = b.Trail[:mark]
}

// ClearQueue empties the queue after a contradiction.
func (b *Board) ClearQueue() {
	for _, l := range b.queue[b.qh:] {
		b.queued[l] = false
	}
	b.queue, b.qh = b.queue[:0], 0
}

// cellOf returns the index of cell k of line l.
func (b *Board) cellOf(l, k int) int {
	if l < b.H {
		return l*b.W + k
	}
	return k*b.W + l - b.H
}

// Propagate line-solves queued lines to a fixpoint; with LogOn, it
// appends every line it solves to Log (with LogMsk, adds it to LogM). It returns false when
// some line has no completion; the queue is then empty and the board holds
// whatever was set before the contradiction showed (undo to recover).
func (b *Board) Propagate() bool {
	for b.qh < len(b.queue) {
		l := int(b.queue[b.qh])
		b.qh++
		b.queued[l] = false
		if b.LogOn {
			if b.LogMsk {
				b.LogM |= 1 << uint(l&63)
			} else {
				b.Log = append(b.Log, int32(l))
			}
		}
		var ok bool
		switch {
		case b.short:
			ok = b.solveShort(l)
		case b.N[l] <= line.MaxBits:
			ok = b.solveWord(l)
		default:
			ok = b.solveLong(l)
		}
		if !ok {
			b.ClearQueue()
			return false
		}
	}
	b.queue, b.qh = b.queue[:0], 0
	return true
}

// solveWord solves line l of at most 64 cells and sets what it fixes,
// taking the answer from the line cache when it holds it.
func (b *Board) solveWord(l int) bool {
	wd := b.Off[l]
	f, e := b.Fill[wd], b.Empt[wd]
	nf, ne, ok := b.SolveCached(l, f, e)
	if !ok {
		return false
	}
	// Most solves fix nothing (57% on the tournament sets).
	if df, de := nf&^f, ne&^e; df|de != 0 {
		b.Fill[wd], b.Empt[wd] = nf, ne
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
func (b *Board) solveShort(l int) bool {
	f, e := b.Fill[l], b.Empt[l]
	nf, ne, ok := b.SolveCached(l, f, e)
	if !ok {
		return false
	}
	if df, de := nf&^f, ne&^e; df|de != 0 {
		b.Fill[l], b.Empt[l] = nf, ne
		if df != 0 {
			b.fixedShort(l, df, b.Fill, 1)
		}
		if de != 0 {
			b.fixedShort(l, de, b.Empt, 0)
		}
	}
	return true
}

// fixedShort is fixed on a board whose every line fits a word, for the
// cells d of line l, of colour 1 (black, set fill) or 0 (white, set
// empt).
func (b *Board) fixedShort(l int, d uint64, set []uint64, colour int32) {
	if l < b.H {
		// A row: cell k lies in column k, at bit l of its word.
		bit := uint64(1) << uint(l&63)
		for d != 0 {
			k := bits.TrailingZeros64(d)
			d &= d - 1
			cl := b.H + k
			set[cl] |= bit
			b.Trail = append(b.Trail, int32(l)<<13|int32(k)<<1|colour)
			if !b.queued[cl] {
				b.queued[cl] = true
				b.queue = append(b.queue, int32(cl))
			}
		}
		return
	}
	c := l - b.H
	bit := uint64(1) << uint(c&63)
	for d != 0 {
		k := bits.TrailingZeros64(d)
		d &= d - 1
		set[k] |= bit
		b.Trail = append(b.Trail, int32(k)<<13|int32(c)<<1|colour)
		if !b.queued[k] {
			b.queued[k] = true
			b.queue = append(b.queue, int32(k))
		}
	}
}

// fixed records the cells of line l that a solve fixed, given as the bits
// of d for cells 64·word.., all of colour black or white: it marks them in
// their crossing lines, pushes them on the trail and queues the crossing
// lines. The line's own words are already updated. The colour's bit set
// and the line's direction are chosen once, outside the loop over cells.
func (b *Board) fixed(l, word int, d uint64, black bool) {
	if d == 0 {
		return
	}
	set, colour := b.Empt, int32(0)
	if black {
		set, colour = b.Fill, 1
	}
	if l < b.H {
		// A row: cell k lies in column k, at bit l of its word.
		bit, sh := uint64(1)<<uint(l&63), l>>6
		for d != 0 {
			k := word<<6 + bits.TrailingZeros64(d)
			d &= d - 1
			cl := b.H + k
			set[b.Off[cl]+sh] |= bit
			b.Trail = append(b.Trail, int32(l)<<13|int32(k)<<1|colour)
			if !b.queued[cl] {
				b.queued[cl] = true
				b.queue = append(b.queue, int32(cl))
			}
		}
		return
	}
	c := l - b.H
	bit, sh := uint64(1)<<uint(c&63), c>>6
	for d != 0 {
		k := word<<6 + bits.TrailingZeros64(d)
		d &= d - 1
		set[b.Off[k]+sh] |= bit
		b.Trail = append(b.Trail, int32(k)<<13|int32(c)<<1|colour)
		if !b.queued[k] {
			b.queued[k] = true
			b.queue = append(b.queue, int32(k))
		}
	}
}

// Settled reports whether line l of at most 64 cells, with known cells f
// (black) and e (white), has a completion and is at its line fixpoint (the
// line solver fixes nothing more). It reads and fills the line cache as
// solveWord does.
func (b *Board) Settled(l int, f, e uint64) bool {
	if f&e != 0 {
		return false
	}
	nf, ne, ok := b.SolveCached(l, f, e)
	return ok && nf == f && ne == e
}

// solveLong solves line l of more than 64 cells with the multi-word
// bit-parallel solver and sets what it fixes.
func (b *Board) solveLong(l int) bool {
	n, off := b.N[l], b.Off[l]
	nw := (n + 63) / 64
	fill, empt := line.WordSet(b.Fill[off:off+nw]), line.WordSet(b.Empt[off:off+nw])
	nf, ne := b.nf[:nw], b.ne[:nw]
	b.LineSolves++
	if !b.bn.Solve(b.P.Line(l), n, fill, empt, nf, ne) {
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

// Equals reports whether the board's cells are g's.
func (b *Board) Equals(g *nonogram.Grid) bool {
	for i, v := range g.Cells {
		if b.At(i) != v {
			return false
		}
	}
	return true
}

// Grid returns the board's cells as a grid.
func (b *Board) Grid() *nonogram.Grid {
	g := nonogram.NewGrid(b.W, b.H)
	for r := range b.H {
		for c := range b.W {
			wd, bit := b.Off[r]+c>>6, uint64(1)<<uint(c&63)
			switch {
			case b.Fill[wd]&bit != 0:
				g.Cells[r*b.W+c] = nonogram.Black
			case b.Empt[wd]&bit != 0:
				g.Cells[r*b.W+c] = nonogram.White
			}
		}
	}
	return g
}

// UseCache gives the board an empty cache that grows to at most 2^maxBits
// entries (line.Cached.UseLineCache).
func (b *Board) UseCache(maxBits int) {
	b.UseLineCache(maxBits, max(b.W, b.H) <= 32)
}
