package chipfire

import (
	"context"
	"fmt"
)

// Reduced is the q-reduced form of a divisor: the unique divisor in its
// class that is non-negative off q and whose restriction to V∖q is
// superstable (every set of vertices without q has a vertex with fewer
// dollars than edges leaving the set).
type Reduced struct {
	// Q is the distinguished vertex.
	Q int
	// Divisor is D_q.
	Divisor Divisor
	// Script satisfies D − L·Script = D_q, with Script[Q] = 0 and every
	// other entry ≥ 0 when D was non-negative off q.
	Script Script
	// Order is the order in which Dhar's last fire burnt the vertices,
	// Q first. When D_q(q) < 0, D_q ≤ ν_Order, which certifies that D is
	// unwinnable (see Certificate).
	Order []int
}

// Winnable reports whether D_q(q) ≥ 0, which holds exactly when D is
// winnable.
func (r Reduced) Winnable() bool { return r.Divisor[r.Q] >= 0 }

// Reduce computes the q-reduced divisor equivalent to D with Dhar's
// burning algorithm (Dhar 1990; Corry–Perkinson ch. 3):
//
//  1. Make D(v) ≥ 0 for v ≠ q: on graphs of 64 vertices or more, start
//     from the floor of a real solution (laplace.go); then let in-debt
//     vertices other than q borrow (a vertex in debt by x borrows
//     ⌈x/deg(v)⌉ times at once); q never borrows, so it acts as a bank and
//     the loop ends.
//  2. Light a fire at q; a vertex burns once more edges from burnt
//     vertices reach it than it has dollars. If everything burns, D is
//     q-reduced. Otherwise every unburnt vertex can afford to send one
//     dollar along each edge to the burnt set, so the unburnt set fires,
//     as many times at once as it legally can, and the fire is lit again.
//
// Every legal firing of a set without q raises the script towards the
// largest script f* that keeps V∖q out of debt, and the fire stops
// exactly there (f* is the q-reduced script), so the answer does not
// depend on how phase 1 went.
//
// Cost. The fire usually stops close to q, so the unburnt set is most of
// the graph. Firing it k times is the same as the burnt set B borrowing k
// times (L·1 = 0), so each round costs the volume of B, not of the graph:
// on a 100×100 grid with a random divisor, phase 2 takes thousands of
// rounds, and this turns seconds into milliseconds.
//
// The error reports a divisor that does not fit g, q out of range, a
// script beyond ±MaxScript, or ctx.Err().
func Reduce(ctx context.Context, g *Graph, d Divisor, q int) (Reduced, error) {
	return reduce(ctx, g, d, q, false)
}

// reduce is Reduce; with untilWon it stops as soon as D(q) ≥ 0 (the
// divisor is then effective, phase 2 never lowering D(q)), returning a
// winning script but not the reduced divisor.
func reduce(ctx context.Context, g *Graph, d Divisor, q int, untilWon bool) (Reduced, error) {
	if err := g.CheckDivisor(d); err != nil {
		return Reduced{}, err
	}
	n := len(d)
	if q < 0 || q >= n {
		return Reduced{}, fmt.Errorf("vertex %d out of range 0..%d", q, n-1)
	}
	cur, f, err := g.settle(ctx, d, q)
	if err != nil {
		return Reduced{}, err
	}
	b := newBurner(n)
	for step := 0; !untilWon || cur[q] < 0; step++ {
		if step&0x3f == 0 && ctx.Err() != nil {
			return Reduced{}, ctx.Err()
		}
		if b.burn(g, cur, q) == n {
			break
		}
		b.fireUnburnt(g, cur, f)
	}
	// f moved by constants (B borrowing for U firing): set f(q) = 0.
	fq := f[q]
	for v := range f {
		f[v] -= fq
		if f[v] > MaxScript || f[v] < -MaxScript {
			return Reduced{}, scriptRangeError(g, v)
		}
	}
	return Reduced{Q: q, Divisor: cur, Script: f, Order: b.order}, nil
}

// settle is phase 1: it returns D' = D − L·f with D'(v) ≥ 0 for v ≠ q and
// f(q) = 0.
func (g *Graph) settle(ctx context.Context, d Divisor, q int) (Divisor, Script, error) {
	var f Script
	if len(d) >= realStartFrom {
		f = g.realStart(ctx, d, q)
	}
	if f == nil {
		f = make(Script, len(d))
	}
	cur, err := g.Apply(d, f)
	if err != nil {
		return nil, nil, err
	}
	var queue []int
	for v, x := range cur {
		if v != q && x < 0 {
			queue = append(queue, v)
		}
	}
	for step := 0; len(queue) > 0; step++ {
		if step&0xfff == 0 && ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		v := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if cur[v] >= 0 {
			continue
		}
		dg := int64(g.deg[v])
		k := (-cur[v] + dg - 1) / dg
		f[v] -= k
		if f[v] < -MaxScript {
			return nil, nil, scriptRangeError(g, v)
		}
		g.Fire(cur, v, -k)
		for _, u := range g.adj[v] {
			// A neighbour that just went into debt is queued once: it
			// was at or above zero before this borrow.
			if u.V != q && cur[u.V] < 0 && cur[u.V]+k*int64(u.Mult) >= 0 {
				queue = append(queue, u.V)
			}
		}
	}
	return cur, f, nil
}

