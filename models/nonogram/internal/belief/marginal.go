package belief

import (
	"math"
	"math/bits"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/board"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
)

// Line marginals and belief propagation between rows and columns.
//
// Given a weight for each colour of each cell of a line (1 and 0 for a
// known cell), the weighted count of the line's completions and, for each
// cell, the weight of those in which it is black, follow from the same
// placement recurrence as the line solver (line.Solver), summing products of
// weights instead of or-ing booleans:
//
//	A[j][i]  weight of cells 0..i−1 holding blocks 0..j−1, cell i free
//	         (i = 0, or cell i−1 white)
//	B[j][i]  weight of cells i..n−1 holding blocks j..k−1, cell i free
//
// A placement of block j at a weighs A[j][a] · (its black cells) · (the
// white cell after it) · B[j+1][a+L+1]; the black weight of a cell is the
// sum over the placements covering it, and the total A[k][n] normalises.
// Products over a block come from prefix products of the black weights,
// which stay within float64 with the weights of an n-cell line clamped to
// [c, 1−c], c = max(pClamp, 10^(−280/n)).
//
// Belief propagation: each line sends each of its unknown cells the
// line's marginal with the cell's own incoming weight divided out (the
// extrinsic message); a cell's belief is the product of its row's and its
// column's messages. On a nonogram, whose factor graph is full of cycles,
// this is an approximation (loopy BP), used only to order values in the
// search: which colour of the branching cell to try first.
//
// Its cost (17–21% of the one-solution time on the tournament sets) is
// the number of sends times the cost of one: at about 25 line sends a
// node (TAAI #300–#339), a third because the line's cells changed and two
// thirds because incoming messages moved, each about 9,000 instructions
// for a 25-cell line with some 33 feasible starts, spread evenly over the
// passes of countStarts. A short line's send fills the weights and
// countStarts' prefix products in one pass and writes only its unknown
// cells' messages. Changing which lines send changes the search, and the
// search is sensitive to it: over random streams of the jitter, undamped
// messages and a residual on the belief instead of the message won on
// TAAI 2011 and lost on ICGA 2023, a second round over the rows only the
// other way round; a cap on the sends a round, a second round only when
// the branching cell's belief is near ½, and one round below depth 10
// lost (docs/nonogram.md, the sixth session). The messages carried from
// node to node act as the search's memory.

// pClamp keeps messages away from 0 and 1.
const pClamp = 1e-3

// lineCounter is the scratch space of marginals.
type lineCounter struct {
	a, b   []float64 // (k+1)×(n+1)
	pb     []float64 // prefix products of black weights
	ipb    []float64 // their reciprocals
	nwh    []int     // prefix counts of cells that cannot be black
	mass   []float64 // difference array of black mass
	wb, ww []float64 // weights of the line's cells
	band   clueBand  // marginals' band, for clues not cached
	ls     line.Solver

	// countStarts' scratch (starts.go)
	pw, ipw    []float64 // prefix products of white weights, reciprocals
	nbk        []int     // prefix counts of cells that cannot be white
	at, from   []int     // the starts of block j are at[from[j]:from[j+1]]
	lf, rt, bw []float64 // per start: Lf, Rt, black weight of the block
	bl         line.Bits
}

// clueBand is the band of (block, cell) pairs of a clue on a line of n
// cells that some placement can reach (see line.Solver.Band and Bounds):
// at cell boundary i the block counts jlo[i]..jhi[i], and block j starts
// within pre[j]..n−suf[j]. It depends on the clue and n only, so belief
// propagation computes it once per line.
type clueBand struct {
	jlo, jhi []int
	pre, suf []int
}

// set computes the band of clue on n cells, with ls as scratch.
func (cb *clueBand) set(ls *line.Solver, clue nonogram.Clue, n int) {
	ls.Band(clue)
	ls.Bounds(n, len(clue))
	cb.jlo = append(cb.jlo[:0], ls.Jlo...)
	cb.jhi = append(cb.jhi[:0], ls.Jhi...)
	cb.pre = append(cb.pre[:0], ls.Pre...)
	cb.suf = append(cb.suf[:0], ls.Suf...)
}

