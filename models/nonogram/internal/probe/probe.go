package probe

import (
	"math/bits"
	"sync"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/board"
)

// Fully probing with kept probe results (FP2, Wu et al. 2013).
//
// To probe cell i with colour v is to set it and propagate to the line
// fixpoint: the result is a contradiction (so i has the other colour) or
// the set Δ of cells the probe fixed, i included. Probing every unknown
// cell both ways, fixing the other colour on a contradiction and the cells
// both probes fix alike (the merge), until a whole round changes nothing,
// is "fully probing".
//
// Most probes need not be redone when the board changes. A kept result of
// probing i = v on a board B (at its line fixpoint) holds Δ, the cells
// the probe fixed beyond B (i included), or a contradiction, and L, the
// lines its propagation solved. A line is solved only after one of its
// cells changed, and at the fixpoint every line with a changed cell has
// been solved, so L holds every line with a cell of Δ, and every line
// solve read only a line of L. Write B ⊆_L B′ when B_l ⊆ B′_l for every
// line l of L. Two facts:
//
//   - Replay: on a board B′ ⊇_L B with i = v, the probe's line solves can
//     be replayed in order, each reading a line that holds at least what
//     it held then, and the exact line solver is monotone (more known
//     cells: fewer completions, so at least the same cells fixed, and no
//     completion where there was none). So every fixpoint above
//     B′ ∪ {i = v} holds Δ, and after a contradiction there is none.
//   - Settled: after a success, every line l of L is at its line fixpoint
//     with the cells B_l ∪ Δ_l (the probe solved it after its last change).
//
// With these, a kept result is brought up to date when the board changes
// instead of being made again (fresh.go has the argument and the clocks
// that check it cheaply).
//
// A round re-probes only cells with a stale result, and a branch applies
// the child's Δ from the parent's probe without propagating again. A
// merge of a cell's two results that fixed nothing is not done again
// while neither is made again (merge: update only cuts them), and a
// probe is undone by copying back the board's words (restore).
//
// The results live in one arena of uint16: L as pairs (line, count) (in
// one entry, 256·line + count, when both fit a byte), then
// Δ as cell codes (row·2^cs + 2·column + 1 for black, 2^(cs−1) the
// least power of two not below the width, so that a code gives its row
// and column by shifts and masks, with no table and no division; when
// codes pass 16 bits, on puzzles of more than 2^14 cells, which only the
// probing pre-pass probes, each takes two entries, high half first).
// Bringing a result up to date reads every cell of its Δ, but only the
// lines that changed are solved again, and only those still holding
// cells of Δ: a line of L holding none is, with Δ set, as on the board,
// at its fixpoint. It is compacted (into a second buffer, the
// two swapping roles) when it holds twice what is live, and emptied when
// the live part exceeds a budget proportional to the puzzle
// (storeBudget), so memory stays within a fixed multiple of the number of
// cells; an emptied store only costs re-probing.

// Result is a kept probe outcome.
type Result struct {
	lm  uint64 // with masks (prober.masks): L as a set of lines
	t   uint32 // clock when made (or last brought up to date)
	off int32  // L from arena[off] (nl pairs), then Δ
	D   int32  // cells in Δ; Δ takes d·step entries
	nl  uint16 // lines: at most 2·MaxSide
	OK  bool   // false: the probe led to a contradiction
	set bool   // the entry holds a result
}

// minArena is the arena length (entries) below which it is not
// compacted: compacting copies only live results and happens when the
// arena holds twice what is live, so it costs O(1) per entry appended,
// and a small floor keeps the arena (and its spare) near twice the live
// results on small puzzles.
const minArena = 1 << 12

// storeBudget returns the most entries the probe arena may hold
// live for a puzzle of n cells. 32 entries a cell (plus a floor for small
// boards) keeps a few probe results per cell; a larger store saved no time
// on the tournament sets (a floor of 2^20 entries: TAAI 21.3 s, ICGA
// 21.9 s natively, the same as this budget) and let webpbn-00803's proof
// of uniqueness allocate 6.6 MB instead of 2.1.
func storeBudget(n int) int { return 1<<14 + 32*n }

