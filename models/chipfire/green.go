package chipfire

import (
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// Per-vertex script boxes from the Green's function, certified exactly.
//
// Let L_0 be the Laplacian without vertex 0's row and column and
// G = L_0⁻¹, the Green's function of the graph with vertex 0 as the sink.
// L_0 is a non-singular M-matrix, so G ≥ 0 entrywise, and G(v,u) ≤ G(v,v)
// (G(v,u) = G(u,v) is G(v,v) times the chance that a walk from u reaches
// v before 0). A script f with f(0) = 0 and D − L·f = D' satisfies
// f = G·(D − D') on V∖0, so bounds on D' give a box for each f(v):
//
//   - a divisor effective and stable off 0 (0 ≤ D'(v) ≤ deg(v) − 1, the
//     windows of the rank and gonality models) has its script in
//     [G·(D − deg + 1), G·D];
//   - a rank certificate has D' = D − E − D'' with the same window for D''
//     and E effective of degree k, so the lower end drops by k·G(v,v);
//   - in the gonality model D − e_w − L·f^w is in the window and D is
//     effective of degree d, so f^w(v) ∈ [−G(v,w) − G·(deg − 1), d·G(v,v)].
//
// Floating point is used only for a first guess. The bounds themselves
// are integer vectors u checked exactly: L_0·u ≥ b on V∖0 implies
// u − G·b = G·(L_0·u − b) ≥ 0, so u is an upper bound on G·b whatever the
// rounding errors were (superharmonic). A guess that fails the check is
// repaired by raising u(v) at each vertex in deficit until none is left
// (as in the least-action principle of Fey, Levine and Peres); lower
// bounds are the negated upper bounds of −b. The entries of G itself are
// bounded the same way with b = M·e_w, M = greenScale. If anything fails
// (too many repairs, values too large) there is no box, and the models
// fall back to ±B, which is sound by bound.go.
//
// The boxes are far tighter than the level-set bound B when λ is small:
// on a random 30-vertex graph with a leaf, B = 2,146 while the boxes are a
// few dozen wide. gonum/mat factors L_0 densely (Cholesky), which is why
// the boxes exist up to maxGreen vertices only, and the bounds on entries
// of G (rank and gonality models) up to maxColumns vertices.

const (
	maxGreen   = 1500    // largest graph for which the models compute boxes
	maxColumns = 300     // largest graph for which entries of G are bounded
	greenScale = 1 << 16 // M: entries of G are bounded in units of 1/M
	greenLimit = 1 << 40 // largest magnitude of b, guesses and bounds
	maxDegree  = 1 << 20 // largest degree for which boxes are computed
)

// With |u|, |b| ≤ greenLimit and deg ≤ maxDegree every residual
// deg(v)·u(v) − Σ mult·u(w) − b(v) stays below 2⁶² in magnitude.

// greenFactor returns the Cholesky factorisation of L_0, or nil for a
// one-vertex graph, a graph above maxGreen vertices, or a failed
// factorisation. It is computed once per graph.
func (g *Graph) greenFactor() *mat.Cholesky {
	g.greenOnce.Do(func() {
		n := len(g.adj)
		if n < 2 || n > maxGreen || slices.Max(g.deg) > maxDegree {
			return
		}
		l := mat.NewSymDense(n-1, nil)
		for v := 1; v < n; v++ {
			l.SetSym(v-1, v-1, float64(g.deg[v]))
			for _, u := range g.adj[v] {
				if u.V > v {
					l.SetSym(v-1, u.V-1, -float64(u.Mult))
				}
			}
		}
		var c mat.Cholesky
		if c.Factorize(l) {
			g.green = &c
		}
	})
	return g.green
}

// upperGreen returns an integer vector u with u(0) = 0 and L_0·u ≥ b on
// V∖0, checked exactly, so that u ≥ G·b; b(0) is ignored. ok is false
// when there is no factorisation or the bound cannot be certified.
func (g *Graph) upperGreen(b []int64) (u []int64, ok bool) {
	c := g.greenFactor()
	if c == nil {
		return nil, false
	}
	n := len(g.adj)
	rhs := mat.NewVecDense(n-1, nil)
	for v := 1; v < n; v++ {
		if b[v] > greenLimit || b[v] < -greenLimit {
			return nil, false
		}
		rhs.SetVec(v-1, float64(b[v]))
	}
	var x mat.VecDense
	if c.SolveVecTo(&x, rhs) != nil {
		return nil, false
	}
	u = make([]int64, n)
	for v := 1; v < n; v++ {
		y := x.AtVec(v - 1)
		if !(y <= greenLimit && y >= -greenLimit) { // also catches NaN
			return nil, false
		}
		u[v] = int64(y) + 1 // at least ⌈y⌉; the check below decides
	}
	return u, g.repairSuper(u, b)
}

// repairSuper raises entries of u until L_0·u ≥ b holds exactly at every
// vertex but 0, and reports whether it got there within its step and size
// limits.
func (g *Graph) repairSuper(u, b []int64) bool {
	n := len(g.adj)
	queue := make([]int, 0, n)
	queued := make([]bool, n)
	for v := 1; v < n; v++ {
		queue, queued[v] = append(queue, v), true
	}
	for steps := 0; len(queue) > 0; {
		v := queue[0]
		queue, queued[v] = queue[1:], false
		r := int64(g.deg[v])*u[v] - b[v]
		for _, w := range g.adj[v] {
			r -= int64(w.Mult) * u[w.V]
		}
		if r >= 0 {
			continue
		}
		if steps++; steps > 64*n {
			return false
		}
		dv := int64(g.deg[v])
		u[v] += (-r + dv - 1) / dv
		if u[v] > greenLimit {
			return false
		}
		for _, w := range g.adj[v] {
			if w.V != 0 && !queued[w.V] {
				queue, queued[w.V] = append(queue, w.V), true
			}
		}
	}
	return true
}

// lowerGreen returns an integer vector l with l(0) = 0 and l ≤ G·b on
// V∖0: the negated upper bound of −b.
func (g *Graph) lowerGreen(b []int64) ([]int64, bool) {
	neg := make([]int64, len(b))
	for v, x := range b {
		neg[v] = -x
	}
	u, ok := g.upperGreen(neg)
	for v := range u {
		u[v] = -u[v]
	}
	return u, ok
}

// greenColumns returns c with M·G(v,w) ≤ c[w][v] for all v, w ≠ 0
// (M = greenScale), or nil above maxColumns vertices or if a column cannot
// be certified. It is computed once per graph.
func (g *Graph) greenColumns() [][]int64 {
	g.columnOnce.Do(func() {
		n := len(g.adj)
		if n > maxColumns {
			return
		}
		cols := make([][]int64, n)
		for w := 1; w < n; w++ {
			e := make([]int64, n)
			e[w] = greenScale
			u, ok := g.upperGreen(e)
			if !ok {
				return
			}
			cols[w] = u
		}
		g.columns = cols
	})
	return g.columns
}

// scaledUp returns an integer at least k·x/M for k, x ≥ 0 (x an entry of
// greenColumns), or false if it would exceed greenLimit.
func scaledUp(k, x int64) (int64, bool) {
	if k > 0 && x > greenLimit/k {
		return 0, false
	}
	return (k*x + greenScale - 1) / greenScale, true
}

// scriptBox holds per-vertex bounds lo[v] ≤ f(v) ≤ hi[v], with
// lo[0] = hi[0] = 0.
type scriptBox struct{ lo, hi []int64 }

// reducedBox returns a box containing the script with f(0) = 0 of every
// divisor D − E − L·f that is stable and effective off 0, for any
// effective E of degree k: [G·(D − deg + 1) − k·G(v,v), G·D], clamped to
// ±limit. ok is false when the bounds cannot be certified.
func (g *Graph) reducedBox(d Divisor, k, limit int64) (scriptBox, bool) {
	n := len(d)
	bottom := make([]int64, n)
	for v := 1; v < n; v++ {
		bottom[v] = d[v] - int64(g.deg[v]) + 1
	}
	hi, ok1 := g.upperGreen(d)
	lo, ok2 := g.lowerGreen(bottom)
	if !ok1 || !ok2 {
		return scriptBox{}, false
	}
	if k > 0 {
		cols := g.greenColumns()
		if cols == nil {
			return scriptBox{}, false
		}
		for v := 1; v < n; v++ {
			s, ok := scaledUp(k, cols[v][v])
			if !ok {
				return scriptBox{}, false
			}
			lo[v] -= s
		}
	}
	return clampBox(lo, hi, limit), true
}

// gonalityBox returns a box containing the script f with f(0) = 0 of every
// divisor D − e_w − L·f that is stable and effective off 0, for any
// effective D of degree d: [−G(v,w) − G·(deg − 1), d·G(v,v)], clamped to
// ±limit.
func (g *Graph) gonalityBox(w int, d, limit int64) (scriptBox, bool) {
	n := len(g.adj)
	cols := g.greenColumns()
	if cols == nil {
		return scriptBox{}, false
	}
	slack := make([]int64, n)
	for v := 1; v < n; v++ {
		slack[v] = int64(g.deg[v] - 1)
	}
	lo, ok := g.upperGreen(slack)
	if !ok {
		return scriptBox{}, false
	}
	hi := make([]int64, n)
	for v := 1; v < n; v++ {
		lo[v] = -lo[v]
		if w > 0 {
			lo[v] -= (cols[w][v] + greenScale - 1) / greenScale
		}
		if hi[v], ok = scaledUp(d, cols[v][v]); !ok {
			return scriptBox{}, false
		}
	}
	return clampBox(lo, hi, limit), true
}

// clampBox clamps certified bounds lo ≤ hi into −limit..limit; they stay
// ordered.
func clampBox(lo, hi []int64, limit int64) scriptBox {
	for v := range lo {
		lo[v] = min(max(lo[v], -limit), limit)
		hi[v] = min(max(hi[v], -limit), limit)
	}
	return scriptBox{lo: lo, hi: hi}
}

// bounds returns the range of each vertex's integer in the rank and
// gonality models: f(0) = 0, and the box (or ±limit without one)
// elsewhere.
func (b scriptBox) bounds(ok bool, limit int64) (lo, hi func(v int) int64) {
	lo = func(v int) int64 {
		switch {
		case v == 0:
			return 0
		case ok:
			return b.lo[v]
		}
		return -limit
	}
	hi = func(v int) int64 {
		switch {
		case v == 0:
			return 0
		case ok:
			return b.hi[v]
		}
		return limit
	}
	return lo, hi
}

// newBoxInts returns one integer per vertex within the box, or within
// −limit..limit (0 for vertex 0) when there is no box.
func newBoxInts(s sat.Sink, box scriptBox, ok bool, n int, limit int64, enc encode.IntEncoding) []*encode.Int {
	lo, hi := box.bounds(ok, limit)
	xs := make([]*encode.Int, n)
	for v := range xs {
		xs[v] = encode.NewInt(s, lo(v), hi(v), enc)
	}
	return xs
}

// span returns the largest width of the box (or 2·limit without one), for
// the order encoding's size check.
func (b scriptBox) span(ok bool, limit int64) int64 {
	if !ok {
		return 2 * limit
	}
	var w int64
	for v := range b.lo {
		w = max(w, b.hi[v]-b.lo[v])
	}
	return w
}
