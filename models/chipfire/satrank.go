package chipfire

import (
	"context"
	"fmt"
	"slices"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// The rank certificate model.
//
// Baker–Norine dichotomy: D is unwinnable exactly when D − L·f ≤ ν_π for
// some vertex order π and script f, with ν_π(v) = (edges from v to
// earlier vertices) − 1 (Dhar's burning order gives π). So r(D) < k
// exactly when some effective E of degree k, order π and script f satisfy
// D − E − L·f ≤ ν_π, and r(D) + 1 is the least such k (the condition is
// monotone in k).
//
// Dhar's algorithm from q = vertex 0 gives such a certificate with q
// first in π and D − E − L·f non-negative off q (the q-reduced divisor),
// so the model asks for that special form too, which pins each
// D(v) − E_v − (L·f)(v), v ≠ q, to the window 0..ν_π(v) and makes the
// certificate unique up to the order: far stronger propagation when every
// D − E is winnable and the solver must prove that no certificate exists.
//
// Variables: E_v ∈ 0..k with Σ E_v = k; a level t_v per vertex, t_q = 0 and
// t_v ∈ 1..n−1 otherwise; one literal p_uv per adjacent pair u < v meaning
// "u comes before v", with p_uv → t_u < t_v and ¬p_uv → t_v < t_u (so the
// orientation is acyclic and comes from an order starting at q); a script
// with f(q) = 0 and each f(v) in its box (green.go) within ±B,
// B = CertBound(G, D, k). Per vertex v:
//
//	D(v) − E_v − deg(v)·f_v + Σ_u mult·f_u ≤ Σ_u mult·[u before v] − 1,
//	D(v) − E_v − deg(v)·f_v + Σ_u mult·f_u ≥ 0   (v ≠ q).

// CertModel is the encoding of "r(D) < k", written into a sink by
// EncodeCert.
type CertModel struct {
	g *Graph
	// K is the degree of E.
	K int64
	// Bound is the script bound.
	Bound int64
	e, t  []*encode.Int
	f     []*encode.Int
}

// EncodeCert writes the model of "there is an effective E of degree k with
// D − E unwinnable" into s; k = 0 gives the unwinnability certificate of D.
// The error reports a divisor that does not fit g, k < 0, a model too
// large for the order encoding, or a PB method that does not apply to s.
func EncodeCert(s sat.Sink, g *Graph, d Divisor, k int64, o Options) (*CertModel, error) {
	if err := g.CheckDivisor(d); err != nil {
		return nil, err
	}
	if k < 0 || k > MaxValue {
		return nil, fmt.Errorf("degree of E %d outside 0..2^30", k)
	}
	n := len(d)
	b := CertBound(g, d, k)
	box, ok := g.reducedBox(d, k, b)
	if err := o.checkDomains(n, box.span(ok, b)); err != nil {
		return nil, err
	}
	m := &CertModel{g: g, K: k, Bound: b,
		e: newInts(s, n, 0, k, o.Int),
		t: make([]*encode.Int, n),
		f: newBoxInts(s, box, ok, n, b, o.Int),
	}
	m.t[0] = encode.NewInt(s, 0, 0, o.Int)
	for v := 1; v < n; v++ {
		m.t[v] = encode.NewInt(s, 1, int64(n-1), o.Int)
	}
	sum := make([]encode.IntTerm, n)
	for v, x := range m.e {
		sum[v] = encode.IntTerm{Coef: 1, X: x}
	}
	if err := encode.Linear(s, sum, sat.Equal, k, o.PB); err != nil {
		return nil, err
	}
	// before[v] collects the terms mult·[u before v].
	before := make([][]sat.Term, n)
	for u, ns := range g.adj {
		for _, x := range ns {
			v := x.V
			if v < u {
				continue
			}
			p := sat.Lit(s.NewVar())
			if err := m.less(s, p, u, v, o.PB); err != nil {
				return nil, err
			}
			if err := m.less(s, -p, v, u, o.PB); err != nil {
				return nil, err
			}
			before[v] = append(before[v], sat.Term{Coef: -int64(x.Mult), Lit: p})
			before[u] = append(before[u], sat.Term{Coef: -int64(x.Mult), Lit: -p})
		}
	}
	for v := range d {
		ts := append(g.laplaceTerms(v, m.f), encode.IntTerm{Coef: -1, X: m.e[v]})
		c, err := encode.LinearPB(ts, sat.AtMost, -1-d[v])
		if err != nil {
			return nil, err
		}
		c.Terms = append(c.Terms, before[v]...)
		if err := encode.PB(s, c, o.PB); err != nil {
			return nil, fmt.Errorf("vertex %s: %w", g.names[v], err)
		}
		if v == 0 {
			continue
		}
		if err := encode.Linear(s, ts, sat.AtLeast, -d[v], o.PB); err != nil {
			return nil, fmt.Errorf("vertex %s: %w", g.names[v], err)
		}
	}
	return m, nil
}

// less adds p → t_u < t_v.
func (m *CertModel) less(s sat.Sink, p sat.Lit, u, v int, pb encode.PBMethod) error {
	ts := []encode.IntTerm{{Coef: 1, X: m.t[v]}, {Coef: -1, X: m.t[u]}}
	return encode.Linear(encode.Guard(s, p), ts, sat.AtLeast, 1, pb)
}

// Certificate decodes E, the order (vertices sorted by level) and the
// script from a model of the sink's clauses.
func (m *CertModel) Certificate(a sat.Assignment) Certificate {
	t := values(m.t, a)
	order := make([]int, len(t))
	for v := range order {
		order[v] = v
	}
	slices.SortStableFunc(order, func(x, y int) int { return int(t[x] - t[y]) })
	return Certificate{E: values(m.e, a), Order: order, Script: values(m.f, a)}
}

// Comments names the variables, for --dimacs and --opb output.
func (m *CertModel) Comments() []string {
	out := []string{fmt.Sprintf("chipfire rank certificate: E effective of degree %d, levels t give the order, D - E - L f <= nu (script bound %d)", m.K, m.Bound)}
	out = append(out, intComments("E", m.g, m.e)...)
	out = append(out, intComments("t", m.g, m.t)...)
	return append(out, intComments("f", m.g, m.f)...)
}

// SolveCert decides "r(D) < k" on s (a fresh solver). It returns a checked
// certificate (see CheckCertificate), or nil when every D − E of degree k
// is winnable. The error is that of EncodeCert, the solver's reason for
// Unknown, or an internal error wrapping sat.ErrBadModel when the decoded
// certificate fails the check.
func SolveCert(ctx context.Context, g *Graph, d Divisor, k int64, s sat.Solver, o Options) (*Certificate, error) {
	var m *CertModel
	err := sat.EncodeContext(ctx, s, func(s sat.Sink) (err error) {
		m, err = EncodeCert(s, g, d, k, o)
		return err
	})
	if ctx.Err() != nil { // an encoding cut short is never solved
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	st, err := s.Solve(ctx)
	if err != nil || st == sat.Unsat {
		return nil, err
	}
	c := m.Certificate(s.Model())
	if err := g.CheckCertificate(d, k, c); err != nil {
		return nil, fmt.Errorf("%w: decoded certificate: %v", sat.ErrBadModel, err)
	}
	return &c, nil
}

// RankOptions configures Rank.
type RankOptions struct {
	Options
	// Pure scans k from 0 on D itself, so that the answer rests on SAT
	// answers alone; otherwise Rank uses Riemann–Roch (see Rank).
	Pure bool
}

// RankResult is the outcome of Rank.
type RankResult struct {
	// Rank is r(D).
	Rank int
	// Dual reports that the scan ran on K − D and Rank is
	// deg D + 1 − g + r(K − D) (Riemann–Roch).
	Dual bool
	// Scanned is the divisor whose rank the scan computed: D, or K − D
	// when Dual.
	Scanned Divisor
	// Witness proves r(Scanned) < r(Scanned) + 1: an effective E of that
	// degree with Scanned − E unwinnable, and its certificate (checked).
	Witness Certificate
	// Start is the first k tried; for every k from Start to r(Scanned),
	// the solver proved every Scanned − E of degree k winnable.
	Start int64
	// Lower, when ctx stopped the scan, is the least r(D) it proved
	// (Riemann–Roch and the degrees finished; −1 if nothing): Rank is then
	// unknown. It is −1 with any other error.
	Lower int
}

// Rank computes r(D) by scanning k upward and solving "r(D) < k" with a
// fresh solver from newSolver each time; the first satisfiable k is
// r(D) + 1.
//
// Unless Pure, Riemann–Roch (r(D) − r(K − D) = deg D + 1 − g) shortens
// the work: when deg D > g − 1 the scan runs on K − D, of smaller degree
// (so with fewer and easier unsatisfiable steps), and the scan starts at
// max(0, deg − g + 1), since r ≥ deg − g. The scan must stop by
// k = max(0, deg) + 1, where every divisor of degree deg − k is
// unwinnable. The error is that of SolveCert; when ctx ends, the result
// holds the lower bound proved so far (Lower).
func Rank(ctx context.Context, g *Graph, d Divisor, newSolver func() sat.Solver, o RankOptions) (RankResult, error) {
	if err := g.CheckDivisor(d); err != nil {
		return RankResult{Lower: -1}, err
	}
	// The script bounds need λ (n − 1 max-flows): computed here, where ctx
	// can stop it, it is cached for the encoders.
	if _, err := g.edgeConnectivityContext(ctx); err != nil {
		return RankResult{Lower: -1}, err
	}
	genus := int64(g.Genus())
	res := RankResult{Scanned: d}
	if !o.Pure && d.Deg() > genus-1 {
		res.Dual = true
		res.Scanned = g.Canonical()
		for v := range d {
			res.Scanned[v] -= d[v]
		}
		if err := g.CheckDivisor(res.Scanned); err != nil {
			return RankResult{Lower: -1}, fmt.Errorf("K − D: %w", err)
		}
	}
	x, name := res.Scanned, "D"
	if res.Dual {
		name = "K − D"
	}
	if !o.Pure {
		res.Start = max(0, x.Deg()-genus+1)
	}
	for k := res.Start; ; k++ {
		c, err := SolveCert(ctx, g, x, k, newSolver(), o.Options)
		if err != nil && ctx.Err() != nil {
			// Every degree below k is done: r(x) ≥ k − 1.
			res.Lower = int(k - 1)
			if res.Dual {
				res.Lower += int(d.Deg() + 1 - genus)
			}
			return res, fmt.Errorf("r(%s) < %d: %w", name, k, err)
		}
		if err != nil {
			return RankResult{Lower: -1}, fmt.Errorf("r(%s) < %d: %w", name, k, err)
		}
		if c != nil {
			res.Rank, res.Witness = int(k-1), *c
			break
		}
		if k > max(0, x.Deg()) {
			return RankResult{Lower: -1}, fmt.Errorf("internal error: the solver finds %v − E winnable for every E of degree %d > deg", x, k)
		}
	}
	if res.Dual {
		res.Rank += int(d.Deg() + 1 - genus)
	}
	return res, nil
}