// Prober keeps probe results for a board.
type Prober struct {
	b         *board.Board
	res       []Result // 2·cell + (1 for black)
	arena     []uint16
	spare     []uint16 // the other buffer of compact
	live      int
	clock     uint32
	lineClock []uint32 // last change of line l for good (set or undone)
	popClock  []uint32 // popClock[pos[l]+k]: last backtrack that emptied position k of line l (nil without probing)
	pos       []int32  // line l's first entry in popClock
	seen      []uint32 // seen[l] == gen: line l is in the probe's L
	cnt       []int32  // per-line scratch of update and backtrack
	lbuf      []int32  // lines scratch of update and run
	chg       []int32  // fresh to update: where in L the lines that changed are
	chm       uint64   // with masks, fresh to update: the lines that changed
	wm        *wordMarks
	mf, me    []uint64 // update scratch: the cells of Δ on line l (of at most 64 cells)
	val       []uint32 // merge scratch: val[code>>1] == gen·2+colour bit
	merged    []uint64 // per cell: its results' offsets (each plus one) when their merge last fixed nothing
	gen       uint32
	budget    int
	Step      int32      // arena entries per cell code: 1, or 2 beyond 2^16 codes (about 2^14 cells)
	cs        uint       // a cell code is row<<cs | column<<1 | (1 for black)
	cm        uint32     // the column's mask, 1<<(cs−1) − 1
	lw        int        // arena entries per line of L: 1 when lines and counts fit a byte each, else 2
	masks     bool       // L also as a line mask (lm), its entries in line order: probing puzzles of at most 64 lines
	sc        *sinceSets // with masks
	// With masks and probing: the board's words as of the last commit or
	// backtrack, when its trail had length baseLen (see restore).
	baseF, baseE []uint64
	baseLen      int

	Probes int64
	// Results brought up to date (update): kept as they were (cut to the
	// unknown cells), probed on from their Δ, or turned contradictions.
	kept, again, clashes int64
}

// New returns a prober for b; without probing (probe false) it keeps
// only the line clocks the search's commit and backtrack use.
func New(b *board.Board, probe bool) *Prober {
	n, nl := b.Cells(), b.W+b.H
	pr := &Prober{b: b, lineClock: make([]uint32, nl), budget: storeBudget(n), clock: 1, Step: 1}
	pr.cs = uint(bits.Len(uint(b.W-1))) + 1
	pr.cm = 1<<(pr.cs-1) - 1
	vn := b.H << (pr.cs - 1) // codes without their colour
	if b.H<<pr.cs > 1<<16 {
		pr.Step = 2
	}
	pr.lw = 2
	if nl <= 256 && max(b.W, b.H) < 256 {
		pr.lw = 1
	}
	pr.masks = probe && nl <= 64
	if probe {
		if bf, _ := proberPool.Get().(*proberBufs); bf != nil {
			if cap(bf.res) >= 2*n && cap(bf.res) <= 4*n+minArena && cap(bf.val) >= vn && cap(bf.merged) >= n && cap(bf.popClock) >= 2*n {
				pr.res, pr.val, pr.popClock, pr.merged = bf.res[:2*n], bf.val[:vn], bf.popClock[:2*n], bf.merged[:n]
				clear(pr.res)
				clear(pr.val)
				clear(pr.popClock)
				clear(pr.merged)
			}
			if cap(bf.arena) <= 2*pr.budget+minArena && cap(bf.spare) <= 2*pr.budget+minArena {
				pr.arena, pr.spare = bf.arena[:0], bf.spare[:0]
			}
		}
		if pr.res == nil {
			pr.res, pr.val, pr.popClock, pr.merged = make([]Result, 2*n), make([]uint32, vn), make([]uint32, 2*n), make([]uint64, n)
		}
		pr.seen = make([]uint32, nl)
		// Of at least 64 entries: with masks, on a board whose every
		// line fits a word, update reads them as arrays (wm).
		pr.wm = new(wordMarks)
		pr.mf, pr.me, pr.cnt = pr.wm.mf[:], pr.wm.me[:], pr.wm.cnt[:]
		if nl > 64 {
			pr.mf, pr.me, pr.cnt = make([]uint64, nl), make([]uint64, nl), make([]int32, nl)
		}
		if pr.masks {
			// At most 64 lines: every line fits a word (b.short).
			pr.wm.fill, pr.wm.empt = (*[64]uint64)(b.Fill[:64]), (*[64]uint64)(b.Empt[:64])
		}
		pr.pos = make([]int32, nl)
		if pr.masks {
			pr.baseF, pr.baseE = make([]uint64, len(b.Fill)), make([]uint64, len(b.Empt))
			pr.sc = new(sinceSets)
		}
		for l := range nl {
			pr.pos[l] = int32(l * b.W)
			if l >= b.H {
				pr.pos[l] = int32(b.H*b.W + (l-b.H)*b.H)
			}
		}
	}
	return pr
}

