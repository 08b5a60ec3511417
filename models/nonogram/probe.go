package nonogram

import (
	"math/bits"
	"sync"
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
// Let B′ be the board later, at its line fixpoint, with i unknown and
// B ⊆_L B′ (no cell the probe read was lost). A contradiction stays one.
// After a success, if B′ has a cell of Δ with the other colour there is
// no fixpoint above B′ ∪ {i = v}: the probe fails now. Otherwise let Δ′ be
// Δ without the cells B′ knows, and F′ = B′ ∪ Δ′: every fixpoint above
// B′ ∪ {i = v} holds F′, and a line outside L is at its fixpoint in F′, as
// in B′. A line of L is at its fixpoint in F′ when it is as it was at the
// probe or gained only cells of Δ with Δ's colour (it is then
// B_l ∪ Δ_l), or holds no cell of Δ′ (it is then B′_l, at its fixpoint
// as B′ is); any other line of L is solved again with Δ′'s cells. If
// every line is at its fixpoint, F′ is the least fixpoint above
// B′ ∪ {i = v}, which propagation reaches whatever its order: the probe
// made now gives Δ′. If not, propagation goes on from F′ with those lines
// queued (the others are at their fixpoint) and reaches the probe's
// outcome on B′ without deriving Δ′ again; its L is the old L and the
// lines it solves. Either way the result is brought up to date as if made
// on B′ (both facts hold again, with B′ for B), so the search sees what
// probing again would give, and branches the same. Cells undone
// elsewhere on backtracking, or added anywhere, keep a result this way.
//
// Two results brought up to date keep the counts of B instead of B′'s: a
// contradiction (made on B, it holds on every board ⊇_L B), and a success
// none of whose cells B′ knows, kept without probing on (Δ′ = Δ: it is the
// result made on B, and what is checked against B′ is checked again at
// the next change of each line). Counts raised to B′'s made them stale on
// backtracking out of the node that checked them, though they held on
// the board left: on TAAI 2011 (one solution each) 1.15 M of the 4.92 M
// results a backtrack made stale had been made at an ancestor of the node
// it left and only brought up to date below; with B's counts kept the
// probes are 8.22 M instead of 9.87 M, the same nodes. A result that cut a cell of Δ known on B′, or that turned a
// contradiction on B′'s cells (a clash), must take B′'s counts: a
// backtrack that undoes the cell makes it stale.
//
// B ⊆_L B′ is checked without the old board. A line's cells come and go
// as a stack (the trail's order), so B_l ⊆ B′_l holds when the line's
// count of known cells never dropped below its count k at the probe: a
// per-line clock (lineClock, bumped when cells are set for good at a
// search node or undone on backtracking, never by a probe's own
// set-and-undo) says whether the line changed at all, and for each
// position of each line the clock of the last backtrack that emptied it
// (popClock) whether position k−1 was lost since. A line gained only
// cells of Δ when its count now is k plus the cells of Δ on it that B′
// knows. Each kept result records the clock when it was made (or last
// brought up to date), L with each line's count, and Δ.
//
// On puzzles of at most 64 lines (every tournament puzzle) a result also
// keeps L as a line mask, its entries in line order, and the prober
// keeps the sets of lines changed since each clock as at most 64 pairs
// (clock, set), the sets falling as the clocks rise (a clock whose set
// equals the next one's is dropped), with the answers for the clocks
// asked since the last tick remembered. A result none of whose lines
// changed is then known fresh by one AND, and a changed line's entry is
// found by its rank in the mask, without reading the rest of L (on TAAI
// 2011, one solution each, the checks read 361 M entries of L, about
// five a check, and found no changed line in 41 M of 71 M checks). Such
// a puzzle's lines each fit a word, and update then works on the set of
// changed lines and on arrays of 64 words (the board's, and its own
// scratch per line): a cell of Δ is tested against the set by its row and
// column, and the lines to solve again are found by a pass over the set
// (cutDeltaMask, resolveMask; on TAAI #300–#339, 737 k updates walking
// 10 M cells of Δ, update's own instructions 0.70 → 0.54 G and freshMask's
// 0.24 → 0.18 G, where the slices' bounds checks and the registers they
// spilled had cost more than the work).
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

// probeResult is a kept probe outcome.
type probeResult struct {
	lm  uint64 // with masks (prober.masks): L as a set of lines
	t   uint32 // clock when made (or last brought up to date)
	off int32  // L from arena[off] (nl pairs), then Δ
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
	step      int32      // arena entries per cell code: 1, or 2 beyond 2^16 codes (about 2^14 cells)
	cs        uint       // a cell code is row<<cs | column<<1 | (1 for black)
	cm        uint32     // the column's mask, 1<<(cs−1) − 1
	lw        int        // arena entries per line of L: 1 when lines and counts fit a byte each, else 2
	masks     bool       // L also as a line mask (lm), its entries in line order: probing puzzles of at most 64 lines
	sc        *sinceSets // with masks
	// With masks and probing: the board's words as of the last commit or
	// backtrack, when its trail had length baseLen (see restore).
	baseF, baseE []uint64
	baseLen      int

	probes int64
	// Results brought up to date (update): kept as they were (cut to the
	// unknown cells), probed on from their Δ, or turned contradictions.
	kept, again, clashes int64
}

// newProber returns a prober for b; without probing (probe false) it keeps
// only the line clocks the search's commit and backtrack use.
func newProber(b *bboard, probe bool) *prober {
	n, nl := b.cells(), b.w+b.h
	pr := &prober{b: b, lineClock: make([]uint32, nl), budget: storeBudget(n), clock: 1, step: 1}
	pr.cs = uint(bits.Len(uint(b.w-1))) + 1
	pr.cm = 1<<(pr.cs-1) - 1
	vn := b.h << (pr.cs - 1) // codes without their colour
	if b.h<<pr.cs > 1<<16 {
		pr.step = 2
	}
	pr.lw = 2
	if nl <= 256 && max(b.w, b.h) < 256 {
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
			pr.res, pr.val, pr.popClock, pr.merged = make([]probeResult, 2*n), make([]uint32, vn), make([]uint32, 2*n), make([]uint64, n)
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
			pr.wm.fill, pr.wm.empt = (*[64]uint64)(b.fill[:64]), (*[64]uint64)(b.empt[:64])
		}
		pr.pos = make([]int32, nl)
		if pr.masks {
			pr.baseF, pr.baseE = make([]uint64, len(b.fill)), make([]uint64, len(b.empt))
			pr.sc = new(sinceSets)
		}
		for l := range nl {
			pr.pos[l] = int32(l * b.w)
			if l >= b.h {
				pr.pos[l] = int32(b.h*b.w + (l-b.h)*b.h)
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
	res           []probeResult
	val, popClock []uint32
	merged        []uint64
	arena, spare  []uint16
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
	proberPool.Put(&proberBufs{res: pr.res, val: pr.val, popClock: pr.popClock, merged: pr.merged, arena: pr.arena, spare: pr.spare})
	pr.res, pr.val, pr.popClock, pr.merged, pr.arena, pr.spare = nil, nil, nil, nil, nil, nil
}

func colourBit(v Cell) int {
	if v == Black {
		return 1
	}
	return 0
}

// fresh reports whether r still describes the outcome of its probe, and
// brings it up to date when it does (see the essay above). It is inlined:
// most checks find r made since the last change of any line (checkLines
// reads L otherwise).
func (pr *prober) fresh(r *probeResult) bool {
	if r.set && r.t >= pr.clock {
		return true // made since the last change of any line
	}
	return r.set && pr.checkLines(r)
}

// checkLines is fresh for a result made before the last change of a line.
func (pr *prober) checkLines(r *probeResult) bool {
	if pr.masks {
		return pr.freshMask(r)
	}
	ls := pr.lines(r)
	grown := false
	for k := 0; k < len(ls); k += pr.lw {
		l, c := pr.lineAt(ls, k)
		if pr.lineClock[l] <= r.t {
			continue
		}
		if c > 0 && pr.popClock[pr.pos[l]+c-1] > r.t {
			return false // a cell the probe read was undone
		}
		if !grown {
			grown = true
			pr.next()
			pr.chg = pr.chg[:0]
		}
		// Mark the changed lines for update.
		pr.chg = append(pr.chg, int32(k))
		pr.seen[l] = pr.gen
		pr.cnt[l] = c
		pr.mf[l], pr.me[l] = 0, 0
	}
	if grown {
		pr.update(r)
	}
	// r is now as a result made now, and the next check until the clock
	// moves is the quick one (the search checks most results several
	// times per node: 84 M line scans instead of 138 M on TAAI 2011).
	r.t = pr.clock
	return true
}

// freshMask is fresh for a result with its L as a line mask: only the
// lines of L changed since r.t are read, found by rank in L's entries
// (kept in line order).
func (pr *prober) freshMask(r *probeResult) bool {
	if ch := r.lm & pr.changedSince(r.t); ch != 0 {
		ls, wm := pr.lines(r), pr.wm
		for m := ch; m != 0; m &= m - 1 {
			l := bits.TrailingZeros64(m)
			k := bits.OnesCount64(r.lm&(1<<uint(l)-1)) * pr.lw
			_, c := pr.lineAt(ls, k)
			if c > 0 && pr.popClock[pr.pos[l]+c-1] > r.t {
				return false // a cell the probe read was undone
			}
			// Mark the changed lines for update (chm, wm).
			wm.cnt[l&63] = c
			wm.mf[l&63], wm.me[l&63] = 0, 0
		}
		pr.chm = ch
		pr.update(r)
	}
	r.t = pr.clock
	return true
}

// changedSince returns the set of lines changed (set or undone for good)
// at a clock after t, with masks.
func (pr *prober) changedSince(t uint32) uint64 {
	sc := pr.sc
	e := &sc.memo[t&(memoSize-1)]
	if e.t == t && e.clock == pr.clock {
		return e.m
	}
	j := sc.n
	for j > 0 && sc.c[j-1] > t {
		j--
	}
	e.t, e.clock, e.m = t, pr.clock, 0
	if j < sc.n {
		e.m = sc.m[j]
	}
	return e.m
}

// sinceSets are the lines changed since a clock, as at most 64 pairs
// (c[j], m[j]), clocks rising and sets strictly falling: m[j] is the set
// of lines changed at a clock ≥ c[j] (see changedSince, noteChanged).
type sinceSets struct {
	c    [64]uint32
	m    [64]uint64
	n    int
	memo [memoSize]sinceMemo
}

// memoSize is the number of clocks whose changed lines are remembered
// until the clock moves: most results checked between two ticks share a
// few clocks.
const memoSize = 32

// sinceMemo remembers changedSince(t) at a clock.
type sinceMemo struct {
	t, clock uint32
	m        uint64
}

// noteChanged records that the lines of m changed at the current clock
// (see changedSince): every earlier pair gains m, the new pair (clock, m)
// is appended, and of adjacent pairs with the same mask only the later
// stays.
func (pr *prober) noteChanged(m uint64) {
	if m == 0 {
		return
	}
	sc, w := pr.sc, 0
	for j := 0; j < sc.n; j++ {
		x := sc.m[j] | m
		if w > 0 && sc.m[w-1] == x {
			w--
		}
		sc.c[w], sc.m[w] = sc.c[j], x
		w++
	}
	if w > 0 && sc.m[w-1] == m {
		w--
	}
	sc.c[w], sc.m[w] = pr.clock, m
	sc.n = w + 1
}

// update brings up to date a result some of whose lines gained cells, and
// none lost one, since r.t (see the essay above); fresh has marked those
// lines with their counts in cnt and mf, me cleared, and either (with
// masks) set them as chm, or marked them in seen and listed their places
// in L (chg). A contradiction stays one. For a success, Δ is cut to the cells still unknown; if a cell of Δ
// is known with the other colour, the probe now fails; if a line of L
// gained cells outside Δ, the line with Δ's cells is solved again, and if
// that fixes more, the probe goes on from the board with Δ set. The
// changed lines' counts become the board's only when a cell of Δ was cut
// or clashed (see the essay above).
func (pr *prober) update(r *probeResult) {
	b, ls, step := pr.b, pr.lines(r), int(pr.step)
	d := pr.delta(r)
	w, clash, cut := 0, false, false // cut: the board knows a cell of Δ
	short := pr.masks                // at most 64 lines, every line a word
	switch {
	case r.ok && short:
		w, clash, cut = pr.cutDeltaMask(d)
	case r.ok:
		for k := 0; k < len(d); k += step {
			row, c, v := pr.rcAt(d, k)
			col := b.h + c
			if pr.seen[row] == pr.gen {
				// A known cell is in a line that changed.
				o, bit := b.off[row]+c>>6, uint64(1)<<uint(c&63)
				if (b.fill[o]|b.empt[o])&bit != 0 {
					if (b.fill[o]&bit != 0) != (v == Black) {
						clash = true
						break
					}
					pr.cnt[row]++
					pr.cnt[col]++
					cut = true
					continue
				}
				pr.markWord(row, c, v)
			}
			if pr.seen[col] == pr.gen {
				pr.markWord(col, row, v)
			}
			if w != k {
				d[w] = d[k]
				if step == 2 {
					d[w+1] = d[k+1]
				}
			}
			w += step
		}
	}
	pr.lbuf = pr.lbuf[:0]
	if short {
		pr.resolveMask(r, ls, !clash, cut || clash)
	} else {
		for _, k := range pr.chg {
			l, _ := pr.lineAt(ls, int(k))
			known := b.lineKnown(int(l))
			if r.ok && !clash && known != int(pr.cnt[l]) && pr.mf[l]|pr.me[l] != 0 {
				// Gained cells outside Δ and holds cells of Δ still
				// unknown (a line holding none is as on the board, at its
				// fixpoint).
				pr.lbuf = append(pr.lbuf, l)
			}
			if cut || clash {
				pr.setCount(ls, int(k), known)
			}
		}
	}
	switch {
	case !r.ok:
		return
	case clash:
		// Δ's cells follow from i = v on the lines of L, which hold at
		// least what they did: a board that has one of them with the
		// other colour has no fixpoint with i = v.
		pr.clashes++
		pr.live -= len(d)
		r.ok, r.d = false, 0
		return
	}
	pr.live -= len(d) - w
	r.d = int32(w / step)
	unsettled := len(pr.lbuf)
	if short {
		wm := pr.wm
		for x, l := range pr.lbuf {
			if l &= 63; !b.settled(int(l), wm.fill[l]|wm.mf[l], wm.empt[l]|wm.me[l]) {
				unsettled = x
				break
			}
		}
	} else {
		for x, l := range pr.lbuf {
			o := b.off[l]
			if b.n[l] > maxBits || !b.settled(int(l), b.fill[o]|pr.mf[l], b.empt[o]|pr.me[l]) {
				unsettled = x
				break
			}
		}
	}
	if unsettled == len(pr.lbuf) {
		pr.kept++
		return
	}
	pr.again++
	// Probe on from B ∪ Δ: every line outside L, every line of L that
	// gained only cells of Δ or holds none still unknown, and the lines
	// found settled, are at their fixpoint there.
	mark := len(b.trail)
	d = d[:w]
	if short {
		pr.placeMask(d)
	} else {
		for k := 0; k < len(d); k += step {
			b.placeRC(pr.rcAt(d, k))
		}
	}
	for _, l := range pr.lbuf[unsettled:] {
		b.enqueue(int(l))
	}
	pr.lbuf = pr.lbuf[:0]
	if pr.masks {
		b.logM = r.lm
	} else {
		for k := 0; k < len(ls); k += pr.lw {
			l, _ := pr.lineAt(ls, k)
			pr.lbuf = append(pr.lbuf, l)
		}
	}
	pr.run(r, mark)
}

// wordMarks are the prober's per-line scratch of update (cnt, mf, me) as
// arrays, and with masks on a board whose every line fits a word, the
// board's words (fill, empt: its fill and empt, of capacity 64), so that
// update's loops index them without bounds checks or slice headers.
type wordMarks struct {
	mf, me     [64]uint64
	cnt        [64]int32
	fill, empt *[64]uint64
}

// cutDeltaMask is update's walk over Δ with masks on a board whose every
// line fits a word (at most 64 lines, one entry a cell code): it cuts Δ
// in place to the cells the board does not know, counting those it knows
// in the changed lines' counts (cnt), marks the cells left on the changed
// lines (chm) in mf and me, and returns the cells left, whether a cell of
// Δ is known with the other colour (it then stops), and whether one is
// known with its own. The per-line words are read as arrays of 64, indexed
// by line mod 64, so that the loop has no bounds checks and few live
// slices (a loop over slices spilled registers on every cell).
func (pr *prober) cutDeltaMask(d []uint16) (w int, clash, cut bool) {
	wm, ch := pr.wm, pr.chm
	fill, empt := wm.fill, wm.empt
	mf, me, cnt := &wm.mf, &wm.me, &wm.cnt
	cs, cm, h := pr.cs&31, uint(pr.cm), uint(pr.b.h)
	for _, x := range d {
		row, c := uint(x)>>cs&63, uint(x)>>1&cm
		col := (h + c) & 63
		if ch>>row&1 != 0 {
			// A known cell is in a line that changed.
			bit := uint64(1) << (c & 63)
			if (fill[row]|empt[row])&bit != 0 {
				if (fill[row]&bit != 0) != (x&1 != 0) {
					return w, true, cut
				}
				cnt[row]++
				cnt[col]++
				cut = true
				continue
			}
			if x&1 != 0 {
				mf[row] |= bit
			} else {
				me[row] |= bit
			}
		}
		if ch>>col&1 != 0 {
			if bit := uint64(1) << row; x&1 != 0 {
				mf[col] |= bit
			} else {
				me[col] |= bit
			}
		}
		d[w] = x
		w++
	}
	return w, false, cut
}

// placeMask is placeRC for the cells of d (codes of one entry each),
// with masks: the board's words as arrays (wordMarks).
func (pr *prober) placeMask(d []uint16) {
	b, wm := pr.b, pr.wm
	fill, empt := wm.fill, wm.empt
	cs, cm, h := pr.cs&31, uint(pr.cm), uint(b.h)
	for _, x := range d {
		row, c := uint(x)>>cs&63, uint(x)>>1&cm
		col := (h + c) & 63
		if x&1 != 0 {
			fill[row] |= 1 << (c & 63)
			fill[col] |= 1 << row
		} else {
			empt[row] |= 1 << (c & 63)
			empt[col] |= 1 << row
		}
		b.trail = append(b.trail, int32(row)<<13|int32(c)<<1|int32(x&1))
	}
}

// resolveMask is update's pass over the changed lines (chm) with masks on
// a board whose every line fits a word, after cutDeltaMask: when solve
// (the result is a success without a clash) it lists in lbuf, in line
// order, the lines to solve again, those that gained cells outside Δ and
// hold cells of Δ still unknown (a line holding none is as on the board,
// at its fixpoint); when count, it sets their counts in L to the
// board's.
func (pr *prober) resolveMask(r *probeResult, ls []uint16, solve, count bool) {
	wm := pr.wm
	fill, empt := wm.fill, wm.empt
	mf, me, cnt := &wm.mf, &wm.me, &wm.cnt
	solve = solve && r.ok
	for m := pr.chm; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		known := int32(bits.OnesCount64(fill[l] | empt[l]))
		if solve && known != cnt[l] && mf[l]|me[l] != 0 {
			pr.lbuf = append(pr.lbuf, int32(l))
		}
		if count {
			pr.setCount(ls, bits.OnesCount64(r.lm&(1<<uint(l)-1))*pr.lw, int(known))
		}
	}
}

// markWord marks cell k of line l (of at most 64 cells) with colour v in
// the update masks.
func (pr *prober) markWord(l, k int, v Cell) {
	if v == Black {
		pr.mf[l] |= 1 << uint(k&63)
	} else {
		pr.me[l] |= 1 << uint(k&63)
	}
}

// lineAt returns the line and count of the entry of L at ls[k].
func (pr *prober) lineAt(ls []uint16, k int) (int32, int32) {
	if pr.lw == 1 {
		return int32(ls[k] >> 8), int32(ls[k] & 255)
	}
	return int32(ls[k]), int32(ls[k+1])
}

// setCount sets the count of the entry of L at ls[k] (its line written).
func (pr *prober) setCount(ls []uint16, k, c int) {
	if pr.lw == 1 {
		ls[k] = ls[k]&^255 | uint16(c)
	} else {
		ls[k+1] = uint16(c)
	}
}

// drop forgets r.
func (pr *prober) drop(r *probeResult) {
	pr.live -= pr.size(r)
	r.set = false
}

// size returns the arena entries r takes.
func (pr *prober) size(r *probeResult) int { return pr.lw*int(r.nl) + int(r.d*pr.step) }

// lines returns r's L as pairs (line, known cells of the line).
func (pr *prober) lines(r *probeResult) []uint16 {
	return pr.arena[r.off : int(r.off)+pr.lw*int(r.nl)]
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
	mark := len(b.trail)
	b.set(i, v)
	pr.lbuf = pr.lbuf[:0]
	b.logM = 0
	pr.run(r, mark)
}

// run propagates the cells set since mark, records the outcome in r, with
// L the lines in lbuf (with masks, in b.logM) and those it solves, and
// undoes.
func (pr *prober) run(r *probeResult, mark int) {
	b := pr.b
	pr.probes++
	b.log, b.logOn, b.logMsk = b.log[:0], true, pr.masks
	ok := b.propagate()
	b.logOn, b.logMsk = false, false
	end := len(b.trail)
	pr.restore(mark)
	if r.set {
		pr.drop(r)
	}
	if n := len(pr.arena); n > 2*pr.budget || n > minArena && n > 2*pr.live {
		pr.compact()
	}
	nl := len(pr.lbuf) + len(b.log)
	if pr.masks {
		nl = bits.OnesCount64(b.logM)
	}
	pr.arena = reserve(pr.arena, (end-mark)*int(pr.step)+pr.lw*nl)
	off := len(pr.arena)
	var lm uint64
	if pr.masks {
		// L in line order, with its mask.
		lm = b.logM
		// Lines of one word each: line l's word is fill[l], empt[l].
		a := pr.arena[off : off+pr.lw*bits.OnesCount64(lm)]
		fill, empt := b.fill[:len(pr.lineClock)], b.empt[:len(pr.lineClock)]
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
		for _, ls := range [2][]int32{pr.lbuf, b.log} {
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
		a := pr.arena[n : n+(end-mark)*int(pr.step)]
		if cs := pr.cs & 31; pr.step == 1 {
			for k, x := range b.trail[mark:end] {
				a[k] = uint16(uint32(x>>13)<<cs | uint32(x)&(1<<13-1))
			}
		} else {
			for k, x := range b.trail[mark:end] {
				c := uint32(x>>13)<<(pr.cs&31) | uint32(x)&(1<<13-1)
				a[2*k], a[2*k+1] = uint16(c>>16), uint16(c)
			}
		}
		pr.arena = pr.arena[:n+len(a)]
		d = end - mark
	}
	*r = probeResult{lm: lm, t: pr.clock, off: int32(off), d: int32(d), nl: uint16(nl), ok: ok, set: true}
	pr.live += pr.size(r)
}

// appendLine appends line l with its count of known cells to the arena,
// as an entry of L.
func (pr *prober) appendLine(l int) {
	if c := uint16(pr.b.lineKnown(l)); pr.lw == 1 {
		pr.arena = append(pr.arena, uint16(l)<<8|c)
	} else {
		pr.arena = append(pr.arena, uint16(l), c)
	}
}

// delta returns the cells a result fixed, as cell codes of step entries
// each (see cellAt).
func (pr *prober) delta(r *probeResult) []uint16 {
	off := r.off + int32(pr.lw)*int32(r.nl)
	return pr.arena[off : off+r.d*pr.step]
}

// rcAt returns the row, column and colour of the cell whose code starts
// at d[k].
func (pr *prober) rcAt(d []uint16, k int) (int, int, Cell) {
	x := pr.codeAt(d, k)
	return int(x >> (pr.cs & 31)), int(x >> 1 & pr.cm), White + Cell(x&1)
}

// codeAt returns the cell code that starts at d[k].
func (pr *prober) codeAt(d []uint16, k int) uint32 {
	x := uint32(d[k])
	if pr.step == 2 {
		x = x<<16 | uint32(d[k+1])
	}
	return x
}

// cellAt returns the cell and colour whose code starts at d[k].
func (pr *prober) cellAt(d []uint16, k int) (int, Cell) {
	r, c, v := pr.rcAt(d, k)
	return r*pr.b.w + c, v
}

// compact copies the live results into a fresh arena, or drops them all
// when they exceed the budget.
func (pr *prober) compact() {
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

// apply sets the cells of a fresh successful result (a fixpoint, so there
// is nothing to propagate) and commits them.
func (pr *prober) apply(r *probeResult) {
	b := pr.b
	mark := len(b.trail)
	d := pr.delta(r)
	for k := 0; k < len(d); k += int(pr.step) {
		b.setRC(pr.rcAt(d, k))
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
	var m uint64
	for _, x := range b.trail[mark:] {
		r, c := entryRow(x), b.h+entryCol(x)
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
func (pr *prober) snapshot() {
	if pr.baseF != nil {
		copy(pr.baseF, pr.b.fill)
		copy(pr.baseE, pr.b.empt)
		pr.baseLen = len(pr.b.trail)
	}
}

// restore undoes the cells set since mark, a probe's: when mark is the
// trail's length at the last snapshot, by copying the board's words back
// (the board changes between snapshots only by a probe's set-and-undo:
// commit and backtrack take one), else cell by cell. A probe sets 10
// cells on average on TAAI 2011 (99 M in 9.87 M probes, every one of
// them restored by copying), each undone in two lines' words, and
// copying a 25×25 board's 100 words back costs less.
func (pr *prober) restore(mark int) {
	b := pr.b
	if pr.baseF == nil || mark != pr.baseLen {
		b.undo(mark)
		return
	}
	copy(b.fill, pr.baseF)
	copy(b.empt, pr.baseE)
	b.trail = b.trail[:mark]
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
		clear(pr.merged)
		clear(pr.lineClock)
		clear(pr.popClock)
		pr.clock = 1
		if pr.sc != nil {
			*pr.sc = sinceSets{}
		}
	}
}

// backtrack undoes the cells set since mark, bumps their lines' clocks and
// stamps the positions each line loses (with probing).
func (pr *prober) backtrack(mark int) {
	pr.commit(mark)
	if pr.popClock != nil {
		b := pr.b
		pr.next()
		for _, x := range b.trail[mark:] {
			pr.pop(entryRow(x))
			pr.pop(b.h + entryCol(x))
		}
	}
	pr.b.undo(mark)
	pr.b.clearQueue()
	pr.snapshot()
}

// pop stamps the last of line l's known cells not yet popped in this
// backtrack (pr.gen) as lost now: undoing the trail removes each line's
// cells from the top of its own stack.
func (pr *prober) pop(l int) {
	if pr.seen[l] != pr.gen {
		pr.seen[l] = pr.gen
		pr.cnt[l] = int32(pr.b.lineKnown(l))
	}
	pr.cnt[l]--
	pr.popClock[pr.pos[l]+pr.cnt[l]] = pr.clock
}

// merge fixes the cells that the two successful results rb and rw of
// cell i fix alike, propagates and commits. It returns whether it fixed
// anything and false for ok on a contradiction.
//
// Results of which one fixes only cell i have no cell alike. A merge
// that fixed nothing is remembered by the two results' offsets in
// the arena: until either is made again (by run, which appends it at a
// new offset) or the arena is compacted, each can only lose cells (update
// cuts it in place), so their merge fixes nothing again and is skipped.
func (pr *prober) merge(i int, rb, rw *probeResult) (changed, ok bool) {
	if rb.d == 1 || rw.d == 1 {
		return false, true // one of them fixes only the cell, which the other fixes with the other colour
	}
	key := uint64(rb.off+1)<<32 | uint64(uint32(rw.off+1))
	if pr.merged != nil && pr.merged[i] == key {
		return false, true
	}
	pr.next()
	base := pr.gen << 1
	b := pr.b
	d, step := pr.delta(rb), int(pr.step)
	for k := 0; k < len(d); k += step {
		x := pr.codeAt(d, k)
		pr.val[x>>1] = base | x&1
	}
	mark := len(b.trail)
	d = pr.delta(rw)
	for k := 0; k < len(d); k += step {
		if x := pr.codeAt(d, k); pr.val[x>>1] == base|x&1 {
			b.setRC(pr.rcAt(d, k))
		}
	}
	if len(b.trail) == mark {
		if pr.merged != nil {
			pr.merged[i] = key
		}
		return false, true
	}
	ok = b.propagate()
	pr.commit(mark)
	return true, ok
}
