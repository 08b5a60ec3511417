package chipfire

import (
	"fmt"
	"strings"
)

// The checks in this file test answers against the rules of the game
// directly: they replay scripts with Apply and count neighbours, and never
// look at an encoding, so they catch encoding bugs.

// CheckWin reports whether f wins the game D: D − L·f has no negative
// entry. The error names the first vertex left in debt.
func (g *Graph) CheckWin(d Divisor, f Script) error {
	e, err := g.Apply(d, f)
	if err != nil {
		return err
	}
	for v, x := range e {
		if x < 0 {
			return fmt.Errorf("script leaves vertex %s with %d", g.names[v], x)
		}
	}
	return nil
}

// CheckReduced reports whether D is q-reduced: D(v) ≥ 0 for every v ≠ q,
// and every non-empty set S of vertices without q holds a vertex v with
// fewer dollars than edges from v out of S (V∖q is superstable). The test
// is one fire, written here from that rule and independent of Reduce: q
// burns, and a vertex burns once the edges joining it to burnt vertices
// outnumber its dollars; a set left unburnt would be a set S whose
// vertices all hold at least their edges out of S. The error names a
// vertex in debt or the vertices left unburnt.
func (g *Graph) CheckReduced(d Divisor, q int) error {
	if len(d) != len(g.adj) {
		// Values beyond MaxValue are allowed: a reduced divisor can pile
		// far more dollars on q than any vertex of a game holds.
		return fmt.Errorf("divisor has %d values, the graph %d vertices", len(d), len(g.adj))
	}
	if q < 0 || q >= len(d) {
		return fmt.Errorf("vertex %d out of range 0..%d", q, len(d)-1)
	}
	for v, x := range d {
		if v != q && x < 0 {
			return fmt.Errorf("vertex %s is in debt (%d)", g.names[v], x)
		}
	}
	toBurnt := make([]int64, len(d))
	burnt := make([]bool, len(d))
	burnt[q] = true
	stack := []int{q}
	count := 1
	for len(stack) > 0 {
		w := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, u := range g.adj[w] {
			if burnt[u.V] {
				continue
			}
			toBurnt[u.V] += int64(u.Mult)
			if toBurnt[u.V] > d[u.V] {
				burnt[u.V] = true
				stack = append(stack, u.V)
				count++
			}
		}
	}
	if count == len(d) {
		return nil
	}
	var left []string
	for v, b := range burnt {
		if !b && len(left) < 8 {
			left = append(left, g.names[v])
		}
	}
	more := ""
	if len(d)-count > len(left) {
		more = " …"
	}
	return fmt.Errorf("not %s-reduced: vertices %s%s (%d) each hold at least their edges out of the set", g.names[q], strings.Join(left, " "), more, len(d)-count)
}

// Nu returns ν_π, ν_π(v) = (number of edges from v to vertices before v
// in the order π) − 1. The error reports an order that is not a
// permutation of the vertices.
func (g *Graph) Nu(order []int) (Divisor, error) {
	n := len(g.adj)
	if len(order) != n {
		return nil, fmt.Errorf("order has %d vertices, the graph has %d", len(order), n)
	}
	pos := make([]int, n)
	for i := range pos {
		pos[i] = -1
	}
	for i, v := range order {
		if v < 0 || v >= n || pos[v] >= 0 {
			return nil, fmt.Errorf("order is not a permutation of the vertices (entry %d is %d)", i, v)
		}
		pos[v] = i
	}
	nu := make(Divisor, n)
	for v, ns := range g.adj {
		nu[v] = -1
		for _, u := range ns {
			if pos[u.V] < pos[v] {
				nu[v] += int64(u.Mult)
			}
		}
	}
	return nu, nil
}

// Certificate proves that D − E is unwinnable (Baker–Norine dichotomy):
// with ν_π as in Nu, D − E − L·Script ≤ ν_π. E is nil for the plain
// unwinnability certificate of D.
type Certificate struct {
	// E is the effective divisor taken away (nil means zero).
	E Divisor
	// Order is a vertex order π.
	Order []int
	// Script is the firing script f.
	Script Script
}

// CheckCertificate reports whether c proves that D − c.E is unwinnable,
// and that c.E is effective of degree k (k = 0 when c.E is nil).
func (g *Graph) CheckCertificate(d Divisor, k int64, c Certificate) error {
	target := d
	if c.E != nil {
		if err := g.CheckDivisor(c.E); err != nil {
			return fmt.Errorf("E: %w", err)
		}
		if !c.E.Effective() {
			return fmt.Errorf("E = %v is not effective", c.E)
		}
		target = make(Divisor, len(d))
		for v := range d {
			target[v] = d[v] - c.E[v]
		}
	}
	var degE int64
	if c.E != nil {
		degE = c.E.Deg()
	}
	if degE != k {
		return fmt.Errorf("E has degree %d, want %d", degE, k)
	}
	nu, err := g.Nu(c.Order)
	if err != nil {
		return err
	}
	e, err := g.Apply(target, c.Script)
	if err != nil {
		return err
	}
	for v := range e {
		if e[v] > nu[v] {
			return fmt.Errorf("vertex %s: D − E − L·f = %d exceeds ν_π = %d", g.names[v], e[v], nu[v])
		}
	}
	return nil
}

// CheckGonality reports whether D is an effective divisor of degree d of
// rank at least 1, witnessed by scripts: D − v − L·scripts[v] ≥ 0 for
// every vertex v.
func (g *Graph) CheckGonality(d Divisor, deg int64, scripts []Script) error {
	if err := g.CheckDivisor(d); err != nil {
		return err
	}
	if !d.Effective() || d.Deg() != deg {
		return fmt.Errorf("D = %v is not effective of degree %d", d, deg)
	}
	if len(scripts) != len(d) {
		return fmt.Errorf("%d scripts for %d vertices", len(scripts), len(d))
	}
	dv := make(Divisor, len(d))
	for v := range d {
		copy(dv, d)
		dv[v]--
		if err := g.CheckWin(dv, scripts[v]); err != nil {
			return fmt.Errorf("D − %s: %w", g.names[v], err)
		}
	}
	return nil
}
