package chipfire

import (
	"context"
	"math"
)

// A real-valued start for q-reduction.
//
// Phase 1 of Dhar's algorithm (dhar.go) lets vertices in debt borrow, with
// q as the bank. When D owes much more than it holds away from q, that
// debt reaches q only by diffusion, a random walk per dollar: 28 million
// borrows (5 s) for a random degree-4,900 divisor on a 100×100 grid. The
// real solution moves it in one step. Let x solve L_q·x = D − (deg − 1)
// on V∖q (L_q: the Laplacian without q's row and column) and f = ⌊x⌋,
// f(q) = 0. With e = x − f ∈ [0, 1), (L_q·e)(v) > −deg(v), so
// D − L·f = deg − 1 + L_q·e > −1 off q: f is legal, and the configuration
// it leaves sits near deg(v) − 1, the top of the superstable range, so
// that Dhar's fire only has to carry a surplus of about one dollar per
// vertex to q, which it does a whole cut at a time. (Aiming lower risks a
// deficit, which has to diffuse back out from q; aiming at 0 took 39 s on
// the same grid.)
//
// gonum has no sparse linear solver, so this is a preconditioned conjugate
// gradient (Hestenes–Stiefel 1952, with the Jacobi preconditioner diag L),
// written here over the adjacency lists. Only speed depends on its
// accuracy: a vertex left in debt by rounding errors borrows in phase 1,
// and the integer phases are exact whatever start they are given.

// realStartFrom is the graph size from which Reduce starts from the real
// solution; below it, plain borrowing is as fast. It is a variable so that
// the tests can check that both paths give the same reduced divisor.
var realStartFrom = 64

// realStart returns ⌊L_q⁻¹·(D − deg + 1)⌋ with f(q) = 0 (see above), or
// nil when the solve does not produce usable numbers.
func (g *Graph) realStart(ctx context.Context, d Divisor, q int) Script {
	n := len(g.adj)
	x := make([]float64, n)
	r := make([]float64, n)
	z := make([]float64, n)
	p := make([]float64, n)
	ap := make([]float64, n)
	var bmax float64
	for v := range r {
		if v != q {
			r[v] = float64(d[v] - int64(g.deg[v]) + 1)
			bmax = max(bmax, math.Abs(r[v]))
		}
	}
	if bmax == 0 {
		return make(Script, n)
	}
	precondition := func() float64 {
		var rz float64
		for v := range r {
			z[v] = r[v] / float64(g.deg[v])
			rz += r[v] * z[v]
		}
		return rz
	}
	rz := precondition()
	copy(p, z)
	tol := 0.05
	maxIter := 4*n + 100
	for it := 0; it < maxIter; it++ {
		if it&0x3f == 0 && ctx.Err() != nil {
			return nil
		}
		g.reducedLaplacian(ap, p, q)
		var pap float64
		for v := range p {
			pap += p[v] * ap[v]
		}
		if pap <= 0 || math.IsNaN(pap) {
			break
		}
		alpha := rz / pap
		var rmax float64
		for v := range x {
			x[v] += alpha * p[v]
			r[v] -= alpha * ap[v]
			rmax = max(rmax, math.Abs(r[v]))
		}
		if rmax < tol {
			break
		}
		rzNew := precondition()
		beta := rzNew / rz
		rz = rzNew
		for v := range p {
			p[v] = z[v] + beta*p[v]
		}
	}
	f := make(Script, n)
	for v, xv := range x {
		if math.IsNaN(xv) || math.Abs(xv) > MaxScript/4 {
			return nil
		}
		f[v] = int64(math.Floor(xv))
	}
	f[q] = 0
	return f
}

// reducedLaplacian sets out = L_q·p, treating p(q) as 0 and out(q) as 0.
func (g *Graph) reducedLaplacian(out, p []float64, q int) {
	for v, ns := range g.adj {
		if v == q {
			out[v] = 0
			continue
		}
		s := float64(g.deg[v]) * p[v]
		for _, u := range ns {
			if u.V != q {
				s -= float64(u.Mult) * p[u.V]
			}
		}
		out[v] = s
	}
}