// marginals sets out[c] to the probability that cell c is black among the
// completions of the line, weighted by lc.wb and lc.ww, and
// returns false when no completion has positive weight (see the clamp
// above for the weights' range). Like the line
// solver, it visits only the band of (block, cell) pairs that some
// placement can reach.
func (lc *lineCounter) marginals(clue nonogram.Clue, n int, out []float64) bool {
	if n <= line.MaxBits && len(clue) > 0 {
		var f, e uint64
		for i := range n {
			if lc.wb[i] == 0 {
				e |= 1 << uint(i)
			}
			if lc.ww[i] == 0 {
				f |= 1 << uint(i)
			}
		}
		if _, _, ok := lc.bl.Solve(clue, n, f, e); !ok {
			return false
		}
		return lc.countStarts(clue, n, lc.bl.Starts[:len(clue)], out)
	}
	lc.band.set(&lc.ls, clue, n)
	return lc.count(clue, n, &lc.band, out)
}

// count is marginals with the clue's band given (bd, of this clue and n).
// Each placement's weight of black cells is a quotient of prefix
// products, computed once per (block, start) by multiplying with the
// reciprocal of the prefix, and shared by the three passes.
func (lc *lineCounter) count(clue nonogram.Clue, n int, bd *clueBand, out []float64) bool {
	k := len(clue)
	w := n + 1
	wb, ww := lc.wb[:n], lc.ww[:n]
	lc.pb = line.Grow(lc.pb, n+1)
	lc.ipb = line.Grow(lc.ipb, n+1)
	lc.nwh = line.Grow(lc.nwh, n+1)
	pb, ipb, nwh := lc.pb, lc.ipb, lc.nwh
	pb[0], ipb[0], nwh[0] = 1, 1, 0
	for i := range n {
		nwh[i+1] = nwh[i]
		if wb[i] == 0 {
			nwh[i+1]++
			pb[i+1] = pb[i]
			ipb[i+1] = ipb[i]
		} else {
			pb[i+1] = pb[i] * wb[i]
			ipb[i+1] = 1 / pb[i+1]
		}
	}
	jlo, jhi, suf := bd.jlo, bd.jhi, bd.suf
	A := line.Grow(lc.a, (k+1)*w)
	B := line.Grow(lc.b, (k+1)*w)
	lc.a, lc.b = A, B
	clear(A)
	A[0] = 1
	for i := 0; i < n; i++ {
		for j := jlo[i]; j <= jhi[i]; j++ {
			x := A[j*w+i]
			if x == 0 {
				continue
			}
			A[j*w+i+1] += x * ww[i]
			if j == k {
				continue
			}
			e := i + clue[j]
			if nwh[e] != nwh[i] {
				continue
			}
			p := pb[e] * ipb[i]
			if e == n {
				A[(j+1)*w+n] += x * p
			} else {
				A[(j+1)*w+e+1] += x * p * ww[e]
			}
		}
	}
	z := A[k*w+n]
	if !(z > 0) {
		return false
	}
	clear(B)
	B[k*w+n] = 1
	for i := n - 1; i >= 0; i-- {
		for j := jhi[i]; j >= jlo[i]; j-- {
			x := ww[i] * B[j*w+i+1]
			if j < k {
				if e := i + clue[j]; nwh[e] == nwh[i] {
					p := pb[e] * ipb[i]
					if e < n {
						x += p * ww[e] * B[(j+1)*w+e+1]
					} else if j+1 == k {
						x += p
					}
				}
			}
			B[j*w+i] = x
		}
	}
	lc.mass = line.Grow(lc.mass, n+1)
	mass := lc.mass
	clear(mass)
	for j, l := range clue {
		first := bd.pre[j]
		if j > 0 {
			first++
		}
		for a := first; a <= n-suf[j]; a++ {
			x := A[j*w+a]
			e := a + l
			if x == 0 || nwh[e] != nwh[a] {
				continue
			}
			p := pb[e] * ipb[a]
			var tail float64
			if e < n {
				tail = ww[e] * B[(j+1)*w+e+1]
			} else if j+1 == k {
				tail = 1
			}
			m := x * p * tail
			mass[a] += m
			mass[e] -= m
		}
	}
	spreadMass(out[:n], mass, z)
	return true
}

// spreadMass turns the difference array mass (a placement of weight m adds
// m at its block's first cell and takes it back one past the last) into
// each cell's share of the total weight z, clamped to [0, 1] against
// rounding.
func spreadMass(out, mass []float64, z float64) {
	iz := 1 / z
	run := 0.0
	for c := range out {
		run += mass[c]
		out[c] = clampTo(run*iz, 0, 1)
	}
}

