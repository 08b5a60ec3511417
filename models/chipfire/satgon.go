package chipfire

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// The gonality model.
//
// dgon(G) ≤ d exactly when some effective D of degree d has rank ≥ 1,
// that is, D − v is winnable for every vertex v. Any such D is equivalent
// to one with D(0) ≥ 1 (D − v_0 is winnable), so the model fixes that.
// Variables: D_v ∈ 0..d with Σ D_v = d and D_0 ≥ 1; for every vertex w a
// script f^w ∈ 0..B (min 0) with D − e_w − L·f^w ≥ 0, where
// B = ⌊(n−1)·d/λ⌋ bounds every winning script of D − e_w (bound.go:
// deg⁺(D − e_w) ≤ d). Unless Options.Plain the script must reach a
// divisor effective and stable off vertex 0 (windows), whose values
// off vertex 0 lie in 0..deg(v)−1, with f^w(0) = 0 and each f^w(v) in its
// box (green.go): the same answers, stronger propagation (the Petersen
// graph's gonality, 4, takes 30 s without the windows). That is n² + n
// integers (Gijswijt, Smit and van der Wegen show that computing gonality
// is NP-hard).

// GonalityModel is the encoding of "dgon(G) ≤ d", written into a sink by
// EncodeGonality.
type GonalityModel struct {
	g *Graph
	// Degree is d.
	Degree int64
	// Bound is the script bound.
	Bound   int64
	d       []*encode.Int
	scripts [][]*encode.Int
}

// EncodeGonality writes the model of "some effective divisor of degree d
// has rank ≥ 1" into s. The error reports d outside 1..MaxValue, a model
// too large for the order encoding, or a PB method that does not apply
// to s.
func EncodeGonality(s sat.Sink, g *Graph, d int64, o Options) (*GonalityModel, error) {
	if d < 1 || d > MaxValue {
		return nil, fmt.Errorf("degree %d outside 1..2^30", d)
	}
	n := len(g.adj)
	b := scriptBound(g, d)
	if err := o.checkDomains(n*(n+1), 2*b); err != nil {
		return nil, err
	}
	m := &GonalityModel{g: g, Degree: d, Bound: b, d: newInts(s, n, 0, d, o.Int)}
	sum := make([]encode.IntTerm, n)
	for v, x := range m.d {
		sum[v] = encode.IntTerm{Coef: 1, X: x}
	}
	if err := encode.Linear(s, sum, sat.Equal, d, o.PB); err != nil {
		return nil, err
	}
	s.AddClause(m.d[0].Ge(s, 1))
	for w := range n {
		var f []*encode.Int
		if o.Plain {
			f = newInts(s, n, 0, b, o.Int)
		} else {
			box, ok := g.gonalityBox(w, d, b)
			f = newBoxInts(s, box, ok, n, b, o.Int)
		}
		m.scripts = append(m.scripts, f)
		for v := range n {
			ts := append(g.laplaceTerms(v, f), encode.IntTerm{Coef: 1, X: m.d[v]})
			k := int64(0)
			if v == w {
				k = 1
			}
			if err := encode.Linear(s, ts, sat.AtLeast, k, o.PB); err != nil {
				return nil, fmt.Errorf("vertex %s: %w", g.names[v], err)
			}
			if v > 0 && !o.Plain {
				if err := encode.Linear(s, ts, sat.AtMost, k+int64(g.deg[v])-1, o.PB); err != nil {
					return nil, fmt.Errorf("vertex %s: %w", g.names[v], err)
				}
			}
		}
		if o.Plain {
			atLeastOneZero(s, f)
		}
	}
	return m, nil
}

// Witness decodes D and the scripts from a model of the sink's clauses.
func (m *GonalityModel) Witness(a sat.Assignment) (Divisor, []Script) {
	scripts := make([]Script, len(m.scripts))
	for w, f := range m.scripts {
		scripts[w] = values(f, a)
	}
	return values(m.d, a), scripts
}

// Comments names the variables, for --dimacs and --opb output.
func (m *GonalityModel) Comments() []string {
	out := []string{fmt.Sprintf("chipfire gonality: D effective of degree %d with D[%s] >= 1, one script fW per vertex W with D - W - L fW >= 0 (bound %d)",
		m.Degree, m.g.names[0], m.Bound)}
	out = append(out, intComments("D", m.g, m.d)...)
	for w, f := range m.scripts {
		out = append(out, intComments("f"+m.g.names[w], m.g, f)...)
	}
	return out
}

// GonalityResult is the outcome of Gonality.
type GonalityResult struct {
	// Gonality is dgon(G).
	Gonality int
	// Divisor is an effective divisor of that degree and rank ≥ 1.
	Divisor Divisor
	// Scripts[v] wins D − v.
	Scripts []Script
}

// Gonality computes dgon(G) by solving "dgon ≤ d" for d = 1, 2, … with a
// fresh solver from newSolver each time; the search ends by d = g + 1,
// where every effective divisor has rank ≥ 1. Each witness is checked
// with CheckGonality. The error is that of EncodeGonality, the solver's
// reason for Unknown, or an internal error wrapping sat.ErrBadModel.
func Gonality(ctx context.Context, g *Graph, newSolver func() sat.Solver, o Options) (GonalityResult, error) {
	// The script bounds need λ (n − 1 max-flows): computed here, where
	// ctx can stop it, it is cached for the encoders.
	if _, err := g.edgeConnectivityContext(ctx); err != nil {
		return GonalityResult{}, err
	}
	for d := int64(1); ; d++ {
		s := newSolver()
		var m *GonalityModel
		err := sat.EncodeContext(ctx, s, func(s sat.Sink) (err error) {
			m, err = EncodeGonality(s, g, d, o)
			return err
		})
		if ctx.Err() != nil { // an encoding cut short is never solved
			return GonalityResult{}, fmt.Errorf("dgon ≤ %d: %w", d, ctx.Err())
		}
		if err != nil {
			return GonalityResult{}, err
		}
		st, err := s.Solve(ctx)
		if err != nil {
			return GonalityResult{}, fmt.Errorf("dgon ≤ %d: %w", d, err)
		}
		if st == sat.Sat {
			div, scripts := m.Witness(s.Model())
			if err := g.CheckGonality(div, d, scripts); err != nil {
				return GonalityResult{}, fmt.Errorf("%w: decoded gonality witness: %v", sat.ErrBadModel, err)
			}
			return GonalityResult{Gonality: int(d), Divisor: div, Scripts: scripts}, nil
		}
		if d > int64(g.Genus()) {
			return GonalityResult{}, fmt.Errorf("internal error: the solver finds no divisor of degree %d > genus with rank ≥ 1", d)
		}
	}
}
