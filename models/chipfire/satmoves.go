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
// script is a median of its entries. An optimal script has
// min f ≤ 0 ≤ max f (otherwise shifting it towards 0 saves n moves), and
// its range is at most B = WinBound (bound.go), so |f_v| ≤ B; it also
// costs at most the cost C of any known winning script, so |f_v| ≤ C.
// The model takes f_v ∈ −U..U with U = min(B, C), the winnability
// constraints, Σ|f_v| ≤ C when C is known (so that the first model is
// already cheap: without it, random 30-vertex games whose optimum is 4
// moves start from models of hundreds of moves and no optimum is proved
// in 15 s), and the objective Σ|f_v| (encode.Abs), minimised by
// encode/optimize, which proves the optimum. Following Siqueira (2018),
// this is the ILP min Σ(a_v + b_v) s.t. D − L(a − b) ≥ 0 over Z≥0 with
// f = a − b.

// MovesOptions configures MinMoves.
type MovesOptions struct {
	Options
	// Strategy is the optimisation strategy (encode/optimize).
	Strategy optimize.Strategy
	// Known, when positive, is the cost of a known winning script (such
	// as the Fewest shift of a Dhar script); it caps the domains.
	Known int64
}

// MovesModel is the minimum-moves encoding of one game, written into a
// sink by EncodeMoves.
type MovesModel struct {
	g *Graph
	// Bound is U, the largest |f_v| the model allows.
	Bound  int64
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
	u := WinBound(g, d)
	if o.Known > 0 {
		u = min(u, o.Known)
	}
	if err := o.checkDomains(len(d), 2*u); err != nil {
		return nil, err
	}
	m := &MovesModel{g: g, Bound: u}
	span := func(int) int64 { return u }
	neg := func(int) int64 { return -u }
	size, err := estimate(ctx, g, neg, span, o.Options, o.PB.Applies(s) && o.PB == encode.PBNative, func(s sat.Sink, f []*encode.Int, v int) error {
		if err := encode.Linear(s, g.laplaceTerms(v, f), sat.AtLeast, -d[v], o.PB); err != nil {
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
		m.f[v] = encode.NewInt(s, -u, u, o.Int)
	}
	for v := range d {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := encode.Linear(s, g.laplaceTerms(v, m.f), sat.AtLeast, -d[v], o.PB); err != nil {
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
	if o.Known > 0 {
		// A known script costs Known, so the optimum costs no more.
		if err := encode.PB(s, sat.PB{Terms: m.obj, Op: sat.AtMost, K: o.Known - m.offset}, o.PB); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// Objective returns the cost Σ|f_v| as terms plus a constant.
func (m *MovesModel) Objective() ([]sat.Term, int64) { return m.obj, m.offset }

// Script decodes the script from a model of the sink's clauses.
func (m *MovesModel) Script(a sat.Assignment) Script { return values(m.f, a) }

// Comments names the variables of each f_v and the objective, for --dimacs
// and --opb output.
func (m *MovesModel) Comments() []string {
	head := fmt.Sprintf("chipfire min-moves: f[v] = lends (negative: borrows) of v in -%d..%d; minimise sum |f[v]| (objective constant %d)", m.Bound, m.Bound, m.offset)
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
	var m *MovesModel
	err := sat.EncodeContext(ctx, s, func(s sat.Sink) (err error) {
		m, err = EncodeMoves(ctx, s, g, d, o)
		return err
	})
	if ctx.Err() != nil { // an encoding cut short is never solved
		return MovesResult{}, ctx.Err()
	}
	if err != nil {
		return MovesResult{}, err
	}
	obj, offset := m.Objective()
	opt, oerr := optimize.Minimize(ctx, s, obj, o.Strategy)
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
