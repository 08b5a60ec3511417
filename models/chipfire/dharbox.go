package chipfire

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Script bounds from reduced divisors: what Dhar's algorithm tells the
// SAT models.
//
// The largest script. Let σ_q be the script with σ_q(q) = 0 that takes D
// to its q-reduced divisor D_q = D − L·σ_q (effective off q, and V∖q
// superstable: every non-empty S ⊆ V∖q holds a vertex with fewer dollars
// than edges out of S). Then every script f with f(q) = 0 that keeps V∖q
// out of debt satisfies f ≤ σ_q. Proof: let τ = f − σ_q and suppose its
// maximum t is positive; S = {v : τ(v) = t} avoids q, and at v ∈ S,
// (L·τ)(v) ≥ outdeg_S(v), each edge out of S carrying a difference of at
// least 1, so (D − L·f)(v) = D_q(v) − (L·τ)(v) ≤ D_q(v) − outdeg_S(v);
// superstability gives a v ∈ S where this is negative, a contradiction.
// (This is the least-action principle behind Dhar's algorithm: the fire
// stops at the largest legal script.) Two consequences:
//
//   - D is winnable exactly when σ_q wins, i.e. D_q(q) ≥ 0: a winning f
//     (shifted to f(q) = 0) has f ≤ σ_q, and (D − L·f)(q) =
//     D(q) + Σ_u mult·f(u) ≤ D_q(q).
//   - Every winning script, unnormalised, has f(v) − f(q) ≤ σ_q(v) for
//     every pair q, v: n² difference bounds from n reductions.
//
// The smallest stable script. E = D − L·f is stable off q (E(v) ≤
// deg(v) − 1) exactly when D* − L·(−f) ≥ 0 off q, D* = deg − 1 − D; so
// by the same theorem −f ≤ σ*_q, the reduced script of D*: every script
// that leads to a divisor effective and stable off q lies in
// [−σ*_q, σ_q], and both ends are attained (at the recurrent and at the
// superstable representative). The box holds σ_q, which wins whenever
// anything does, so the winnability model over it is complete; its width
// at v is G·(deg − 1 − D_q − D*_q)(v), G the Green's function of q (green.go),
// a few units to a few dozen on random games of up to 40 vertices, where
// the level-set bound B of bound.go runs into the thousands.
//
// The models do not take σ_q on trust: maxScript checks that D − L·σ_q is
// q-reduced with CheckReduced, a single fire written from the definition
// and independent of Reduce, so a wrong reduction is an internal error and
// never a wrong bound. The SAT solver is not told σ_q: it searches the box
// and its script is replayed by CheckWin.
//
// Which q. The widths depend on q: a vertex of high degree near the middle
// of the graph gives the narrowest boxes (on a random 30-vertex game, 65
// bits of log-encoded integers at the best q against 146 at vertex 0).
// winBox tries every vertex of graphs of up to allCandidates vertices and
// the maxCandidates of highest degree on larger ones, and keeps the q
// whose box needs the fewest bits. Above maxDhar vertices, where a
// reduction can take seconds (a 100×100 grid: 5 s) and no SAT model is
// within reach anyway, there are no Dhar bounds: the models fall back on
// ±B.

const (
	allCandidates = 64      // graphs up to this size try every vertex as q
	maxCandidates = 8       // larger ones try this many, highest degree first
	maxDhar       = 2000    // largest graph for which the models compute Dhar's bounds
	maxPairs      = 256     // largest graph for which all n² difference bounds are used
	orderWidth    = 32      // widest domain the automatic choice encodes in order
	widthLimit    = 1 << 40 // widest box entry kept (wider: an error)
)

// maxScript returns σ_q and checks, by CheckReduced, that D − L·σ_q is the
// q-reduced divisor. The error is that of Reduce, or an internal error.
func (g *Graph) maxScript(ctx context.Context, d Divisor, q int) (Script, error) {
	r, err := Reduce(ctx, g, d, q)
	if err != nil {
		return nil, err
	}
	dq, err := g.Apply(d, r.Script)
	if err == nil && !slices.Equal(dq, r.Divisor) {
		err = fmt.Errorf("D − L·f is %v, Dhar's algorithm says %v", dq, r.Divisor)
	}
	if err == nil {
		err = g.CheckReduced(dq, q)
	}
	if err != nil {
		return nil, fmt.Errorf("internal error: Dhar's reduction at %s: %v", g.names[q], err)
	}
	return r.Script, nil
}

// stableDual returns D* = deg − 1 − D off q (0 at q): the divisor whose
// q-reduced script bounds from below the scripts that leave D stable off q.
func (g *Graph) stableDual(d Divisor, q int) Divisor {
	ds := make(Divisor, len(d))
	for v := range d {
		if v != q {
			ds[v] = int64(g.deg[v]) - 1 - d[v]
		}
	}
	return ds
}

// dharBox is a per-vertex box for scripts normalised by f(q) = 0.
type dharBox struct {
	q      int
	lo, hi []int64
}

