package nonogram

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestBeliefsResidual checks what residual belief propagation keeps per
// line: after every round, each line that is not complete has sent from
// its current cells (the words it last sent from are the line's) with the
// feasible starts a fresh line solve gives; so a line whose cells changed
// is never skipped. Random 15×15 pictures, cells set one by one.
func TestBeliefsResidual(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	checked := 0
	for k := 0; k < 20; k++ {
		g := NewGrid(15, 15)
		for i := range g.Cells {
			g.Cells[i] = White
			if r.IntN(2) == 0 {
				g.Cells[i] = Black
			}
		}
		p := puzzleOf(g)
		b := newBBoard(p)
		if !b.propagate() {
			t.Fatal("line solving refutes a picture's clues")
		}
		bp := newBeliefs(b)
		var bl bitLine
		for !b.complete() {
			bp.update(b, 2)
			for l := range b.w + b.h {
				if b.lineComplete(l) || len(p.line(l)) == 0 {
					continue
				}
				wd := b.off[l]
				if bp.lineF[l] != b.fill[wd] || bp.lineE[l] != b.empt[wd] {
					t.Fatalf("picture %d, line %d: sent from %x/%x, the line is %x/%x", k, l, bp.lineF[l], bp.lineE[l], b.fill[wd], b.empt[wd])
				}
				if _, _, ok := bl.solve(p.line(l), b.n[l], b.fill[wd], b.empt[wd]); !ok {
					t.Fatalf("picture %d, line %d: no completion at the fixpoint", k, l)
				}
				if got, want := bp.starts[bp.from[l]:bp.from[l+1]], bl.v[:len(p.line(l))]; !slices.Equal(got, want) {
					t.Fatalf("picture %d, line %d: kept starts %x, want %x", k, l, got, want)
				}
				checked++
			}
			i := b.nextUnknown(0)
			b.set(i, g.Cells[i]) // the picture's colour: propagation succeeds
			if !b.propagate() {
				t.Fatalf("picture %d: propagation refutes the picture", k)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no line checked")
	}
}
