package chipfire

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// The bounded-winnability model.
//
// One integer f_v per vertex and one linear constraint per vertex,
// D(v) − deg(v)·f_v + Σ_{u~v} mult(u,v)·f_u ≥ 0. The domains make it
// complete (satisfiable exactly when D is winnable):
//
//   - By default (dharbox.go) f is normalised by f(q) = 0 and each f_v
//     lies in [−σ*_q(v), σ_q(v)]: the reduced script σ_q, the largest
//     script that keeps V∖q out of debt, wins whenever anything does, and
//     the box holds every script that leads to a divisor effective and
//     stable off q. q is the candidate vertex whose box needs the fewest
//     bits. The boxes are a few units wide on random games of up to 40
//     vertices, so the automatic integer encoding (Options.IntAuto) is the
//     order encoding there, and every random game of the benchmark is
//     decided in well under a second (benchmarks/results/chipfire.md),
//     where the box of the Green's function with windows and deepening
//     caps left 4 of 40 undecided after 30 s.
//   - With Options.Plain the model is the plain one: f_v ∈ 0..B,
//     B = WinBound (bound.go), and some f_v = 0. Bit-blasted integers that
//     wide are hard for CDCL, so SolveWin deepens: it assumes |f_v| ≤ c
//     for c = 1, 2, 3, 4, 6, 9, … (literals of the encoding, so one solver
//     keeps what it learns) and only the last call, without assumptions,
//     needs the whole box.

// WinModel is the bounded-winnability encoding of one game, written into a
// sink by EncodeWin.
type WinModel struct {
	g *Graph
	// Q is the vertex whose entry is fixed at 0, or −1 in the plain model
	// (min f = 0).
	Q int
	// Bound is the largest |f_v| the model allows (B in the plain model).
	Bound int64
	f     []*encode.Int
}

// EncodeWin writes the bounded-winnability model of D into s. It
// estimates the model's size first and refuses one beyond o.MaxClauses,
// and watches ctx while it computes the bounds and encodes (the clauses
// written when ctx ends stay in s). The error reports a divisor that does
// not fit g, a model too large (ErrModelTooLarge, with the estimate, or
// ErrTooLarge for the order encoding), ctx.Err(), an internal error of
// Dhar's reduction, or a PB method that does not apply to s.
func EncodeWin(ctx context.Context, s sat.Sink, g *Graph, d Divisor, o Options) (*WinModel, error) {
	if err := g.CheckDivisor(d); err != nil {
		return nil, err
	}
	n := len(d)
	if !o.Plain {
		box, ok, err := g.winBox(ctx, d)
		switch {
		case err != nil:
			return nil, err
		case ok:
			return encodeWin(ctx, s, g, d, o, box)
		}
	}
	b, err := winBound(ctx, g, d)
	if err != nil {
		return nil, err
	}
	box := dharBox{q: -1, lo: make([]int64, n), hi: make([]int64, n)}
	if !o.Plain { // no Dhar bounds on a graph this large: f(0) = 0 and ±B
		box.q = 0
		for v := 1; v < n; v++ {
			box.lo[v] = -b
		}
	}
	for v := range box.hi {
		if box.q < 0 || v > 0 {
			box.hi[v] = b
		}
	}
	return encodeWin(ctx, s, g, d, o, box)
}

// encodeWin is EncodeWin over the given domains: box.q ≥ 0 fixes f(q) = 0
// (box.lo[q] = box.hi[q] = 0), box.q < 0 is the plain model's min f = 0.
func encodeWin(ctx context.Context, s sat.Sink, g *Graph, d Divisor, o Options, box dharBox) (*WinModel, error) {
	m := &WinModel{g: g, Q: box.q}
	lo, hi := func(v int) int64 { return box.lo[v] }, func(v int) int64 { return box.hi[v] }
	var span int64
	for v := range d {
		span = max(span, hi(v)-lo(v))
		m.Bound = max(m.Bound, -lo(v), hi(v))
	}
	if err := o.checkDomains(len(d), span); err != nil {
		return nil, err
	}
	plain := box.q < 0
	size, err := estimate(ctx, g, lo, hi, o, o.PB.Applies(s) && o.PB == encode.PBNative, func(s sat.Sink, f []*encode.Int, v int) error {
		if plain {
			f[v].Le(s, 0) // its literal in the clause of atLeastOneZero
		}
		return m.constrain(s, f, d, v, o)
	})
	if err != nil {
		return nil, err
	}
	if plain {
		size.Clauses++ // the clause of atLeastOneZero
	}
	if err := o.checkSize("winnability", size); err != nil {
		return nil, err
	}
	m.f = make([]*encode.Int, len(d))
	for v := range d {
		if v%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		m.f[v] = encode.NewInt(s, lo(v), hi(v), o.intFor(lo(v), hi(v)))
	}
	for v := range d {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := m.constrain(s, m.f, d, v, o); err != nil {
			return nil, err
		}
	}
	if plain {
		atLeastOneZero(s, m.f)
	}
	return m, nil
}

