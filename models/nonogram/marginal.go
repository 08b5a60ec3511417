package nonogram

import "math"

// Line marginals and belief propagation between rows and columns.
//
// Given a weight for each colour of each cell of a line (1 and 0 for a
// known cell), the weighted count of the line's completions and, for each
// cell, the weight of those in which it is black, follow from the same
// placement recurrence as the line solver (line.go), summing products of
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

// pClamp keeps messages away from 0 and 1.
const pClamp = 1e-3

// lineCounter is the scratch space of marginals.
type lineCounter struct {
	a, b   []float64  // (k+1)×(n+1)
	pb     []float64  // prefix products of black weights
	nwh    []int      // prefix counts of cells that cannot be black
	mass   []float64  // difference array of black mass
	wb, ww []float64  // weights of the line's cells
	ls     lineSolver // for the band of the clue
}

// marginals sets out[c] to the probability that cell c is black among the
// completions of the line, weighted by lc.wb and lc.ww, and
// returns false when no completion has positive weight (see the clamp
// above for the weights' range). Like the line
// solver, it visits only the band of (block, cell) pairs that some
// placement can reach.
func (lc *lineCounter) marginals(clue Clue, n int, out []float64) bool {
	k := len(clue)
	w := n + 1
	wb, ww := lc.wb[:n], lc.ww[:n]
	lc.pb = grow(lc.pb, n+1)
	lc.nwh = grow(lc.nwh, n+1)
	pb, nwh := lc.pb, lc.nwh
	pb[0], nwh[0] = 1, 0
	for i := range n {
		nwh[i+1] = nwh[i]
		if wb[i] == 0 {
			nwh[i+1]++
			pb[i+1] = pb[i]
		} else {
			pb[i+1] = pb[i] * wb[i]
		}
	}
	ls := &lc.ls
	ls.band(clue)
	ls.bounds(n, k)
	A := grow(lc.a, (k+1)*w)
	B := grow(lc.b, (k+1)*w)
	lc.a, lc.b = A, B
	clear(A)
	clear(B)
	A[0] = 1
	for i := 0; i < n; i++ {
		for j := ls.jlo[i]; j <= ls.jhi[i]; j++ {
			x := A[j*w+i]
			if x == 0 {
				continue
			}
			A[j*w+i+1] += x * ww[i]
			if j == k {
				continue
			}
			e := i + clue[j]
			if e > n || nwh[e] != nwh[i] {
				continue
			}
			p := x * pb[e] / pb[i]
			if e == n {
				A[(j+1)*w+n] += p
			} else {
				A[(j+1)*w+e+1] += p * ww[e]
			}
		}
	}
	z := A[k*w+n]
	if !(z > 0) {
		return false
	}
	B[k*w+n] = 1
	for i := n - 1; i >= 0; i-- {
		for j := ls.jhi[i]; j >= ls.jlo[i]; j-- {
			x := ww[i] * B[j*w+i+1]
			if j < k {
				if e := i + clue[j]; e <= n && nwh[e] == nwh[i] {
					p := pb[e] / pb[i]
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
	lc.mass = grow(lc.mass, n+1)
	mass := lc.mass
	clear(mass)
	for j, l := range clue {
		for a := ls.firstStart(j); a <= n-ls.suf[j]; a++ {
			x := A[j*w+a]
			e := a + l
			if x == 0 || nwh[e] != nwh[a] {
				continue
			}
			var tail float64
			if e < n {
				tail = ww[e] * B[(j+1)*w+e+1]
			} else if j+1 == k {
				tail = 1
			}
			m := x * pb[e] / pb[a] * tail
			mass[a] += m
			mass[e] -= m
		}
	}
	run := 0.0
	for c := range n {
		run += mass[c]
		out[c] = min(max(run/z, 0), 1)
	}
	return true
}

// beliefs runs loopy belief propagation on a board. Messages are kept between calls (warm start): msg[2i] is
// the row's message to cell i, msg[2i+1] the column's, each a probability
// of black.
type beliefs struct {
	msg   []float64
	clamp []float64 // per line: messages stay in [clamp, 1−clamp]
	lc    lineCounter
	out   []float64
}

// maxBeliefCells is the largest puzzle belief propagation runs on: a
// round costs about as much as solving every line by the dynamic
// programme.
const maxBeliefCells = 1 << 16

func newBeliefs(b *bboard) *beliefs {
	m := make([]float64, 2*b.cells())
	for i := range m {
		m[i] = 0.5
	}
	n := max(b.w, b.h)
	bp := &beliefs{msg: m, out: make([]float64, n), clamp: make([]float64, b.w+b.h),
		lc: lineCounter{wb: make([]float64, n), ww: make([]float64, n)}}
	for l := range bp.clamp {
		// Products of n weights stay above 1e-280.
		bp.clamp[l] = max(pClamp, math.Pow(10, -280/float64(b.n[l])))
	}
	return bp
}

// update runs rounds of message passing: every row, then every column,
// sends its extrinsic marginals, damped by half.
func (bp *beliefs) update(b *bboard, rounds int) {
	for range rounds {
		for l := range b.w + b.h {
			bp.send(b, l)
		}
	}
}

// send computes line l's messages to its unknown cells.
func (bp *beliefs) send(b *bboard, l int) {
	n := b.n[l]
	if b.lineComplete(l) {
		return // it has no message to send
	}
	own, other := 0, 1 // message slots: the line's own, the crossing line's
	if l >= b.h {
		own, other = 1, 0
	}
	clamp := bp.clamp[l]
	for k := range n {
		wd, bit := b.off[l]+k>>6, uint64(1)<<uint(k&63)
		switch {
		case b.fill[wd]&bit != 0:
			bp.lc.wb[k], bp.lc.ww[k] = 1, 0
		case b.empt[wd]&bit != 0:
			bp.lc.wb[k], bp.lc.ww[k] = 0, 1
		default:
			p := min(max(bp.msg[2*b.cellOf(l, k)+other], clamp), 1-clamp)
			bp.lc.wb[k], bp.lc.ww[k] = p, 1-p
		}
	}
	if !bp.lc.marginals(b.p.line(l), n, bp.out) {
		return
	}
	for k := range n {
		if bp.lc.wb[k] == 0 || bp.lc.ww[k] == 0 {
			continue // known
		}
		q, p := bp.out[k], bp.lc.wb[k]
		// Divide the incoming weight out: ext ∝ (q/p, (1−q)/(1−p)).
		xb, xw := q/p, (1-q)/(1-p)
		x := min(max(xb/(xb+xw), clamp), 1-clamp)
		i := 2*b.cellOf(l, k) + own
		bp.msg[i] = (bp.msg[i] + x) / 2
	}
}

// belief returns the probability that cell i is black.
func (bp *beliefs) belief(i int) float64 {
	r, c := bp.msg[2*i], bp.msg[2*i+1]
	return r * c / (r*c + (1-r)*(1-c))
}
