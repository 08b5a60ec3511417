package belief

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/board"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
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
		g := nonotest.RandomGrid(r, 15, 15, 0.5)
		p := nonotest.PuzzleOf(g)
		b := board.New(p)
		if !b.Propagate() {
			t.Fatal("line solving refutes a picture's clues")
		}
		bp := New(b)
		var bl line.Bits
		for !b.Complete() {
			bp.Update(b, 2)
			for l := range b.W + b.H {
				if b.LineComplete(l) || len(p.Line(l)) == 0 {
					continue
				}
				wd := b.Off[l]
				if bp.lineF[l] != b.Fill[wd] || bp.lineE[l] != b.Empt[wd] {
					t.Fatalf("picture %d, line %d: sent from %x/%x, the line is %x/%x", k, l, bp.lineF[l], bp.lineE[l], b.Fill[wd], b.Empt[wd])
				}
				if _, _, ok := bl.Solve(p.Line(l), b.N[l], b.Fill[wd], b.Empt[wd]); !ok {
					t.Fatalf("picture %d, line %d: no completion at the fixpoint", k, l)
				}
				if got, want := bp.starts[bp.from[l]:bp.from[l+1]], bl.Starts[:len(p.Line(l))]; !slices.Equal(got, want) {
					t.Fatalf("picture %d, line %d: kept starts %x, want %x", k, l, got, want)
				}
				checked++
			}
			i := b.NextUnknown(0)
			b.Set(i, g.Cells[i]) // the picture's colour: propagation succeeds
			if !b.Propagate() {
				t.Fatalf("picture %d: propagation refutes the picture", k)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no line checked")
	}
}

// TestBeliefsSend checks each line's messages against the band programme
// (count, which shares no code with the bit-parallel path's fused weights
// and prefix products): random pictures, some cells set, random incoming
// messages; each line, made to send, must give every unknown cell the
// damped extrinsic marginal, change no other message, and raise the
// crossing lines' moved to the change. A 70-cell-wide picture takes the
// band path for its rows.
func TestBeliefsSend(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 34))
	var ref lineCounter
	checked := 0
	for k := 0; k < 12; k++ {
		w, h := 15, 15
		if k == 0 {
			w, h = 70, 6
		}
		g := nonotest.RandomGrid(r, w, h, 0.5)
		p := nonotest.PuzzleOf(g)
		b := board.New(p)
		if !b.Propagate() {
			t.Fatal("line solving refutes a picture's clues")
		}
		for range k * 3 {
			if i := b.NextUnknown(r.IntN(w * h)); i >= 0 {
				b.Set(i, g.Cells[i])
				if !b.Propagate() {
					t.Fatalf("picture %d: propagation refutes the picture", k)
				}
			}
		}
		bp := New(b)
		bp.Update(b, 1) // the lines' feasible starts
		for l := range b.W + b.H {
			if b.LineComplete(l) {
				continue
			}
			for i := range bp.msg {
				bp.msg[i] = r.Float64()
			}
			clear(bp.moved)
			before := slices.Clone(bp.msg)
			bp.moved[l] = 1 // send, though the line's cells did not change
			bp.send(b, l)
			n, clamp := b.N[l], bp.clamp[l]
			own, other, cell, cross := 0, 1, func(c int) int { return l*b.W + c }, b.H
			if l >= b.H {
				own, other, cell, cross = 1, 0, func(c int) int { return c*b.W + l - b.H }, 0
			}
			ref.wb, ref.ww = make([]float64, n), make([]float64, n)
			for c := range n {
				switch b.At(cell(c)) {
				case nonogram.Black:
					ref.wb[c], ref.ww[c] = 1, 0
				case nonogram.White:
					ref.wb[c], ref.ww[c] = 0, 1
				default:
					q := clampTo(before[2*cell(c)+other], clamp, 1-clamp)
					ref.wb[c], ref.ww[c] = q, 1-q
				}
			}
			ref.band.set(&ref.ls, p.Line(l), n)
			want := make([]float64, n)
			if !ref.count(p.Line(l), n, &ref.band, want) {
				t.Fatalf("picture %d, line %d: no weighted completion", k, l)
			}
			touched := map[int]bool{}
			for c := range n {
				i := 2*cell(c) + own
				if b.At(cell(c)) != nonogram.Unknown {
					continue
				}
				touched[i] = true
				pb, qb := ref.wb[c], want[c]
				x := clampTo(qb*(1-pb)/(qb*(1-pb)+(1-qb)*pb), clamp, 1-clamp)
				m := (before[i] + x) / 2
				if d := bp.msg[i] - m; d > 1e-9 || d < -1e-9 {
					t.Fatalf("picture %d, line %d, cell %d: message %v, want %v", k, l, c, bp.msg[i], m)
				}
				if d := abs64(m - before[i]); bp.moved[cross+c] < d-1e-9 {
					t.Fatalf("picture %d, line %d, cell %d: crossing line's moved %v, the message moved %v", k, l, c, bp.moved[cross+c], d)
				}
				checked++
			}
			for i := range bp.msg {
				if !touched[i] && bp.msg[i] != before[i] {
					t.Fatalf("picture %d, line %d: message %d changed", k, l, i)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no message checked")
	}
}

func abs64(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
