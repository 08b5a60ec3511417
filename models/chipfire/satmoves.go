package chipfire

import (
	"context"
	"errors"
	"fmt"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/sat"
)

// The minimum-moves model.
//
// A move is one lend or one borrow, so a script f costs Σ|f_v| moves and,
// unlike for winnability, scripts are not normalised: the best shift of a
// script is a median of its entries. Every script of fewest moves has
// min f ≤ 0 ≤ max f (otherwise shifting it towards 0 saves n moves) and
// costs at most C, the cost of any known winning script. The bounds come
// from reduced divisors (dharbox.go): every winning script satisfies
// f(v) − f(q) ≤ σ_q(v) for every pair q, v, σ_q the script to the
// q-reduced divisor; with min f ≤ 0 ≤ max f this bounds each entry,
// −max_b σ_v(b) ≤ f(v) ≤ max_a σ_a(v); and C is the cheapest of the n
// reduced scripts at their best shifts and of Options.Known. The model:
// f_v in those bounds and in −C..C, the winnability constraints, the n²
// difference bounds (binary clauses between order-encoded entries) and
// the objective Σ|f_v| (encode.Abs), which encode/optimize minimises and
// proves optimal. (Σ|f_v| ≤ C as a hard constraint, which the box ±C
// alone needed, no longer helps: 2.8 against 3.0 CPU seconds over 80
// winnable games of up to 30 vertices.) Every optimal script satisfies all
// of it, so nothing real is cut off (TestMovesBoundsKeepOptima, with a
// mutation that tightens one bound by one). Above maxPairs vertices only
// the candidates of winBox give difference bounds (none above maxDhar),
// and the entries are bounded by ±min(B, C), B = WinBound. Following Siqueira (2018), this is
// the ILP min Σ(a_v + b_v) s.t. D − L(a − b) ≥ 0 over Z≥0 with f = a − b.
//
// On the benchmark's random winnable games the difference bounds made the
// optimum provable in tens of milliseconds up to 30 vertices where the
// box ±C alone took seconds and 30-vertex games at p = 0.3 timed out
// after 300 s (benchmarks/results/chipfire.md).

// MovesOptions configures MinMoves.
type MovesOptions struct {
	Options
	// Strategy is the optimisation strategy (encode/optimize).
	Strategy optimize.Strategy
	// Known, when positive, is the cost of a known winning script; the
	// model's cap C is the least of it and the costs of the reduced
	// scripts.
	Known int64
}

// MovesModel is the minimum-moves encoding of one game, written into a
// sink by EncodeMoves.
type MovesModel struct {
	g *Graph
	// Bound is the largest |f_v| the model allows.
	Bound int64
	// Cap is C, the cost of the cheapest script known, which bounds every
	// |f_v| (0: no script known, D being unwinnable).
	Cap    int64
	f      []*encode.Int
	obj    []sat.Term
	offset int64
}

// EncodeMoves writes the minimum-moves model of D into s: the constraints
// and, through Objective, the cost. As EncodeWin, it refuses a model whose
// estimated size exceeds o.MaxClauses and watches ctx. The error is that
// of EncodeWin.
func EncodeMoves(ctx context.Context, s sat.Sink, g *Graph, d Divisor, o MovesOptions) (*MovesModel, error) {
	if err := g.CheckDivisor(d); err != nil {
		return nil, err
	}
	pb, err := g.movesBounds(ctx, d)
	if err != nil {
		return nil, err
	}
	known := o.Known
	if pb.known != nil && (known <= 0 || pb.known.Moves() < known) {
		known = pb.known.Moves()
	}
	lo, hi, ok := pb.absolute()
	if !ok {
		u, err := winBound(ctx, g, d)
		if err != nil {
			return nil, err
		}
		lo, hi = make([]int64, len(d)), make([]int64, len(d))
		for v := range lo {
			lo[v], hi[v] = -u, u
		}
	}
	return encodeMoves(ctx, s, g, d, o.Options, pb, dharBox{q: -1, lo: lo, hi: hi}, known)
}

