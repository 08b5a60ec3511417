package belief

import (
	"math/bits"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
)

// Line marginals over the feasible placements only.
//
// On a line of at most 64 cells the bit-parallel line solver gives, for
// each block j, the set V_j of its starts that occur in some completion
// consistent with the known cells (line.Bits.Starts). Deep in the search most
// lines are nearly known and these sets are small, while the band of the
// dynamic programme (count) depends on the clue alone. So the weights are
// summed over placements instead of cells:
//
//	Lf(j, a)  weight of cells 0..a−1 with blocks 0..j−1 placed there
//	          (cell a−1 white when j > 0): over a' in V_{j−1} ending
//	          before a, Lf(j−1, a') · black(a', L_{j−1}) · white(a'+L_{j−1}, a)
//	Rt(j, a)  weight of cells a+L_j..n−1 with blocks j+1..k−1 placed there
//	          (cell a+L_j white when inside the line)
//
// where black(a, L) is the product of the black weights of cells
// a..a+L−1 and white(x, y) that of the white weights of cells x..y−1 (0
// when one of them is known black), both quotients of prefix products
// taken by multiplying with reciprocals. A placement of block j at a
// weighs Lf(j, a) · black(a, L_j) · Rt(j, a); its cells get that black
// mass, and the placements of block 0 sum to the total. The gap cells of
// a pair of placements must hold no known black cell; the pairs that
// qualify form a window that slides along the starts, so each pass is
// linear in the starts (besides re-summing a window when a known black
// cell cuts it).

// countStarts is count (the same marginals, in out) for a line of n ≤ 64
// cells, with starts[j] the starts of block j that occur in some
// completion consistent with the known cells (weights 0 and 1); k ≥ 1.
func (lc *lineCounter) countStarts(clue nonogram.Clue, n int, starts []uint64, out []float64) bool {
	pb, ipb, pw, ipw, nbk := lc.prefixes(n)
	wb, ww := lc.wb[:n], lc.ww[:n]
	// The weights are (1, 0) for a known black cell, (0, 1) for a known
	// white one and (p, 1−p) with 0 < p < 1 otherwise; a known cell
	// leaves both products as they are.
	xb, xib, xw, xiw, nb := 1.0, 1.0, 1.0, 1.0, 0
	for i := range n {
		switch p := wb[i]; p {
		case 1:
			nb++
		case 0:
		default:
			xb *= p
			xib = 1 / xb
			xw *= ww[i]
			xiw = 1 / xw
		}
		pb[i+1], ipb[i+1], pw[i+1], ipw[i+1], nbk[i+1] = xb, xib, xw, xiw, nb
	}
	return lc.countPrefixed(clue, n, starts, out)
}

// prefixes returns lc's prefix arrays for a line of n cells, with their
// first entries (the empty prefix) set: pb and pw the products of the
// black and white weights of cells 0..i−1, ipb and ipw their
// reciprocals, nbk the count of known black cells among them: lc's own
// arrays (scratch).
func (lc *lineCounter) prefixes(n int) (pb, ipb, pw, ipw []float64, nbk []int) {
	pb, ipb, pw, ipw = line.Scratch(&lc.pb, n+1), line.Scratch(&lc.ipb, n+1), line.Scratch(&lc.pw, n+1), line.Scratch(&lc.ipw, n+1)
	nbk = line.Scratch(&lc.nbk, n+1)
	pb[0], ipb[0], pw[0], ipw[0], nbk[0] = 1, 1, 1, 1, 0
	return
}