// proberBufs are a prober's buffers, pooled between solves: a solve of a
// tournament puzzle takes milliseconds, and growing the arena anew each
// time allocated 0.44 MB a puzzle on the easy TAAI 2011 puzzles (most of
// the native solver's allocation, and the garbage collections it caused).
type proberBufs struct {
	res           []Result
	val, popClock []uint32
	merged        []uint64
	arena, spare  []uint16
}

// proberPool holds released buffers; New takes them only when they
// fit the puzzle (not more than about twice its need), so a small
// puzzle does not keep a large puzzle's memory alive.
var proberPool sync.Pool

// Release returns the prober's buffers to the pool; the prober must not be
// used after.
func (pr *Prober) Release() {
	if pr.res == nil {
		return
	}
	proberPool.Put(&proberBufs{res: pr.res, val: pr.val, popClock: pr.popClock, merged: pr.merged, arena: pr.arena, spare: pr.spare})
	pr.res, pr.val, pr.popClock, pr.merged, pr.arena, pr.spare = nil, nil, nil, nil, nil, nil
}

func colourBit(v nonogram.Cell) int {
	if v == nonogram.Black {
		return 1
	}
	return 0
}

// drop forgets r.
func (pr *Prober) drop(r *Result) {
	pr.live -= pr.size(r)
	r.set = false
}

// size returns the arena entries r takes.
func (pr *Prober) size(r *Result) int { return pr.lw*int(r.nl) + int(r.D*pr.Step) }

// lines returns r's L as pairs (line, known cells of the line).
func (pr *Prober) lines(r *Result) []uint16 {
	return pr.arena[r.off : int(r.off)+pr.lw*int(r.nl)]
}

// Result returns the outcome of probing cell i (Unknown) with colour v,
// probing again when the kept one is stale. The board must be at its
// fixpoint.
func (pr *Prober) Result(i int, v nonogram.Cell) *Result {
	r := &pr.res[2*i+colourBit(v)]
	if pr.Fresh(r) {
		return r
	}
	pr.probe(i, v, r)
	return r
}

// probe sets i to v, propagates, records the outcome in r and undoes.
func (pr *Prober) probe(i int, v nonogram.Cell, r *Result) {
	b := pr.b
	mark := len(b.Trail)
	b.Set(i, v)
	pr.lbuf = pr.lbuf[:0]
	b.LogM = 0
	pr.run(r, mark)
}

// run propagates the cells set since mark, records the outcome in r, with
// L the lines in lbuf (with masks, in b.logM) and those it solves, and
// undoes.
func (pr *Prober) run(r *Result, mark int) {
	b := pr.b
	pr.Probes++
	b.Log, b.LogOn, b.LogMsk = b.Log[:0], true, pr.masks
	ok := b.Propagate()
	b.LogOn, b.LogMsk = false, false
	end := len(b.Trail)
	pr.restore(mark)
	if r.set {
		pr.drop(r)
	}
	if n := len(pr.arena); n > 2*pr.budget || n > minArena && n > 2*pr.live {
		pr.compact()
	}
	nl := len(pr.lbuf) + len(b.Log)
	if pr.masks {
		nl = bits.OnesCount64(b.LogM)
	}
	pr.arena = reserve(pr.arena, (end-mark)*int(pr.Step)+pr.lw*nl)
	off := len(pr.arena)
	var lm uint64
	if pr.masks {
		// L in line order, with its mask.
		lm = b.LogM
		// Lines of one word each: line l's word is fill[l], empt[l].
		a := pr.arena[off : off+pr.lw*bits.OnesCount64(lm)]
		fill, empt := b.Fill[:len(pr.lineClock)], b.Empt[:len(pr.lineClock)]
		k := 0
		for m := lm; m != 0; m &= m - 1 {
			l := bits.TrailingZeros64(m)
			c := uint16(bits.OnesCount64(fill[l] | empt[l]))
			if pr.lw == 1 {
				a[k] = uint16(l)<<8 | c
				k++
			} else {
				a[k], a[k+1] = uint16(l), c
				k += 2
			}
		}
		pr.arena = pr.arena[:off+len(a)]
	} else {
		pr.next()
		for _, ls := range [2][]int32{pr.lbuf, b.Log} {
			for _, l := range ls {
				if pr.seen[l] != pr.gen {
					pr.seen[l] = pr.gen
					pr.appendLine(int(l))
				}
			}
		}
	}
	nl = (len(pr.arena) - off) / pr.lw
	d := 0
	if ok {
		// The cells undo dropped are still in the trail's array.
		n := len(pr.arena)
		a := pr.arena[n : n+(end-mark)*int(pr.Step)]
		if cs := pr.cs & 31; pr.Step == 1 {
			for k, x := range b.Trail[mark:end] {
				a[k] = uint16(uint32(x>>13)<<cs | uint32(x)&(1<<13-1))
			}
		} else {
			for k, x := range b.Trail[mark:end] {
				c := uint32(x>>13)<<(pr.cs&31) | uint32(x)&(1<<13-1)
				a[2*k], a[2*k+1] = uint16(c>>16), uint16(c)
			}
		}
		pr.arena = pr.arena[:n+len(a)]
		d = end - mark
	}
	*r = Result{lm: lm, t: pr.clock, off: int32(off), D: int32(d), nl: uint16(nl), OK: ok, set: true}
	pr.live += pr.size(r)
}