// bits returns the bits of log-encoded integers over the box.
func (b dharBox) bits() float64 {
	var s float64
	for v := range b.lo {
		s += math.Log2(float64(b.hi[v]-b.lo[v]) + 1)
	}
	return s
}

// winBox returns the box [−σ*_q, σ_q] of the candidate q that needs the
// fewest bits, or ok false above maxDhar vertices and when a value or a
// script is out of range (ErrRange: D* beyond MaxValue, a script beyond
// MaxScript, a box wider than widthLimit). The error is that of maxScript.
func (g *Graph) winBox(ctx context.Context, d Divisor) (box dharBox, ok bool, err error) {
	box, err = g.tightestBox(ctx, d)
	switch {
	case errors.Is(err, ErrRange):
		return dharBox{}, false, nil
	case err != nil:
		return dharBox{}, false, err
	}
	return box, box.lo != nil, nil
}

// tightestBox is winBox, with ErrRange as an error and an empty box above
// maxDhar vertices.
func (g *Graph) tightestBox(ctx context.Context, d Divisor) (dharBox, error) {
	qs := g.candidates()
	var best dharBox
	bestBits := math.Inf(1)
	for _, q := range qs {
		hi, err := g.maxScript(ctx, d, q)
		if err != nil {
			return dharBox{}, err
		}
		low, err := g.maxScript(ctx, g.stableDual(d, q), q)
		if err != nil {
			return dharBox{}, err
		}
		lo := make([]int64, len(d))
		for v := range lo {
			lo[v] = min(-low[v], hi[v]) // −σ* ≤ σ by the theorem; min keeps σ in the box regardless
			if hi[v]-lo[v] > widthLimit {
				return dharBox{}, fmt.Errorf("the script of vertex %s ranges over more than 2^40 values: %w", g.names[v], ErrRange)
			}
		}
		c := dharBox{q: q, lo: lo, hi: hi}
		if bits := c.bits(); bits < bestBits {
			best, bestBits = c, bits
		}
	}
	return best, nil
}

// candidates returns the vertices winBox tries as q: all of a small graph,
// the maxCandidates of highest degree (ties: lowest index) of a larger
// one, none above maxDhar vertices.
func (g *Graph) candidates() []int {
	n := len(g.adj)
	if n > maxDhar {
		return nil
	}
	qs := make([]int, n)
	for v := range qs {
		qs[v] = v
	}
	if n <= allCandidates {
		return qs
	}
	slices.SortStableFunc(qs, func(a, b int) int { return g.deg[b] - g.deg[a] })
	return qs[:maxCandidates]
}

// pairBounds holds difference bounds f(v) − f(q) ≤ s[i][v] for every
// winning script f, q = qs[i], and the cheapest winning script among the
// reduced scripts (nil if D is unwinnable).
type pairBounds struct {
	qs    []int
	row   []int // row[q] = i for q = qs[i], −1 for the other vertices
	s     [][]int64
	known Script
}

// movesBounds returns the difference bounds of every q (of the candidates
// of winBox above maxPairs vertices, none above maxDhar or when a script
// is out of range), with the cheapest shift of each reduced script that
// wins. The error is that of maxScript.
func (g *Graph) movesBounds(ctx context.Context, d Divisor) (pairBounds, error) {
	n := len(g.adj)
	var pb pairBounds
	if n <= maxPairs {
		pb.qs = make([]int, n)
		for v := range pb.qs {
			pb.qs[v] = v
		}
	} else {
		pb.qs = g.candidates()
	}
	pb.row = make([]int, n)
	for v := range pb.row {
		pb.row[v] = -1
	}
	for i, q := range pb.qs {
		pb.row[q] = i
		s, err := g.maxScript(ctx, d, q)
		if errors.Is(err, ErrRange) {
			for v := range pb.row {
				pb.row[v] = -1
			}
			return pairBounds{row: pb.row}, nil
		}
		if err != nil {
			return pairBounds{}, err
		}
		pb.s = append(pb.s, s)
		if g.CheckWin(d, s) == nil {
			if f := s.Fewest(); pb.known == nil || f.Moves() < pb.known.Moves() {
				pb.known = f
			}
		}
	}
	return pb, nil
}

// absolute returns per-vertex bounds lo ≤ f(v) ≤ hi for every winning
// script with min f ≤ 0 ≤ max f, which every script of fewest moves has
// (shifting one that does not towards 0 saves n moves): with a = argmin f
// and b = argmax f, f(v) ≤ f(a) + s(a, v) ≤ s(a, v) and
// f(v) ≥ f(b) − s(v, b) ≥ −s(v, b). ok is false unless the bounds cover
// every q.
func (pb pairBounds) absolute() (lo, hi []int64, ok bool) {
	n := len(pb.row)
	if len(pb.qs) != n {
		return nil, nil, false
	}
	lo, hi = make([]int64, n), make([]int64, n)
	for i, q := range pb.qs {
		for v, x := range pb.s[i] {
			hi[v] = max(hi[v], x)  // s(q, v), q playing a
			lo[q] = min(lo[q], -x) // −s(q, v): q playing v, v playing b
		}
	}
	return lo, hi, true
}