// constrain writes the constraint of vertex v over the integers f.
func (m *WinModel) constrain(s sat.Sink, f []*encode.Int, d Divisor, v int, o Options) error {
	if err := encode.Linear(s, m.g.laplaceTerms(v, f), sat.AtLeast, -d[v], o.PB); err != nil {
		return fmt.Errorf("vertex %s: %w", m.g.names[v], err)
	}
	return nil
}

// Script decodes the script from a model of the sink's clauses, shifted so
// that its smallest entry is 0.
func (m *WinModel) Script(a sat.Assignment) Script { return normalize(values(m.f, a)) }

// Comments names the variables of each f_v, for --dimacs and --opb output.
func (m *WinModel) Comments() []string {
	head := fmt.Sprintf("chipfire winnability (plain model): f[v] = times v lends, in 0..%d (the script bound B), some f[v] = 0; D - L.f >= 0", m.Bound)
	if m.Q >= 0 {
		q := m.g.names[m.Q]
		head = fmt.Sprintf("chipfire winnability: f[v] = times v lends minus times %s lends (f[%s] = 0), within -%d..%d, each in its box below: at most the script to the %s-reduced divisor, at least minus the script to the %s-reduced form of deg - 1 - D; D - L.f >= 0",
			q, q, m.Bound, m.Bound, q, q)
	}
	return append([]string{head}, intComments("f", m.g, m.f)...)
}

// SATResult is a winnability answer from a SAT solver.
type SATResult struct {
	// Winnable is the answer.
	Winnable bool
	// Script is a winning script with smallest entry 0 (nil if
	// unwinnable); it has passed CheckWin.
	Script Script
	// Final is D − L·Script.
	Final Divisor
	// Bound is the largest |f_v| the model allowed.
	Bound int64
	// Q is the vertex whose entry the model fixed at 0, or −1 (the plain
	// model, min f = 0).
	Q int
}

// SolveWin decides the game with the bounded-winnability model on s (a
// fresh solver), deepening the script cap in the plain model as described
// above, and checks
// the decoded script with CheckWin. The error is
// that of EncodeWin, the solver's reason for an Unknown answer, or an
// internal error wrapping sat.ErrBadModel when the decoded script does not
// win (an encoding bug).
func SolveWin(ctx context.Context, g *Graph, d Divisor, s sat.Solver, o Options) (SATResult, error) {
	return solveWin(ctx, g, d, s, func(s sat.Sink) (*WinModel, error) { return EncodeWin(ctx, s, g, d, o) })
}

// solveWin is SolveWin with the model that enc writes.
func solveWin(ctx context.Context, g *Graph, d Divisor, s sat.Solver, enc func(sat.Sink) (*WinModel, error)) (SATResult, error) {
	var m *WinModel
	err := sat.EncodeContext(ctx, s, func(s sat.Sink) (err error) {
		m, err = enc(s)
		return err
	})
	if ctx.Err() != nil { // an encoding cut short is never solved
		return SATResult{}, ctx.Err()
	}
	if err != nil {
		return SATResult{}, err
	}
	var st sat.Status
	if m.Q < 0 {
		st, err = solveDeepening(ctx, s, m.f)
	} else {
		st, err = s.Solve(ctx)
	}
	if err != nil {
		return SATResult{}, err
	}
	res := SATResult{Bound: m.Bound, Q: m.Q}
	if st == sat.Unsat {
		return res, nil
	}
	res.Winnable, res.Script = true, m.Script(s.Model())
	if res.Final, err = g.Apply(d, res.Script); err == nil {
		err = g.CheckWin(d, res.Script)
	}
	if err != nil {
		return SATResult{}, fmt.Errorf("%w: decoded script %v: %v", sat.ErrBadModel, res.Script, err)
	}
	return res, nil
}

// solveDeepening solves s under the assumptions |x| ≤ c for every x in
// xs, c = 1, 2, 3, 4, 6, 9, … (each cap half again the last), while the
// cap is below the largest domain bound, then without assumptions; it
// returns at the first Sat.
func solveDeepening(ctx context.Context, s sat.Solver, xs []*encode.Int) (sat.Status, error) {
	var widest int64
	for _, x := range xs {
		widest = max(widest, -x.Lo(), x.Hi())
	}
	for c := int64(1); c < widest; c += max(1, c/2) {
		var as []sat.Lit
		for _, x := range xs {
			if x.Hi() > c {
				as = append(as, x.Le(s, c))
			}
			if x.Lo() < -c {
				as = append(as, x.Ge(s, -c))
			}
		}
		st, err := s.Solve(ctx, as...)
		if err != nil || st == sat.Sat {
			return st, err
		}
	}
	return s.Solve(ctx)
}
