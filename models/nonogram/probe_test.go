package nonogram

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestProbeStore checks the kept probe results against probing done by
// hand (set, propagate, read the trail) on every unknown cell of puzzles
// of both arena widths: one entry per cell code (small puzzles) and two
// (beyond 2^15 cells). The big puzzle hides a random 12×12 picture in the
// last corner of a 200×200 grid (cell codes of two entries) whose other rows
// are black, so line solving leaves only the corner open. Pictures that line solving completes are
// skipped.
func TestProbeStore(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for _, side := range []int{12, 200} {
		tested := 0
		for k := 0; k < 200 && tested < 3; k++ {
			g := NewGrid(side, side)
			for i := range g.Cells {
				row, col := side-1-i/side, side-1-i%side // from the last corner
				g.Cells[i] = White
				if row < 12 && col < 12 && r.Float64() < 0.5 || row >= 12 && side > 12 {
					g.Cells[i] = Black
				}
			}
			p := puzzleOf(g)
			b := newBBoard(p)
			if !b.propagate() {
				t.Fatalf("side %d, puzzle %d: line solving refutes a picture's clues", side, k)
			}
			if b.cells()-b.known() < 10 {
				continue
			}
			tested++
			pr := newProber(b, true)
			if want := side<<(bits.Len(uint(side-1))+1) > 1<<16; (pr.step == 2) != want || !want && side > 128 {
				t.Fatalf("side %d: step %d", side, pr.step)
			}
			probed := 0
			for i := range b.cells() {
				if b.at(i) != Unknown {
					continue
				}
				for _, v := range []Cell{Black, White} {
					res := pr.result(i, v)
					got := keptCodes(pr, res)
					ok, want := scratchProbe(b, i, v)
					if ok != res.ok {
						t.Fatalf("side %d, cell %d = %v: kept ok %v, probing %v", side, i, v, res.ok, ok)
					}
					if ok {
						slices.Sort(got)
						slices.Sort(want)
						if !slices.Equal(got, want) || !slices.Contains(got, 2*i+colourBit(v)) {
							t.Fatalf("side %d, cell %d = %v: kept %v, probing fixes %v", side, i, v, got, want)
						}
					}
					probed++
				}
			}
			if probed < 20 {
				t.Fatalf("side %d, puzzle %d: only %d probes", side, k, probed)
			}
		}
		if tested < 3 {
			t.Fatalf("side %d: only %d pictures leave cells open", side, tested)
		}
	}
}

// TestProbeFreshness walks random searches (descending by kept results,
// by setting cells and by merges, backtracking at random) on small random
// puzzles, and at every step compares every kept result the prober calls
// fresh with a probe made from scratch on the board: the same verdict, and
// for a success the same cells, all unknown. Results whose lines gained
// cells since they were made are kept (update), so the walk checks the
// argument of probe.go's essay on every kind of change, with and without
// the line cache.
func TestProbeFreshness(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 25))
	var checked, kept, again, clashes, merges int64
	for trial := 0; trial < 300; trial++ {
		w, h := 4+r.IntN(7), 4+r.IntN(7)
		if trial%10 == 9 {
			w = 33 + r.IntN(4) // the line cache's wide entries
		}
		g := NewGrid(w, h)
		for i := range g.Cells {
			g.Cells[i] = White
			if r.Float64() < 0.5 {
				g.Cells[i] = Black
			}
		}
		b := newBBoard(puzzleOf(g))
		if !b.propagate() {
			t.Fatalf("trial %d: line solving refutes a picture's clues", trial)
		}
		if trial%2 == 0 {
			b.useCache(minCacheBits)
		}
		pr := newProber(b, true)
		if trial%3 == 1 {
			pr.lw = 2 // L's lines and counts in entries of their own, as on large puzzles
		}
		if trial%4 == 3 {
			pr.masks = false // L without its mask, as on puzzles of more than 64 lines
		}
		if trial%5 == 2 {
			pr.budget = 3 * b.cells() // compacted and emptied often
		}
		pr.commit(0)
		var marks []int
		for step := 0; step < 150; step++ {
			// Some steps check only some results, so that others are
			// checked first several clock ticks after they were made.
			checked += checkFresh(t, b, pr, func() bool { return step%3 != 0 || r.IntN(4) == 0 })
			// Make or refresh some results.
			for i := b.nextUnknown(0); i >= 0; i = b.nextUnknown(i + 1) {
				if r.IntN(3) == 0 {
					pr.result(i, Cell(1+r.IntN(2)))
				}
			}
			checked += checkFresh(t, b, pr, func() bool { return step%3 != 1 || r.IntN(4) == 0 })
			checkChanged(t, pr, r)
			var cells []int
			for i := b.nextUnknown(0); i >= 0; i = b.nextUnknown(i + 1) {
				cells = append(cells, i)
			}
			op := r.IntN(10)
			if len(cells) == 0 || op >= 8 {
				if len(marks) > 0 {
					pr.backtrack(marks[len(marks)-1])
					marks = marks[:len(marks)-1]
				}
				continue
			}
			i, v := cells[r.IntN(len(cells))], Cell(1+r.IntN(2))
			mark := len(b.trail)
			switch {
			case op < 4: // a branch from its kept result
				if res := pr.result(i, v); res.ok {
					pr.apply(res)
					marks = append(marks, mark)
				}
			case op < 6: // a branch by propagation
				b.set(i, v)
				if b.propagate() {
					pr.commit(mark)
					marks = append(marks, mark)
				} else {
					pr.backtrack(mark)
				}
			default: // a merge of both probes
				switch r.IntN(6) {
				case 0: // after compacting the store (results move)
					pr.compact()
				case 1: // after emptying it (results are made again from its start)
					budget := pr.budget
					pr.budget = -1
					pr.compact()
					pr.budget = budget
					i = cells[0]
				}
				rb, rw := pr.result(i, Black), pr.result(i, White)
				if !pr.fresh(rb) {
					rb = pr.result(i, Black)
				}
				if !rb.ok || !rw.ok {
					continue
				}
				common := 0
				for _, x := range keptCodes(pr, rb) {
					if slices.Contains(keptCodes(pr, rw), x) {
						common++
					}
				}
				changed, ok := pr.merge(i, rb, rw)
				if changed != (common > 0) {
					t.Fatalf("trial %d, step %d: merge of cell %d: changed %v, the results have %d cells alike", trial, step, i, changed, common)
				}
				merges++
				switch {
				case !ok:
					pr.backtrack(mark)
				case changed:
					marks = append(marks, mark)
				}
			}
		}
		kept, again, clashes = kept+pr.kept, again+pr.again, clashes+pr.clashes
		pr.release()
		b.release()
	}
	t.Logf("%d fresh results checked; brought up to date: %d kept, %d probed on, %d turned contradictions; %d merges", checked, kept, again, clashes, merges)
	if checked < 10000 || kept < 1000 || again < 100 {
		t.Fatalf("the walk exercised too little: %d checked, %d kept, %d probed on", checked, kept, again)
	}
}