// burner holds the state of one of Dhar's fires.
type burner struct {
	burnt   []bool
	hits    []int64 // edges from burnt vertices
	order   []int   // burnt vertices, in burning order
	touched []int   // vertices whose burnt or hits entry is set
}

func newBurner(n int) *burner {
	return &burner{burnt: make([]bool, n), hits: make([]int64, n)}
}

// burn lights a fire at q on D and returns the number of burnt vertices.
// A vertex burns when the edges from burnt vertices outnumber its dollars.
// It costs the volume of the burnt set.
func (b *burner) burn(g *Graph, d Divisor, q int) int {
	for _, v := range b.touched {
		b.burnt[v], b.hits[v] = false, 0
	}
	b.touched = append(b.touched[:0], q)
	b.burnt[q] = true
	b.order = append(b.order[:0], q)
	for i := 0; i < len(b.order); i++ {
		for _, u := range g.adj[b.order[i]] {
			if b.burnt[u.V] {
				continue
			}
			if b.hits[u.V] == 0 {
				b.touched = append(b.touched, u.V)
			}
			b.hits[u.V] += int64(u.Mult)
			if b.hits[u.V] > d[u.V] {
				b.burnt[u.V] = true
				b.order = append(b.order, u.V)
			}
		}
	}
	return len(b.order)
}

// fireUnburnt fires the unburnt set U of the last burn k times, k as large
// as keeps every unburnt vertex out of debt (at least 1: each unburnt
// vertex holds at least as many dollars as it has edges to the burnt set).
// It does so as the burnt set borrowing k times, which has the same
// effect on D and changes the script only by a constant.
func (b *burner) fireUnburnt(g *Graph, d Divisor, f Script) {
	k := int64(-1)
	for _, v := range b.touched {
		if h := b.hits[v]; !b.burnt[v] {
			if t := d[v] / h; k < 0 || t < k {
				k = t
			}
		}
	}
	for _, v := range b.touched {
		if !b.burnt[v] {
			d[v] -= k * b.hits[v]
		}
	}
	for _, w := range b.order {
		f[w] -= k
		for _, u := range g.adj[w] {
			if !b.burnt[u.V] {
				d[w] += k * int64(u.Mult)
			}
		}
	}
}

// scriptRangeError reports a script entry beyond ±MaxScript.
func scriptRangeError(g *Graph, v int) error {
	return fmt.Errorf("vertex %s would fire more than 2^39 times: %w", g.names[v], ErrRange)
}

// Winnable decides the game with Dhar's algorithm and returns a winning
// script (normalised so that its smallest entry is 0) or, for an
// unwinnable D, nil and a certificate (see Certificate). It reduces at a
// central vertex (Center), which shortens the way dollars travel to q,
// and stops as soon as the divisor is effective. The error is that of
// Reduce.
func Winnable(ctx context.Context, g *Graph, d Divisor) (Script, *Certificate, error) {
	q, err := g.centerContext(ctx)
	if err != nil {
		return nil, nil, err
	}
	r, err := reduce(ctx, g, d, q, true)
	if err != nil {
		return nil, nil, err
	}
	if r.Winnable() {
		return normalize(r.Script), nil, nil
	}
	return nil, &Certificate{Order: r.Order, Script: r.Script}, nil
}

// normalize shifts f so that its smallest entry is 0.
func normalize(f Script) Script {
	m := f[0]
	for _, x := range f {
		m = min(m, x)
	}
	return f.Shift(-m)
}

// Equivalent reports whether D1 ~ D2 (D1 − D2 is in the image of L) by
// comparing their 0-reduced forms, and returns a script f with
// D1 − L·f = D2 when they are. The error is that of Reduce, or a length
// mismatch.
func Equivalent(ctx context.Context, g *Graph, d1, d2 Divisor) (bool, Script, error) {
	r1, err := Reduce(ctx, g, d1, 0)
	if err != nil {
		return false, nil, err
	}
	r2, err := Reduce(ctx, g, d2, 0)
	if err != nil {
		return false, nil, err
	}
	for v := range r1.Divisor {
		if r1.Divisor[v] != r2.Divisor[v] {
			return false, nil, nil
		}
	}
	f := make(Script, len(d1))
	for v := range f {
		f[v] = r1.Script[v] - r2.Script[v]
	}
	return true, f, nil
}
