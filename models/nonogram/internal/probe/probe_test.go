package probe

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/board"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
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
			g := nonogram.NewGrid(side, side)
			for i := range g.Cells {
				row, col := side-1-i/side, side-1-i%side // from the last corner
				g.Cells[i] = nonogram.White
				if row < 12 && col < 12 && r.Float64() < 0.5 || row >= 12 && side > 12 {
					g.Cells[i] = nonogram.Black
				}
			}
			p := nonotest.PuzzleOf(g)
			b := board.New(p)
			if !b.Propagate() {
				t.Fatalf("side %d, puzzle %d: line solving refutes a picture's clues", side, k)
			}
			if b.Cells()-b.Known() < 10 {
				continue
			}
			tested++
			pr := New(b, true)
			if want := side<<(bits.Len(uint(side-1))+1) > 1<<16; (pr.Step == 2) != want || !want && side > 128 {
				t.Fatalf("side %d: step %d", side, pr.Step)
			}
			probed := 0
			for i := range b.Cells() {
				if b.At(i) != nonogram.Unknown {
					continue
				}
				for _, v := range []nonogram.Cell{nonogram.Black, nonogram.White} {
					res := pr.Result(i, v)
					got := keptCodes(pr, res)
					ok, want := scratchProbe(b, i, v)
					if ok != res.OK {
						t.Fatalf("side %d, cell %d = %v: kept ok %v, probing %v", side, i, v, res.OK, ok)
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
		g := nonogram.NewGrid(w, h)
		for i := range g.Cells {
			g.Cells[i] = nonogram.White
			if r.Float64() < 0.5 {
				g.Cells[i] = nonogram.Black
			}
		}
		b := board.New(nonotest.PuzzleOf(g))
		if !b.Propagate() {
			t.Fatalf("trial %d: line solving refutes a picture's clues", trial)
		}
		if trial%2 == 0 {
			b.UseCache(line.MinCacheBits)
		}
		pr := New(b, true)
		if trial%3 == 1 {
			pr.lw = 2 // L's lines and counts in entries of their own, as on large puzzles
		}
		if trial%4 == 3 {
			pr.masks = false // L without its mask, as on puzzles of more than 64 lines
		}
		if trial%5 == 2 {
			pr.budget = 3 * b.Cells() // compacted and emptied often
		}
		pr.Commit(0)
		var marks []int
		for step := 0; step < 150; step++ {
			// Some steps check only some results, so that others are
			// checked first several clock ticks after they were made.
			checked += checkFresh(t, b, pr, func() bool { return step%3 != 0 || r.IntN(4) == 0 })
			// Make or refresh some results.
			for i := b.NextUnknown(0); i >= 0; i = b.NextUnknown(i + 1) {
				if r.IntN(3) == 0 {
					pr.Result(i, nonogram.Cell(1+r.IntN(2)))
				}
			}
			checked += checkFresh(t, b, pr, func() bool { return step%3 != 1 || r.IntN(4) == 0 })
			checkChanged(t, pr, r)
			var cells []int
			for i := b.NextUnknown(0); i >= 0; i = b.NextUnknown(i + 1) {
				cells = append(cells, i)
			}
			op := r.IntN(10)
			if len(cells) == 0 || op >= 8 {
				if len(marks) > 0 {
					pr.Backtrack(marks[len(marks)-1])
					marks = marks[:len(marks)-1]
				}
				continue
			}
			i, v := cells[r.IntN(len(cells))], nonogram.Cell(1+r.IntN(2))
			mark := len(b.Trail)
			switch {
			case op < 4: // a branch from its kept result
				if res := pr.Result(i, v); res.OK {
					pr.Apply(res)
					marks = append(marks, mark)
				}
			case op < 6: // a branch by propagation
				b.Set(i, v)
				if b.Propagate() {
					pr.Commit(mark)
					marks = append(marks, mark)
				} else {
					pr.Backtrack(mark)
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
				rb, rw := pr.Result(i, nonogram.Black), pr.Result(i, nonogram.White)
				if !pr.Fresh(rb) {
					rb = pr.Result(i, nonogram.Black)
				}
				if !rb.OK || !rw.OK {
					continue
				}
				common := 0
				for _, x := range keptCodes(pr, rb) {
					if slices.Contains(keptCodes(pr, rw), x) {
						common++
					}
				}
				changed, ok := pr.Merge(i, rb, rw)
				if changed != (common > 0) {
					t.Fatalf("trial %d, step %d: merge of cell %d: changed %v, the results have %d cells alike", trial, step, i, changed, common)
				}
				merges++
				switch {
				case !ok:
					pr.Backtrack(mark)
				case changed:
					marks = append(marks, mark)
				}
			}
		}
		kept, again, clashes = kept+pr.kept, again+pr.again, clashes+pr.clashes
		pr.Release()
		b.Release()
	}
	t.Logf("%d fresh results checked; brought up to date: %d kept, %d probed on, %d turned contradictions; %d merges", checked, kept, again, clashes, merges)
	if checked < 10000 || kept < 1000 || again < 100 {
		t.Fatalf("the walk exercised too little: %d checked, %d kept, %d probed on", checked, kept, again)
	}
}

// checkFresh compares the kept results of pr that pick selects and that
// are fresh with probing by hand, and returns how many it checked.
func checkFresh(t *testing.T, b *board.Board, pr *Prober, pick func() bool) int64 {
	t.Helper()
	var n int64
	for i := b.NextUnknown(0); i >= 0; i = b.NextUnknown(i + 1) {
		for _, v := range []nonogram.Cell{nonogram.Black, nonogram.White} {
			res := &pr.res[2*i+colourBit(v)]
			if !pick() || !pr.Fresh(res) {
				continue
			}
			n++
			got := keptCodes(pr, res)
			for _, x := range got {
				if c := x / 2; b.At(c) != nonogram.Unknown {
					t.Fatalf("cell %d = %v: kept Δ holds known cell %d", i, v, c)
				}
			}
			ok, want := scratchProbe(b, i, v)
			if ok != res.OK {
				t.Fatalf("cell %d = %v: kept ok %v, probing %v", i, v, res.OK, ok)
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
func checkChanged(t *testing.T, pr *Prober, r *rand.Rand) {
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
func keptCodes(pr *Prober, res *Result) []int {
	var got []int
	d := pr.Delta(res)
	for k := 0; k < len(d); k += int(pr.Step) {
		c, col := pr.CellAt(d, k)
		got = append(got, 2*c+colourBit(col))
	}
	return got
}

// scratchProbe probes cell i with colour v on b from scratch and undoes
// it: whether propagation succeeded, and the cells it fixed as codes
// 2·cell+colour.
func scratchProbe(b *board.Board, i int, v nonogram.Cell) (bool, []int) {
	mark := len(b.Trail)
	b.Set(i, v)
	ok := b.Propagate()
	var want []int
	for _, x := range b.Trail[mark:] {
		want = append(want, 2*b.EntryCell(x)+colourBit(board.EntryColour(x)))
	}
	b.Undo(mark)
	b.ClearQueue()
	return ok, want
}