// checkFresh compares the kept results of pr that pick selects and that
// are fresh with probing by hand, and returns how many it checked.
func checkFresh(t *testing.T, b *bboard, pr *prober, pick func() bool) int64 {
	t.Helper()
	var n int64
	for i := b.nextUnknown(0); i >= 0; i = b.nextUnknown(i + 1) {
		for _, v := range []Cell{Black, White} {
			res := &pr.res[2*i+colourBit(v)]
			if !pick() || !pr.fresh(res) {
				continue
			}
			n++
			got := keptCodes(pr, res)
			for _, x := range got {
				if c := x / 2; b.at(c) != Unknown {
					t.Fatalf("cell %d = %v: kept Δ holds known cell %d", i, v, c)
				}
			}
			ok, want := scratchProbe(b, i, v)
			if ok != res.ok {
				t.Fatalf("cell %d = %v: kept ok %v, probing %v", i, v, res.ok, ok)
			}
			if ok {
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("cell %d = %v: kept %v, probing fixes %v", i, v, got, want)
				}
			}
		}
	}
	return n
}

// checkChanged compares the prober's sets of lines changed since a clock
// (with masks) with its line clocks, at a few clocks.
func checkChanged(t *testing.T, pr *prober, r *rand.Rand) {
	t.Helper()
	if !pr.masks {
		return
	}
	for range 4 {
		c := pr.clock - uint32(r.IntN(min(int(pr.clock), 40)))
		var want uint64
		for l, lc := range pr.lineClock {
			if lc > c {
				want |= 1 << uint(l)
			}
		}
		if got := pr.changedSince(c); got != want {
			t.Fatalf("lines changed since clock %d (now %d): %b, line clocks say %b", c, pr.clock, got, want)
		}
	}
}

// keptCodes returns the cells of a kept result's Δ as codes 2·cell+colour.
func keptCodes(pr *prober, res *probeResult) []int {
	var got []int
	d := pr.delta(res)
	for k := 0; k < len(d); k += int(pr.step) {
		c, col := pr.cellAt(d, k)
		got = append(got, 2*c+colourBit(col))
	}
	return got
}

// scratchProbe probes cell i with colour v on b from scratch and undoes
// it: whether propagation succeeded, and the cells it fixed as codes
// 2·cell+colour.
func scratchProbe(b *bboard, i int, v Cell) (bool, []int) {
	mark := len(b.trail)
	b.set(i, v)
	ok := b.propagate()
	var want []int
	for _, x := range b.trail[mark:] {
		want = append(want, 2*b.entryCell(x)+colourBit(entryColour(x)))
	}
	b.undo(mark)
	b.clearQueue()
	return ok, want
}