// encodeMoves is EncodeMoves with the difference bounds pb, the entries
// within box and, when known > 0, within ±known.
func encodeMoves(ctx context.Context, s sat.Sink, g *Graph, d Divisor, o Options, pb pairBounds, box dharBox, known int64) (*MovesModel, error) {
	m := &MovesModel{g: g, Cap: known}
	lo, hi := box.lo, box.hi
	var span int64
	for v := range lo {
		if known > 0 {
			lo[v], hi[v] = max(lo[v], -known), min(hi[v], known)
		}
		span = max(span, hi[v]-lo[v])
		m.Bound = max(m.Bound, -lo[v], hi[v])
	}
	if err := o.checkDomains(len(d), span); err != nil {
		return nil, err
	}
	low, high := func(v int) int64 { return lo[v] }, func(v int) int64 { return hi[v] }
	size, err := estimate(ctx, g, low, high, o, o.PB.Applies(s) && o.PB == encode.PBNative, func(s sat.Sink, f []*encode.Int, v int) error {
		if err := m.constrain(s, f, d, pb, v, o.PB); err != nil {
			return err
		}
		_, _, err := encode.Abs(s, f[v], o.PB)
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := o.checkSize("minimum-moves", size); err != nil {
		return nil, err
	}
	m.f = make([]*encode.Int, len(d))
	for v := range m.f {
		if v%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		m.f[v] = encode.NewInt(s, lo[v], hi[v], o.intFor(lo[v], hi[v]))
	}
	for v := range d {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := m.constrain(s, m.f, d, pb, v, o.PB); err != nil {
			return nil, fmt.Errorf("vertex %s: %w", g.names[v], err)
		}
	}
	for _, x := range m.f {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ts, c, err := encode.Abs(s, x, o.PB)
		if err != nil {
			return nil, err
		}
		m.obj = append(m.obj, ts...)
		m.offset += c
	}
	return m, nil
}

// constrain writes the constraints of vertex v: winnability at v, and
// the difference bounds f(u) − f(v) ≤ σ_v(u) when v is one of the q of pb.
func (m *MovesModel) constrain(s sat.Sink, f []*encode.Int, d Divisor, pb pairBounds, v int, method encode.PBMethod) error {
	if err := encode.Linear(s, m.g.laplaceTerms(v, f), sat.AtLeast, -d[v], method); err != nil {
		return err
	}
	i := pb.row[v]
	if i < 0 {
		return nil
	}
	for u, k := range pb.s[i] {
		if u != v {
			if err := atMostApart(s, f[u], f[v], k, method); err != nil {
				return err
			}
		}
	}
	return nil
}

// atMostApart adds x − y ≤ k: one binary clause per value of y when both
// are order-encoded (y ≤ a implies x ≤ a + k), a linear constraint
// otherwise, nothing when the domains imply it.
func atMostApart(s sat.Sink, x, y *encode.Int, k int64, method encode.PBMethod) error {
	if x.Hi()-y.Lo() <= k {
		return nil
	}
	if x.Encoding() != encode.IntOrder || y.Encoding() != encode.IntOrder {
		return encode.Linear(s, []encode.IntTerm{{Coef: 1, X: x}, {Coef: -1, X: y}}, sat.AtMost, k, method)
	}
	for a := y.Lo(); a <= y.Hi() && a+k < x.Hi(); a++ {
		s.AddClause(y.Le(s, a).Not(), x.Le(s, a+k))
	}
	return nil
}

// Objective returns the cost Σ|f_v| as terms plus a constant.
func (m *MovesModel) Objective() ([]sat.Term, int64) { return m.obj, m.offset }

// Script decodes the script from a model of the sink's clauses.
func (m *MovesModel) Script(a sat.Assignment) Script { return values(m.f, a) }

// Comments names the variables of each f_v and the objective, for --dimacs
// and --opb output.
func (m *MovesModel) Comments() []string {
	head := fmt.Sprintf("chipfire min-moves: f[v] = lends (negative: borrows) of v, each in its range below, within -%d..%d; f[v] - f[q] at most the script to the q-reduced divisor at v; sum |f[v]| <= %d; minimise sum |f[v]| (objective constant %d)", m.Bound, m.Bound, m.Cap, m.offset)
	return append([]string{head}, intComments("f", m.g, m.f)...)
}

// MovesResult is the outcome of MinMoves.
type MovesResult struct {
	// Winnable is false when no script wins.
	Winnable bool
	// Optimal reports that no script wins in fewer moves.
	Optimal bool
	// Moves is Σ|Script|.
	Moves int64
	// Script wins the game (checked with CheckWin); nil if unwinnable.
	Script Script
	// Final is D − L·Script.
	Final Divisor
	// Bound is the largest |f_v| the model allowed.
	Bound int64
}

// MinMoves finds a winning script with the fewest moves on s (a fresh
// solver) and proves it optimal. If the search is interrupted after a
// script was found, the result holds it with Optimal false and the error
// says why. The error is also that of EncodeMoves, optimize.Minimize, or
// an internal error wrapping sat.ErrBadModel when the script does not win
// or does not cost what the optimiser claims.
func MinMoves(ctx context.Context, g *Graph, d Divisor, s sat.Solver, o MovesOptions) (MovesResult, error) {
	return minMoves(ctx, g, d, s, o.Strategy, func(s sat.Sink) (*MovesModel, error) { return EncodeMoves(ctx, s, g, d, o) })
}

// minMoves is MinMoves with the model that enc writes.
func minMoves(ctx context.Context, g *Graph, d Divisor, s sat.Solver, st optimize.Strategy, enc func(sat.Sink) (*MovesModel, error)) (MovesResult, error) {
	var m *MovesModel
	err := sat.EncodeContext(ctx, s, func(s sat.Sink) (err error) {
		m, err = enc(s)
		return err
	})
	if ctx.Err() != nil { // an encoding cut short is never solved
		return MovesResult{}, ctx.Err()
	}
	if err != nil {
		return MovesResult{}, err
	}
	obj, offset := m.Objective()
	opt, oerr := optimize.Minimize(ctx, s, obj, st)
	res := MovesResult{Bound: m.Bound}
	switch opt.Status {
	case sat.Unsat:
		return res, oerr
	case sat.Unknown:
		if oerr == nil {
			oerr = errors.New("optimiser gave no answer")
		}
		return res, oerr
	}
	res.Winnable, res.Optimal = true, opt.Optimal
	res.Script = m.Script(opt.Model)
	res.Moves = res.Script.Moves()
	if res.Final, err = g.Apply(d, res.Script); err == nil {
		err = g.CheckWin(d, res.Script)
	}
	if err == nil && res.Moves != opt.Cost+offset {
		err = fmt.Errorf("optimiser reports %d moves", opt.Cost+offset)
	}
	if err != nil {
		return MovesResult{}, fmt.Errorf("%w: decoded script %v (%d moves): %v", sat.ErrBadModel, res.Script, res.Moves, err)
	}
	return res, oerr
}