// clampTo returns x limited to [lo, hi] (lo ≤ hi, x not NaN): what
// min(max(x, lo), hi) gives, but by two comparisons, without the
// builtins' handling of NaN and signed zeros.
func clampTo(x, lo, hi float64) float64 {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// State runs loopy belief propagation on a board. Messages are kept between calls (warm start): msg[2i] is
// the row's message to cell i, msg[2i+1] the column's, each a probability
// of black.
type State struct {
	msg   []float64
	clamp []float64 // per line: messages stay in [clamp, 1−clamp]
	lc    lineCounter
	out   []float64
	bands []clueBand // per line

	// Residual updates: a line sends again only when its cells changed
	// (lineF, lineE: its words when it last sent; lines of at most 64
	// cells) or an incoming message moved by at least bpResidual since
	// (moved).
	moved        []float64
	lineF, lineE []uint64
	starts       []uint64 // line.Bits.Starts of line l's last state, at starts[from[l]:from[l+1]]
	from         []int
}

// bpResidual is the least change of a line's incoming messages (since it
// last sent) that makes a line whose cells did not change send again.
// Measured against sending every line every round (thresholds 0, 0.05,
// 0.1; the same process, each puzzle solved by each in turn, thread CPU
// s): ICGA 2023 27.8, 22.6, 24.9 s (the puzzles under 0.05 s: 10.2, 7.3,
// 7.1 s; nodes 113,363, 113,335, 120,700), TAAI 2011 23.8, 21.0, 21.2 s
// (10.2, 7.1, 6.9 s). Beliefs only order values, so skipping sends
// changes the search, never its answers.
const bpResidual = 5e-2

// MaxCells is the largest puzzle belief propagation runs on: a
// round costs about as much as solving every line by the dynamic
// programme.
const MaxCells = 1 << 16

// New returns the beliefs of board b: every message ½ (no information),
// every line due to send.
func New(b *board.Board) *State {
	m := make([]float64, 2*b.Cells())
	for i := range m {
		m[i] = 0.5
	}
	n := max(b.W, b.H)
	bp := &State{msg: m, out: make([]float64, n), clamp: make([]float64, b.W+b.H),
		lc: lineCounter{wb: make([]float64, n), ww: make([]float64, n)}, bands: make([]clueBand, b.W+b.H)}
	bp.moved = make([]float64, b.W+b.H)
	bp.lineF, bp.lineE = make([]uint64, b.W+b.H), make([]uint64, b.W+b.H)
	bp.from = make([]int, b.W+b.H+1)
	for l := range bp.lineF {
		bp.lineF[l], bp.lineE[l] = 1, 1 // no line state: the first round solves and sends
		bp.from[l+1] = bp.from[l]
		if b.N[l] <= line.MaxBits {
			bp.from[l+1] += len(b.P.Line(l))
		}
	}
	bp.starts = make([]uint64, bp.from[b.W+b.H])
	for l := range bp.bands {
		if b.N[l] > line.MaxBits || len(b.P.Line(l)) == 0 {
			// Only lines that send's bit-parallel path does not take
			// need their band.
			bp.bands[l].set(&bp.lc.ls, b.P.Line(l), b.N[l])
		}
	}
	for l := range bp.clamp {
		// Products of n weights stay above 1e-280.
		bp.clamp[l] = max(pClamp, math.Pow(10, -280/float64(b.N[l])))
	}
	return bp
}

// Update runs rounds of message passing: every row, then every column,
// sends its extrinsic marginals, damped by half; a line whose cells did
// not change and whose incoming messages moved by less than bpResidual
// since it last sent is skipped (residual belief propagation).
func (bp *State) Update(b *board.Board, rounds int) {
	for range rounds {
		for l := range b.W + b.H {
			bp.send(b, l)
		}
	}
}

// send computes line l's messages to its unknown cells.
func (bp *State) send(b *board.Board, l int) {
	n := b.N[l]
	if b.LineComplete(l) {
		return // it has no message to send
	}
	clue := b.P.Line(l)
	short := n <= line.MaxBits && len(clue) > 0
	if short {
		wd := b.Off[l]
		f, e := b.Fill[wd], b.Empt[wd]
		if f != bp.lineF[l] || e != bp.lineE[l] {
			// The line is at its fixpoint: the solve succeeds and gives
			// the feasible starts of its blocks.
			if _, _, ok := bp.lc.bl.Solve(clue, n, f, e); !ok {
				return
			}
			copy(bp.starts[bp.from[l]:bp.from[l+1]], bp.lc.bl.Starts[:len(clue)])
			bp.lineF[l], bp.lineE[l] = f, e
		} else if bp.moved[l] < bpResidual {
			return // its messages would move by less than the residual
		}
	}
	bp.moved[l] = 0
	// Cell k of line l is cell base + k·stride of the board, and its
	// crossing line is cross + k.
	own, other := 0, 1 // message slots: the line's own, the crossing line's
	base, stride, cross := l*b.W, 1, b.H
	if l >= b.H {
		own, other = 1, 0
		base, stride, cross = l-b.H, b.W, 0
	}
	clamp := bp.clamp[l]
	msg := bp.msg
	wb, ww := bp.lc.wb[:n], bp.lc.ww[:n]
	if short {
		// The weights and, in the same pass, countStarts' prefix
		// products (the same operations in the same order).
		pb, ipb, pw, ipw, nbk := bp.lc.prefixes(n)
		pb, ipb, pw, ipw, nbk = pb[1:n+1], ipb[1:n+1], pw[1:n+1], ipw[1:n+1], nbk[1:n+1]
		xb, xib, xw, xiw, nb := 1.0, 1.0, 1.0, 1.0, 0
		wd := b.Off[l]
		f, e := b.Fill[wd], b.Empt[wd]
		for k, mi := 0, 2*base+other; k < n; k, mi = k+1, mi+2*stride {
			switch {
			case f&1 != 0:
				wb[k], ww[k] = 1, 0
				nb++
			case e&1 != 0:
				wb[k], ww[k] = 0, 1
			default:
				p := clampTo(msg[mi], clamp, 1-clamp)
				q := 1 - p
				wb[k], ww[k] = p, q
				xb *= p
				xib = 1 / xb
				xw *= q
				xiw = 1 / xw
			}
			pb[k], ipb[k], pw[k], ipw[k], nbk[k] = xb, xib, xw, xiw, nb
			f, e = f>>1, e>>1
		}
		if !bp.lc.countPrefixed(clue, n, bp.starts[bp.from[l]:bp.from[l+1]], bp.out) {
			return
		}
	} else {
		var f, e uint64
		for k, mi := 0, 2*base+other; k < n; k, mi = k+1, mi+2*stride {
			if k&63 == 0 {
				f, e = b.Fill[b.Off[l]+k>>6], b.Empt[b.Off[l]+k>>6]
			}
			switch {
			case f&1 != 0:
				wb[k], ww[k] = 1, 0
			case e&1 != 0:
				wb[k], ww[k] = 0, 1
			default:
				p := clampTo(msg[mi], clamp, 1-clamp)
				wb[k], ww[k] = p, 1-p
			}
			f, e = f>>1, e>>1
		}
		if !bp.lc.count(clue, n, &bp.bands[l], bp.out) {
			return
		}
	}
	out := bp.out[:n]
	if short {
		// The unknown cells only, a bit at a time.
		wd := b.Off[l]
		unk := ^(b.Fill[wd] | b.Empt[wd])
		if n < 64 {
			unk &= 1<<uint(n) - 1
		}
		for ; unk != 0; unk &= unk - 1 {
			k := bits.TrailingZeros64(unk)
			i := 2*(base+k*stride) + own
			old := msg[i]
			m := (old + extrinsic(out[k], wb[k], ww[k], clamp)) / 2
			msg[i] = m
			if d := math.Abs(m - old); d > bp.moved[cross+k] {
				bp.moved[cross+k] = d
			}
		}
		return
	}
	for k, i := 0, 2*base+own; k < n; k, i = k+1, i+2*stride {
		p := wb[k]
		if p == 0 || p == 1 {
			continue // known
		}
		old := msg[i]
		m := (old + extrinsic(out[k], p, ww[k], clamp)) / 2
		msg[i] = m
		if d := math.Abs(m - old); d > bp.moved[cross+k] {
			bp.moved[cross+k] = d
		}
	}
}

// extrinsic returns the message of a line to an unknown cell whose
// incoming weights are (p, w), w = 1−p, and whose marginal on the line
// is q: the marginal with the incoming weight divided out, ∝ (q/p,
// (1−q)/w), clamped to [clamp, 1−clamp].
func extrinsic(q, p, w, clamp float64) float64 {
	xb, xw := q/p, (1-q)/w
	return clampTo(xb/(xb+xw), clamp, 1-clamp)
}

// Belief returns the probability that cell i is black.
func (bp *State) Belief(i int) float64 {
	r, c := bp.msg[2*i], bp.msg[2*i+1]
	return r * c / (r*c + (1-r)*(1-c))
}