// countPrefixed is countStarts with lc's prefix arrays already filled
// (prefixes and the products of the line's weights).
func (lc *lineCounter) countPrefixed(clue nonogram.Clue, n int, starts []uint64, out []float64) bool {
	k := len(clue)
	pb, ipb, pw, ipw, nbk := lc.pb[:n+1], lc.ipb[:n+1], lc.pw[:n+1], lc.ipw[:n+1], lc.nbk[:n+1]
	// Every start is feasible (it occurs in a completion consistent with
	// the known cells): its block covers no known white cell and ends
	// within the line, block 0 has no known black cell before it and
	// block k−1 none after it. bw is the block's black weight there.
	from, total := line.Scratch(&lc.from, k+1), 0
	for _, m := range starts[:k] {
		total += bits.OnesCount64(m)
	}
	at, bw := line.Scratch(&lc.at, total), line.Scratch(&lc.bw, total)
	lf, rt := line.Scratch(&lc.lf, total), line.Scratch(&lc.rt, total)
	t := 0
	for j, l := range clue {
		from[j] = t
		for m := starts[j]; m != 0; m &= m - 1 {
			a := bits.TrailingZeros64(m)
			at[t], bw[t] = a, pb[a+l]*ipb[a]
			t++
		}
	}
	from[k] = t

	// Forward: Lf.
	for t := from[0]; t < from[1]; t++ {
		lf[t] = pw[at[t]]
	}
	for j := 1; j < k; j++ {
		// The pairs (a', a) whose gap holds no known black cell: a' ends
		// before a, and the cell after it lies after the last known black
		// cell before a; both bounds grow with a, so a window of block
		// j−1's starts slides up, its sum kept (and recomputed when its
		// lower end moves, rather than subtracted from).
		l := clue[j-1]
		p0, p1, p2 := from[j-1], from[j], from[j+1]
		u, lo, sum := p0, p0, 0.0
		// With no known black cell from the first end of block j−1 to
		// the last start of block j, the window's lower end never moves.
		cut := nbk[at[p2-1]] != nbk[at[p0]+l]
		for t := p1; t < p2; t++ {
			a := at[t]
			for ; u < p1; u++ {
				e := at[u] + l
				if e >= a {
					break
				}
				sum += lf[u] * bw[u] * ipw[e]
			}
			if na := nbk[a]; cut && lo < u && na != nbk[at[lo]+l] {
				for lo < u && na != nbk[at[lo]+l] {
					lo++
				}
				sum = 0
				for x := lo; x < u; x++ {
					sum += lf[x] * bw[x] * ipw[at[x]+l]
				}
			}
			lf[t] = pw[a] * sum
		}
	}

	// Backward: Rt, and the black mass of each placement as a difference
	// array (a placement of weight 0 changes nothing: no test for it).
	mass := line.Scratch(&lc.mass, n+1)
	clear(mass)
	z := 0.0
	l := clue[k-1]
	for t := from[k-1]; t < from[k]; t++ {
		a := at[t]
		r := pw[n] * ipw[a+l]
		rt[t] = r
		m := lf[t] * bw[t] * r
		mass[a] += m
		mass[a+l] -= m
	}
	for j := k - 2; j >= 0; j-- {
		// The mirror image: a window of block j+1's starts slides down.
		l := clue[j]
		n0, n1 := from[j+1], from[j+2]
		u, hi, sum := n1-1, n1-1, 0.0
		cut := nbk[at[n1-1]] != nbk[at[from[j]]+l]
		for t := n0 - 1; t >= from[j]; t-- {
			a := at[t]
			g := a + l
			for ; u >= n0; u-- {
				a := at[u]
				if a <= g {
					break
				}
				sum += pw[a] * bw[u] * rt[u]
			}
			if ng := nbk[g]; cut && hi > u && nbk[at[hi]] != ng {
				for hi > u && nbk[at[hi]] != ng {
					hi--
				}
				sum = 0
				for x := hi; x > u; x-- {
					sum += pw[at[x]] * bw[x] * rt[x]
				}
			}
			r := ipw[g] * sum
			rt[t] = r
			m := lf[t] * bw[t] * r
			mass[a] += m
			mass[g] -= m
		}
	}
	for t := from[0]; t < from[1]; t++ {
		z += lf[t] * bw[t] * rt[t]
	}
	if !(z > 0) {
		return false
	}
	spreadMass(out[:n], mass, z)
	return true
}
