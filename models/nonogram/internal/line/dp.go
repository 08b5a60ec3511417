package line

import (
	"github.com/satsolve/satsolve/models/nonogram"
)

// The exact line solver.
//
// Given a clue b_0..b_{k−1} and a partially known line of n cells, it finds
// every cell that has the same colour in all completions of the line, or
// reports that there is none. Two dynamic programmes over block placements
// do it in O(n·k) time:
//
//	F[j][i]  the first i cells can hold blocks 0..j−1 exactly
//	B[j][i]  cells i..n−1 can hold blocks j..k−1 exactly
//
// A cell can be white when F[j][c] and B[j][c+1] for some j; block j can
// start at a when its cells hold no white, its neighbours no black, and
// F[j][a−1] (the cell before it white) and B[j+1][a+b_j+1] hold. Every
// valid placement marks its cells "can be black" through a difference
// array, so the whole pass stays O(n·k). A cell that can only be one colour
// is fixed. This is the "complete" line solver of the literature (e.g.
// Batenburg and Kosters 2009; Wu et al. 2013 use the same recurrence);
// propagating it over rows and columns to a fixpoint is what the
// literature calls line solving.

// Solver holds the scratch space of the dynamic programme, reused
// between calls. The zero value is ready to use.
type Solver struct {
	fw, bw    []bool // (k+1)×(n+1), index j*(n+1)+i
	white     []int  // white[i] = number of White cells in [0, i)
	blackDiff []int
	canWhite  []bool
	Pre, Suf  []int // see band
	Jlo, Jhi  []int // see bounds
}

// Grow returns s with length n, reusing its array when it is big enough.
func Grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// Scratch returns (*s)[:n], first replacing *s by a new slice when its
// capacity is short of n. Unlike s = grow(s, n) it stores nothing when
// the capacity suffices: in the belief-propagation loops a store of a
// slice header costs a write barrier per call.
func Scratch[T any](s *[]T, n int) []T {
	if cap(*s) < n {
		*s = make([]T, n)
	}
	return (*s)[:n]
}

// Band computes pre and suf for the clue: pre[j] is the fewest cells
// blocks 0..j−1 need, suf[j] the fewest cells blocks j..k−1 need. Table
// entries F[j][i] with pre[j] > i or suf[j] > n−i are false in every
// completion, so the loops visit only the band between them: for a line of
// slack s the work is O(n·(s/L̄+1)) rather than O(n·k).
func (ls *Solver) Band(clue nonogram.Clue) {
	k := len(clue)
	ls.Pre = Grow(ls.Pre, k+1)
	ls.Suf = Grow(ls.Suf, k+1)
	ls.Pre[0] = 0
	for j := 1; j <= k; j++ {
		ls.Pre[j] = ls.Pre[j-1] + clue[j-1]
		if j > 1 {
			ls.Pre[j]++
		}
	}
	ls.Suf[k] = 0
	for j := k - 1; j >= 0; j-- {
		ls.Suf[j] = ls.Suf[j+1] + clue[j]
		if j < k-1 {
			ls.Suf[j]++
		}
	}
}

// Bounds fills jlo and jhi: at cell boundary i (before cell i) the block
// counts j with pre[j] ≤ i and suf[j] ≤ n−i are jlo[i]..jhi[i]. Both
// bounds grow with i, so this takes O(n+k).
func (ls *Solver) Bounds(n, k int) {
	ls.Jlo = Grow(ls.Jlo, n+1)
	ls.Jhi = Grow(ls.Jhi, n+1)
	lo, hi := 0, 0
	for i := 0; i <= n; i++ {
		for lo <= k && ls.Suf[lo] > n-i {
			lo++
		}
		for hi < k && ls.Pre[hi+1] <= i {
			hi++
		}
		ls.Jlo[i], ls.Jhi[i] = lo, hi
	}
}