// appendLine appends line l with its count of known cells to the arena,
// as an entry of L.
func (pr *Prober) appendLine(l int) {
	if c := uint16(pr.b.LineKnown(l)); pr.lw == 1 {
		pr.arena = append(pr.arena, uint16(l)<<8|c)
	} else {
		pr.arena = append(pr.arena, uint16(l), c)
	}
}

// Delta returns the cells a result fixed, as cell codes of step entries
// each (see cellAt).
func (pr *Prober) Delta(r *Result) []uint16 {
	off := r.off + int32(pr.lw)*int32(r.nl)
	return pr.arena[off : off+r.D*pr.Step]
}

// rcAt returns the row, column and colour of the cell whose code starts
// at d[k].
func (pr *Prober) rcAt(d []uint16, k int) (int, int, nonogram.Cell) {
	x := pr.codeAt(d, k)
	return int(x >> (pr.cs & 31)), int(x >> 1 & pr.cm), nonogram.White + nonogram.Cell(x&1)
}

// codeAt returns the cell code that starts at d[k].
func (pr *Prober) codeAt(d []uint16, k int) uint32 {
	x := uint32(d[k])
	if pr.Step == 2 {
		x = x<<16 | uint32(d[k+1])
	}
	return x
}

// CellAt returns the cell and colour whose code starts at d[k].
func (pr *Prober) CellAt(d []uint16, k int) (int, nonogram.Cell) {
	r, c, v := pr.rcAt(d, k)
	return r*pr.b.W + c, v
}

// compact copies the live results into a fresh arena, or drops them all
// when they exceed the budget.
func (pr *Prober) compact() {
	clear(pr.merged) // the offsets change
	if pr.live > pr.budget {
		for k := range pr.res {
			pr.res[k].set = false
		}
		pr.arena, pr.live = pr.arena[:0], 0
		return
	}
	fresh := reserve(pr.spare[:0], pr.live)
	for k := range pr.res {
		r := &pr.res[k]
		if !r.set {
			continue
		}
		off := len(fresh)
		fresh = append(fresh, pr.arena[r.off:int(r.off)+pr.size(r)]...)
		r.off = int32(off)
	}
	pr.arena, pr.spare = fresh, pr.arena
}

// reserve returns a with room for more entries, doubling its capacity
// (from 256 entries) when it has not: append's growth of a large slice by a
// quarter at a time left four times the arena's size as garbage, most of
// a small puzzle's allocation (6-Dom with uniqueness: 217 KB of 465).
func reserve(a []uint16, more int) []uint16 {
	if len(a)+more <= cap(a) {
		return a
	}
	b := make([]uint16, len(a), max(2*cap(a), len(a)+more, 256))
	copy(b, a)
	return b
}

// Apply sets the cells of a fresh successful result (a fixpoint, so there
// is nothing to propagate) and commits them.
func (pr *Prober) Apply(r *Result) {
	b := pr.b
	mark := len(b.Trail)
	d := pr.Delta(r)
	for k := 0; k < len(d); k += int(pr.Step) {
		b.SetRC(pr.rcAt(d, k))
	}
	b.ClearQueue()
	pr.Commit(mark)
}

// next starts a new generation of the seen and val marks, clearing them
// when the counter wraps.
func (pr *Prober) next() {
	pr.gen++
	if pr.gen >= 1<<30 {
		clear(pr.seen)
		clear(pr.val)
		pr.gen = 1
	}
}

