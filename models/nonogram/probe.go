package nonogram

import "sync"

// Fully probing with kept probe results (FP2, Wu et al. 2013).
//
// To probe cell i with colour v is to set it and propagate to the line
// fixpoint: the result is a contradiction (so i has the other colour) or
// the set Δ of cells the probe fixed, i included. Probing every unknown
// cell both ways, fixing the other colour on a contradiction and the cells
// both probes fix alike (the merge), until a whole round changes nothing,
// is "fully probing".
//
// Most probes need not be redone when the board changes. Let L be the
// lines the probe's propagation solved: a line is solved only after one of
// its cells changed, and at the fixpoint every line with a changed cell
// has been solved, so for a successful probe L is the lines that hold a
// cell of Δ; for a contradiction it ends with the line that had no
// completion. Every line solve the probe ran was on a line of L, and its
// answer depended on that line's cells only. So while no line of L
// changes, and the board is at its line fixpoint, the probe's outcome is
// the same: the board with Δ added is again a fixpoint (each line is as in
// the board or as in the probe), and by monotonicity it is the fixpoint
// the probe would reach now. This holds in either direction: cells added
// elsewhere, or undone elsewhere on backtracking.
//
// So each line carries a clock value, bumped when the line changes for
// good (cells fixed at a search node, undone on backtracking; never by a
// probe's own set-and-undo), and each kept result records the clock when
// it was made and its lines: it is fresh while every line of L has an
// older clock value. A round re-probes only cells with a stale result,
// and a branch applies the child's Δ from the parent's probe without
// propagating again.
//
// The results live in one arena of uint16: Δ as cell codes (2·cell + 1 for
// black; on puzzles of more than 2^15 cells, which only the probing
// pre-pass probes, each code takes two entries, high half first), then L
// as line numbers. It
// is compacted (into a second buffer, the two swapping roles) when it holds
// twice what is live, and emptied when the live
// part exceeds a budget proportional to the puzzle (storeBudget), so
// memory stays within a fixed multiple of the number of cells; an emptied
// store only costs re-probing.