// Solve refines line by the clue: it writes into out (len(line) cells)
// the colour of every cell that is the same in all completions and Unknown
// elsewhere, and returns true; or returns false when the line has no
// completion (out is then unspecified). out may alias line.
func (ls *Solver) Solve(clue nonogram.Clue, line, out []nonogram.Cell) bool {
	n, k := len(line), len(clue)
	w := n + 1
	if clue.MinLength() > n {
		return false
	}
	ls.Band(clue)
	ls.Bounds(n, k)
	ls.white = Grow(ls.white, n+1)
	ls.white[0] = 0
	for i, v := range line {
		ls.white[i+1] = ls.white[i]
		if v == nonogram.White {
			ls.white[i+1]++
		}
	}
	white := ls.white

	// Forward table.
	fw := Grow(ls.fw, (k+1)*w)
	ls.fw = fw
	clear(fw)
	fw[0] = true
	for i := 1; i <= n; i++ {
		canW := line[i-1] != nonogram.Black
		lo, hi := ls.Jlo[i], ls.Jhi[i]
		for j := lo; j <= hi; j++ {
			ok := canW && fw[j*w+i-1]
			if !ok && j > 0 {
				l := clue[j-1]
				if a := i - l; a >= 0 && white[i] == white[a] {
					if a == 0 {
						ok = j == 1
					} else {
						ok = line[a-1] != nonogram.Black && fw[(j-1)*w+a-1]
					}
				}
			}
			fw[j*w+i] = ok
		}
	}
	if !fw[k*w+n] {
		return false
	}

	// Backward table.
	bw := Grow(ls.bw, (k+1)*w)
	ls.bw = bw
	clear(bw)
	bw[k*w+n] = true
	for i := n - 1; i >= 0; i-- {
		canW := line[i] != nonogram.Black
		lo, hi := ls.Jlo[i], ls.Jhi[i]
		for j := hi; j >= lo; j-- {
			ok := canW && bw[j*w+i+1]
			if !ok && j < k {
				l := clue[j]
				if e := i + l; e <= n && white[e] == white[i] {
					if e == n {
						ok = j == k-1
					} else {
						ok = line[e] != nonogram.Black && bw[(j+1)*w+e+1]
					}
				}
			}
			bw[j*w+i] = ok
		}
	}

	// Cells that can be white.
	ls.canWhite = Grow(ls.canWhite, n)
	for c := 0; c < n; c++ {
		cw := false
		if line[c] != nonogram.Black {
			lo, hi := ls.Jlo[c], ls.Jhi[c]
			for j := lo; j <= hi && !cw; j++ {
				cw = fw[j*w+c] && bw[j*w+c+1]
			}
		}
		ls.canWhite[c] = cw
	}

	// Cells that can be black: every valid placement of every block.
	ls.blackDiff = Grow(ls.blackDiff, n+1)
	clear(ls.blackDiff)
	for j := 0; j < k; j++ {
		l := clue[j]
		for a := ls.firstStart(j); a <= n-ls.Suf[j]; a++ {
			if ls.placeable(clue, line, j, a) {
				ls.blackDiff[a]++
				ls.blackDiff[a+l]--
			}
		}
	}
	run := 0
	for c := 0; c < n; c++ {
		run += ls.blackDiff[c]
		cb := run > 0
		switch {
		case cb && ls.canWhite[c]:
			out[c] = nonogram.Unknown
		case cb:
			out[c] = nonogram.Black
		case ls.canWhite[c]:
			out[c] = nonogram.White
		default:
			return false
		}
	}
	return true
}

// Starts returns, for every block of the clue, the start positions that
// occur in some completion of line, in increasing order; nil when the line
// has no completion.
func (ls *Solver) Starts(clue nonogram.Clue, line []nonogram.Cell) [][]int {
	out := make([]nonogram.Cell, len(line))
	if !ls.Solve(clue, line, out) {
		return nil
	}
	res := make([][]int, len(clue))
	for j := range clue {
		for a := ls.firstStart(j); a <= len(line)-ls.Suf[j]; a++ {
			if ls.placeable(clue, line, j, a) {
				res[j] = append(res[j], a)
			}
		}
	}
	return res
}

// firstStart returns the leftmost start block j can have: the cells
// blocks 0..j−1 need plus one white cell.
func (ls *Solver) firstStart(j int) int {
	if j == 0 {
		return 0
	}
	return ls.Pre[j] + 1
}

// placeable reports whether block j can start at cell a in some completion
// of line. It reads the tables of the last successful solve of the same
// clue and line.
func (ls *Solver) placeable(clue nonogram.Clue, line []nonogram.Cell, j, a int) bool {
	n, k, l := len(line), len(clue), clue[j]
	w := n + 1
	e := a + l
	if ls.white[e] != ls.white[a] {
		return false
	}
	if a == 0 {
		if j != 0 {
			return false
		}
	} else if line[a-1] == nonogram.Black || !ls.fw[j*w+a-1] {
		return false
	}
	if e == n {
		return j == k-1
	}
	return line[e] != nonogram.Black && ls.bw[(j+1)*w+e+1]
}