// Commit bumps the clocks of the lines of the cells set since mark: those
// cells stay (they are not a probe's).
func (pr *Prober) Commit(mark int) {
	b := pr.b
	pr.tick()
	var m uint64
	for _, x := range b.Trail[mark:] {
		r, c := board.EntryRow(x), b.H+board.EntryCol(x)
		pr.lineClock[r] = pr.clock
		pr.lineClock[c] = pr.clock
		m |= 1<<uint(r&63) | 1<<uint(c&63)
	}
	if pr.masks {
		pr.noteChanged(m)
	}
	pr.snapshot()
}

// snapshot copies the board's words for restore (with masks and probing).
func (pr *Prober) snapshot() {
	if pr.baseF != nil {
		copy(pr.baseF, pr.b.Fill)
		copy(pr.baseE, pr.b.Empt)
		pr.baseLen = len(pr.b.Trail)
	}
}

// restore undoes the cells set since mark, a probe's: when mark is the
// trail's length at the last snapshot, by copying the board's words back
// (the board changes between snapshots only by a probe's set-and-undo:
// commit and backtrack take one), else cell by cell. A probe sets 10
// cells on average on TAAI 2011 (99 M in 9.87 M probes, every one of
// them restored by copying), each undone in two lines' words, and
// copying a 25×25 board's 100 words back costs less.
func (pr *Prober) restore(mark int) {
	b := pr.b
	if pr.baseF == nil || mark != pr.baseLen {
		b.Undo(mark)
		return
	}
	copy(b.Fill, pr.baseF)
	copy(b.Empt, pr.baseE)
	b.Trail = b.Trail[:mark]
}

// tick advances the clock. When it would wrap, every kept result is
// dropped and the clocks restart.
func (pr *Prober) tick() {
	pr.clock++
	if pr.clock == 1<<32-1 {
		for k := range pr.res {
			pr.res[k].set = false
		}
		pr.arena, pr.live = pr.arena[:0], 0
		clear(pr.merged)
		clear(pr.lineClock)
		clear(pr.popClock)
		pr.clock = 1
		if pr.sc != nil {
			*pr.sc = sinceSets{}
		}
	}
}

// Backtrack undoes the cells set since mark, bumps their lines' clocks and
// stamps the positions each line loses (with probing).
func (pr *Prober) Backtrack(mark int) {
	pr.Commit(mark)
	if pr.popClock != nil {
		b := pr.b
		pr.next()
		for _, x := range b.Trail[mark:] {
			pr.pop(board.EntryRow(x))
			pr.pop(b.H + board.EntryCol(x))
		}
	}
	pr.b.Undo(mark)
	pr.b.ClearQueue()
	pr.snapshot()
}

// pop stamps the last of line l's known cells not yet popped in this
// backtrack (pr.gen) as lost now: undoing the trail removes each line's
// cells from the top of its own stack.
func (pr *Prober) pop(l int) {
	if pr.seen[l] != pr.gen {
		pr.seen[l] = pr.gen
		pr.cnt[l] = int32(pr.b.LineKnown(l))
	}
	pr.cnt[l]--
	pr.popClock[pr.pos[l]+pr.cnt[l]] = pr.clock
}

// Merge fixes the cells that the two successful results rb and rw of
// cell i fix alike, propagates and commits. It returns whether it fixed
// anything and false for ok on a contradiction.
//
// Results of which one fixes only cell i have no cell alike. A merge
// that fixed nothing is remembered by the two results' offsets in
// the arena: until either is made again (by run, which appends it at a
// new offset) or the arena is compacted, each can only lose cells (update
// cuts it in place), so their merge fixes nothing again and is skipped.
func (pr *Prober) Merge(i int, rb, rw *Result) (changed, ok bool) {
	if rb.D == 1 || rw.D == 1 {
		return false, true // one of them fixes only the cell, which the other fixes with the other colour
	}
	key := uint64(rb.off+1)<<32 | uint64(uint32(rw.off+1))
	if pr.merged != nil && pr.merged[i] == key {
		return false, true
	}
	pr.next()
	base := pr.gen << 1
	b := pr.b
	d, step := pr.Delta(rb), int(pr.Step)
	for k := 0; k < len(d); k += step {
		x := pr.codeAt(d, k)
		pr.val[x>>1] = base | x&1
	}
	mark := len(b.Trail)
	d = pr.Delta(rw)
	for k := 0; k < len(d); k += step {
		if x := pr.codeAt(d, k); pr.val[x>>1] == base|x&1 {
			b.SetRC(pr.rcAt(d, k))
		}
	}
	if len(b.Trail) == mark {
		if pr.merged != nil {
			pr.merged[i] = key
		}
		return false, true
	}
	ok = b.Propagate()
	pr.Commit(mark)
	return true, ok
}
