package probe

import (
	"math/bits"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
)

// Keeping probe results fresh (see probe.go for what a result holds and
// the two facts, Replay and Settled).
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

// Fresh reports whether r still describes the outcome of its probe, and
// brings it up to date when it does (see the essay above). It is inlined:
// most checks find r made since the last change of any line (checkLines
// reads L otherwise).
func (pr *Prober) Fresh(r *Result) bool {
	if r.set && r.t >= pr.clock {
		return true // made since the last change of any line
	}
	return r.set && pr.checkLines(r)
}

// checkLines is fresh for a result made before the last change of a line.
func (pr *Prober) checkLines(r *Result) bool {
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
func (pr *Prober) freshMask(r *Result) bool {
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
func (pr *Prober) changedSince(t uint32) uint64 {
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
func (pr *Prober) noteChanged(m uint64) {
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
func (pr *Prober) update(r *Result) {
	b, ls, step := pr.b, pr.lines(r), int(pr.Step)
	d := pr.Delta(r)
	w, clash, cut := 0, false, false // cut: the board knows a cell of Δ
	short := pr.masks                // at most 64 lines, every line a word
	switch {
	case r.OK && short:
		w, clash, cut = pr.cutDeltaMask(d)
	case r.OK:
		for k := 0; k < len(d); k += step {
			row, c, v := pr.rcAt(d, k)
			col := b.H + c
			if pr.seen[row] == pr.gen {
				// A known cell is in a line that changed.
				o, bit := b.Off[row]+c>>6, uint64(1)<<uint(c&63)
				if (b.Fill[o]|b.Empt[o])&bit != 0 {
					if (b.Fill[o]&bit != 0) != (v == nonogram.Black) {
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
			known := b.LineKnown(int(l))
			if r.OK && !clash && known != int(pr.cnt[l]) && pr.mf[l]|pr.me[l] != 0 {
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
	case !r.OK:
		return
	case clash:
		// Δ's cells follow from i = v on the lines of L, which hold at
		// least what they did: a board that has one of them with the
		// other colour has no fixpoint with i = v.
		pr.clashes++
		pr.live -= len(d)
		r.OK, r.D = false, 0
		return
	}
	pr.live -= len(d) - w
	r.D = int32(w / step)
	unsettled := len(pr.lbuf)
	if short {
		wm := pr.wm
		for x, l := range pr.lbuf {
			if l &= 63; !b.Settled(int(l), wm.fill[l]|wm.mf[l], wm.empt[l]|wm.me[l]) {
				unsettled = x
				break
			}
		}
	} else {
		for x, l := range pr.lbuf {
			o := b.Off[l]
			if b.N[l] > line.MaxBits || !b.Settled(int(l), b.Fill[o]|pr.mf[l], b.Empt[o]|pr.me[l]) {
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
	mark := len(b.Trail)
	d = d[:w]
	if short {
		pr.placeMask(d)
	} else {
		for k := 0; k < len(d); k += step {
			b.PlaceRC(pr.rcAt(d, k))
		}
	}
	for _, l := range pr.lbuf[unsettled:] {
		b.Enqueue(int(l))
	}
	pr.lbuf = pr.lbuf[:0]
	if pr.masks {
		b.LogM = r.lm
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
func (pr *Prober) cutDeltaMask(d []uint16) (w int, clash, cut bool) {
	wm, ch := pr.wm, pr.chm
	fill, empt := wm.fill, wm.empt
	mf, me, cnt := &wm.mf, &wm.me, &wm.cnt
	cs, cm, h := pr.cs&31, uint(pr.cm), uint(pr.b.H)
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
func (pr *Prober) placeMask(d []uint16) {
	b, wm := pr.b, pr.wm
	fill, empt := wm.fill, wm.empt
	cs, cm, h := pr.cs&31, uint(pr.cm), uint(b.H)
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
		b.Trail = append(b.Trail, int32(row)<<13|int32(c)<<1|int32(x&1))
	}
}

// resolveMask is update's pass over the changed lines (chm) with masks on
// a board whose every line fits a word, after cutDeltaMask: when solve
// (the result is a success without a clash) it lists in lbuf, in line
// order, the lines to solve again, those that gained cells outside Δ and
// hold cells of Δ still unknown (a line holding none is as on the board,
// at its fixpoint); when count, it sets their counts in L to the
// board's.
func (pr *Prober) resolveMask(r *Result, ls []uint16, solve, count bool) {
	wm := pr.wm
	fill, empt := wm.fill, wm.empt
	mf, me, cnt := &wm.mf, &wm.me, &wm.cnt
	solve = solve && r.OK
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
func (pr *Prober) markWord(l, k int, v nonogram.Cell) {
	if v == nonogram.Black {
		pr.mf[l] |= 1 << uint(k&63)
	} else {
		pr.me[l] |= 1 << uint(k&63)
	}
}

// lineAt returns the line and count of the entry of L at ls[k].
func (pr *Prober) lineAt(ls []uint16, k int) (int32, int32) {
	if pr.lw == 1 {
		return int32(ls[k] >> 8), int32(ls[k] & 255)
	}
	return int32(ls[k]), int32(ls[k+1])
}

// setCount sets the count of the entry of L at ls[k] (its line written).
func (pr *Prober) setCount(ls []uint16, k, c int) {
	if pr.lw == 1 {
		ls[k] = ls[k]&^255 | uint16(c)
	} else {
		ls[k+1] = uint16(c)
	}
}