// probeResult is a kept probe outcome.
type probeResult struct {
	t   uint32 // clock when made
	off int32  // Δ from arena[off], then L (nl entries)
	d   int32  // cells in Δ; Δ takes d·step entries
	nl  uint16 // lines: at most 2·MaxSide
	ok  bool   // false: the probe led to a contradiction
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

// prober keeps probe results for a board.
type prober struct {
	b         *bboard
	res       []probeResult // 2·cell + (1 for black)
	arena     []uint16
	spare     []uint16 // the other buffer of compact
	live      int
	clock     uint32
	lineClock []uint32
	seen      []uint32 // seen[l] == gen: line l is in the probe's L
	val       []uint32 // merge scratch: val[i] == gen·2+colour bit
	gen       uint32
	budget    int
	step      int32 // arena entries per cell code: 1, or 2 beyond 2^15 cells

	probes int64
}

// newProber returns a prober for b; without probing (probe false) it keeps
// only the line clocks the search's commit and backtrack use.
func newProber(b *bboard, probe bool) *prober {
	n := b.cells()
	pr := &prober{b: b, lineClock: make([]uint32, b.w+b.h), seen: make([]uint32, b.w+b.h), budget: storeBudget(n), clock: 1, step: 1}
	if 2*n > 1<<16 {
		pr.step = 2
	}
	if probe {
		if bf, _ := proberPool.Get().(*proberBufs); bf != nil {
			if cap(bf.res) >= 2*n && cap(bf.res) <= 4*n+minArena {
				pr.res, pr.val = bf.res[:2*n], bf.val[:n]
				clear(pr.res)
				clear(pr.val)
			}
			if cap(bf.arena) <= 2*pr.budget+minArena && cap(bf.spare) <= 2*pr.budget+minArena {
				pr.arena, pr.spare = bf.arena[:0], bf.spare[:0]
			}
		}
		if pr.res == nil {
			pr.res, pr.val = make([]probeResult, 2*n), make([]uint32, n)
		}
	}
	return pr
}

// proberBufs are a prober's buffers, pooled between solves: a solve of a
// tournament puzzle takes milliseconds, and growing the arena anew each
// time allocated 0.44 MB a puzzle on the easy TAAI 2011 puzzles (most of
// the native solver's allocation, and the garbage collections it caused).
type proberBufs struct {
	res          []probeResult
	val          []uint32
	arena, spare []uint16
}

// proberPool holds released buffers; newProber takes them only when they
// fit the puzzle (not more than about twice its need), so a small
// puzzle does not keep a large puzzle's memory alive.
var proberPool sync.Pool

// release returns the prober's buffers to the pool; the prober must not be
// used after.
func (pr *prober) release() {
	if pr.res == nil {
		return
	}
	proberPool.Put(&proberBufs{res: pr.res, val: pr.val, arena: pr.arena, spare: pr.spare})
	pr.res, pr.val, pr.arena, pr.spare = nil, nil, nil, nil
}

func colourBit(v Cell) int {
	if v == Black {
		return 1
	}
	return 0
}

// fresh reports whether r still describes the outcome of its probe.
func (pr *prober) fresh(r *probeResult) bool {
	if !r.set {
		return false
	}
	if r.t >= pr.clock {
		return true // made since the last change of any line
	}
	for _, l := range pr.arena[r.off+r.d*pr.step : r.off+r.d*pr.step+int32(r.nl)] {
		if pr.lineClock[l] > r.t {
			return false
		}
	}
	// No line of L changed since r.t, and a later change stamps its
	// lines with a later clock: r is as fresh as a result made now, and
	// the next check until the clock moves is the quick one (the search
	// checks most results several times per node: 84 M line scans
	// instead of 138 M on TAAI 2011).
	r.t = pr.clock
	return true
}

// result returns the outcome of probing cell i (Unknown) with colour v,
// probing again when the kept one is stale. The board must be at its
// fixpoint.
func (pr *prober) result(i int, v Cell) *probeResult {
	r := &pr.res[2*i+colourBit(v)]
	if pr.fresh(r) {
		return r
	}
	pr.probe(i, v, r)
	return r
}

// probe sets i to v, propagates, records the outcome in r and undoes.
func (pr *prober) probe(i int, v Cell, r *probeResult) {
	b := pr.b
	pr.probes++
	mark := len(b.trail)
	b.set(i, v)
	b.log, b.logOn = b.log[:0], true
	ok := b.propagate()
	b.logOn = false
	delta := b.trail[mark:]
	if r.set {
		pr.live -= int(r.d*pr.step) + int(r.nl)
		r.set = false
	}
	if n := len(pr.arena); n > 2*pr.budget || n > minArena && n > 2*pr.live {
		pr.compact()
	}
	pr.next()
	pr.arena = reserve(pr.arena, len(delta)*int(pr.step)+len(b.log))
	off := len(pr.arena)
	if ok {
		for _, x := range delta {
			c := uint32(2*b.entryCell(x)) | uint32(x&1)
			if pr.step == 2 {
				pr.arena = append(pr.arena, uint16(c>>16))
			}
			pr.arena = append(pr.arena, uint16(c))
		}
	}
	d := (len(pr.arena) - off) / int(pr.step)
	for _, l := range b.log {
		if pr.seen[l] != pr.gen {
			pr.seen[l] = pr.gen
			pr.arena = append(pr.arena, uint16(l))
		}
	}
	*r = probeResult{t: pr.clock, off: int32(off), d: int32(d), nl: uint16(len(pr.arena) - off - d*int(pr.step)), ok: ok, set: true}
	pr.live += int(r.d*pr.step) + int(r.nl)
	b.undo(mark)
}

// delta returns the cells a result fixed, as cell codes of step entries
// each (see cellAt).
func (pr *prober) delta(r *probeResult) []uint16 { return pr.arena[r.off : r.off+r.d*pr.step] }

// cellAt returns the cell and colour whose code starts at d[k].
func (pr *prober) cellAt(d []uint16, k int) (int, Cell) {
	x := uint32(d[k])
	if pr.step == 2 {
		x = x<<16 | uint32(d[k+1])
	}
	return int(x >> 1), White + Cell(x&1)
}

// compact copies the live results into a fresh arena, or drops them all
// when they exceed the budget.
func (pr *prober) compact() {
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
		fresh = append(fresh, pr.arena[r.off:r.off+r.d*pr.step+int32(r.nl)]...)
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

// apply sets the cells of a fresh successful result (a fixpoint, so there
// is nothing to propagate) and commits them.
func (pr *prober) apply(r *probeResult) {
	b := pr.b
	mark := len(b.trail)
	d := pr.delta(r)
	for k := 0; k < len(d); k += int(pr.step) {
		b.set(pr.cellAt(d, k))
	}
	b.clearQueue()
	pr.commit(mark)
}

// next starts a new generation of the seen and val marks, clearing them
// when the counter wraps.
func (pr *prober) next() {
	pr.gen++
	if pr.gen >= 1<<30 {
		clear(pr.seen)
		clear(pr.val)
		pr.gen = 1
	}
}

// commit bumps the clocks of the lines of the cells set since mark: those
// cells stay (they are not a probe's).
func (pr *prober) commit(mark int) {
	b := pr.b
	pr.tick()
	for _, x := range b.trail[mark:] {
		pr.lineClock[entryRow(x)] = pr.clock
		pr.lineClock[b.h+entryCol(x)] = pr.clock
	}
}

// tick advances the clock. When it would wrap, every kept result is
// dropped and the clocks restart.
func (pr *prober) tick() {
	pr.clock++
	if pr.clock == 1<<32-1 {
		for k := range pr.res {
			pr.res[k].set = false
		}
		pr.arena, pr.live = pr.arena[:0], 0
		clear(pr.lineClock)
		pr.clock = 1
	}
}

// backtrack undoes the cells set since mark and bumps their lines' clocks.
func (pr *prober) backtrack(mark int) {
	pr.commit(mark)
	pr.b.undo(mark)
	pr.b.clearQueue()
}

// merge fixes the cells that the two successful results rb and rw (of the
// same cell) fix alike, propagates and commits. It returns whether it
// fixed anything and false for ok on a contradiction.
func (pr *prober) merge(rb, rw *probeResult) (changed, ok bool) {
	pr.next()
	base := pr.gen << 1
	b := pr.b
	d, step := pr.delta(rb), int(pr.step)
	for k := 0; k < len(d); k += step {
		i, v := pr.cellAt(d, k)
		pr.val[i] = base | uint32(colourBit(v))
	}
	mark := len(b.trail)
	d = pr.delta(rw)
	for k := 0; k < len(d); k += step {
		if i, v := pr.cellAt(d, k); pr.val[i] == base|uint32(colourBit(v)) {
			b.set(i, v)
		}
	}
	if len(b.trail) == mark {
		return false, true
	}
	ok = b.propagate()
	pr.commit(mark)
	return true, ok
}
