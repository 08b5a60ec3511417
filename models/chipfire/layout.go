package chipfire

import (
	"math"
	"math/rand/v2"
)

// Drawing a game: vertex positions in the plane.
//
// Layout is the force-directed method of Fruchterman and Reingold
// ("Graph drawing by force-directed placement", Software: Practice and
// Experience 21, 1991): every pair of vertices repels with force k²/d,
// every edge attracts its ends with force d²/k (k = √(area/n), the ideal
// edge length), and each vertex moves along its net force by at most a
// "temperature" that cools linearly to zero, so the layout settles
// instead of oscillating, and no step can run away. Positions start at
// random (seeded) in the unit square and stay in it (a vertex pushed past
// an edge of the square stops there, as in the paper's frame, which keeps
// leaves from flying off and squeezing the rest); stress majorization
// (see stress) then evens out the distances, vertices lying on edges
// they do not belong to are moved off them (clearEdges), the result is
// scaled to fill the square and, since the forces can leave two vertices almost on top of
// each other, pushed apart until no two are closer than a fraction of the
// square that depends on n. The same graph and seed always give the same
// picture.
//
// gonum has a force layout (graph/layout.EadesR2) and it was tried first:
// on a random 60-vertex graph its gradient steps diverged to NaN, and its
// Barnes–Hut tree then recursed without end, a fatal stack overflow that
// no recover can catch. A server cannot call that on user input, so the
// layout is written here, in O(n²) per step, with n capped below. On the
// levels and random games of the browser game, the force layout alone
// crowded dense cores around long leaves; the stress pass fixed that, as
// the screenshots showed.

// layoutSteps is the number of steps of the force layout.
const layoutSteps = 300

// maxForceLayout is the largest graph laid out by forces; larger graphs
// get a circle (every step looks at every pair, and nobody plays a dollar
// game on hundreds of vertices by clicking).
const maxForceLayout = 500

// Point is a position in the unit square, X to the right, Y downwards.
type Point struct{ X, Y float64 }

// Layout returns a position in [0, 1]² for every vertex: a force-directed
// layout seeded by seed (so the same graph and seed give the same
// picture), or a circle for graphs beyond 500 vertices. Up to that
// size no two positions are closer than MinSeparation(n) (if the forces
// and the pushing apart cannot achieve it, the vertices go on a grid).
func (g *Graph) Layout(seed uint64) []Point {
	n := g.N()
	switch {
	case n == 1:
		return []Point{{0.5, 0.5}}
	case n > maxForceLayout:
		return circle(n)
	}
	pts := g.forces(seed)
	g.stress(pts)
	if !normalize01(pts) {
		return gridLayout(n)
	}
	g.clearEdges(pts, MinSeparation(n)/2)
	// Pushing points apart can move some outside the square, and scaling
	// back brings them closer again; a few rounds settle it.
	d := MinSeparation(n)
	for range 20 {
		separate(pts, d*1.05)
		normalize01(pts)
		if minDistance(pts) >= d {
			return pts
		}
	}
	return gridLayout(n)
}

// forces runs the Fruchterman–Reingold iteration from random positions.
func (g *Graph) forces(seed uint64) []Point {
	n := g.N()
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	pts := make([]Point, n)
	for v := range pts {
		pts[v] = Point{rng.Float64(), rng.Float64()}
	}
	k := math.Sqrt(1 / float64(n))
	disp := make([]Point, n)
	for step := range layoutSteps {
		clear(disp)
		for u := range pts {
			for v := u + 1; v < n; v++ {
				dx, dy := pts[u].X-pts[v].X, pts[u].Y-pts[v].Y
				d2 := dx*dx + dy*dy
				if d2 < 1e-18 {
					// Coincident: repel along a direction fixed by u and v.
					a := float64(u*7919+v) * 0.618
					dx, dy, d2 = 1e-9*math.Cos(a), 1e-9*math.Sin(a), 1e-18
				}
				f := k * k / d2 // force k²/d along the unit vector (dx, dy)/d
				disp[u].X, disp[u].Y = disp[u].X+dx*f, disp[u].Y+dy*f
				disp[v].X, disp[v].Y = disp[v].X-dx*f, disp[v].Y-dy*f
			}
		}
		for u, nbrs := range g.adj {
			for _, nb := range nbrs {
				if nb.V <= u {
					continue
				}
				v := nb.V
				dx, dy := pts[u].X-pts[v].X, pts[u].Y-pts[v].Y
				f := math.Hypot(dx, dy) / k // force d²/k along the unit vector
				disp[u].X, disp[u].Y = disp[u].X-dx*f, disp[u].Y-dy*f
				disp[v].X, disp[v].Y = disp[v].X+dx*f, disp[v].Y+dy*f
			}
		}
		temp := 0.1 * (1 - float64(step)/layoutSteps)
		for v := range pts {
			l := math.Hypot(disp[v].X, disp[v].Y)
			if l == 0 || math.IsNaN(l) || math.IsInf(l, 0) {
				continue
			}
			s := min(l, temp) / l
			pts[v].X = min(1, max(0, pts[v].X+disp[v].X*s))
			pts[v].Y = min(1, max(0, pts[v].Y+disp[v].Y*s))
		}
	}
	return pts
}

// MinSeparation returns the least distance Layout keeps between two of n
// vertices: half the spacing of a √n × √n grid in the unit square.
func MinSeparation(n int) float64 {
	return 0.5 / math.Max(1, math.Ceil(math.Sqrt(float64(n))))
}

// circle places n vertices evenly on the circle of radius 1/2 around the
// centre of the unit square, the first at the top.
func circle(n int) []Point {
	pts := make([]Point, n)
	for v := range pts {
		a := 2*math.Pi*float64(v)/float64(n) - math.Pi/2
		pts[v] = Point{0.5 + 0.5*math.Cos(a), 0.5 + 0.5*math.Sin(a)}
	}
	return pts
}

// normalize01 scales and shifts pts into [0, 1]², keeping the aspect
// ratio and centring the shorter side. It reports false when a
// coordinate is not finite.
func normalize01(pts []Point) bool {
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
			return false
		}
		minX, maxX = min(minX, p.X), max(maxX, p.X)
		minY, maxY = min(minY, p.Y), max(maxY, p.Y)
	}
	span := max(maxX-minX, maxY-minY)
	if span == 0 {
		span = 1
	}
	offX := (1 - (maxX-minX)/span) / 2
	offY := (1 - (maxY-minY)/span) / 2
	for i, p := range pts {
		pts[i] = Point{offX + (p.X-minX)/span, offY + (p.Y-minY)/span}
	}
	return true
}

// separate moves points apart, in rounds over all pairs, until no two are
// closer than d (or 200 rounds have passed; the points are then rescaled,
// which can only help when they were pushed outside the square). Two
// points at the same place are split along a direction fixed by their
// indices, so the result stays deterministic.
func separate(pts []Point, d float64) {
	for range 200 {
		moved := false
		for i := range pts {
			for j := i + 1; j < len(pts); j++ {
				dx, dy := pts[j].X-pts[i].X, pts[j].Y-pts[i].Y
				dist := math.Hypot(dx, dy)
				if dist >= d {
					continue
				}
				if dist < 1e-12 {
					a := float64(i*7919+j) * 0.618
					dx, dy, dist = math.Cos(a), math.Sin(a), 1
				}
				push := (d - dist) / 2 * 1.01
				ux, uy := dx/dist*push, dy/dist*push
				pts[i].X, pts[i].Y = pts[i].X-ux, pts[i].Y-uy
				pts[j].X, pts[j].Y = pts[j].X+ux, pts[j].Y+uy
				moved = true
			}
		}
		if !moved {
			return
		}
	}
}

// minDistance returns the least distance between two of pts.
func minDistance(pts []Point) float64 {
	m := math.Inf(1)
	for i := range pts {
		for j := i + 1; j < len(pts); j++ {
			m = min(m, math.Hypot(pts[j].X-pts[i].X, pts[j].Y-pts[i].Y))
		}
	}
	return m
}

// gridLayout places n vertices row by row on a ⌈√n⌉ × ⌈√n⌉ grid spanning
// the unit square: the last resort of Layout, which keeps MinSeparation.
func gridLayout(n int) []Point {
	k := int(math.Ceil(math.Sqrt(float64(n))))
	step := 1 / float64(max(k-1, 1))
	pts := make([]Point, n)
	for v := range pts {
		pts[v] = Point{float64(v%k) * step, float64(v/k) * step}
	}
	return pts
}

// stress refines a layout by stress majorization (Gansner, Koren and
// North, "Graph drawing by stress majorization", GD 2004): it moves the
// vertices so that their distances approach the graph distances d_ij,
// minimising Σ (|x_i − x_j| − d_ij)² / d_ij² by the localized update
// x_i ← Σ_j w_ij (x_j + d_ij (x_i − x_j)/|x_i − x_j|) / Σ_j w_ij. Force
// layouts crowd the core of a dense graph and fling its leaves out;
// stress evens that out. The distances are scaled to the unit square
// first.
func (g *Graph) stress(pts []Point) {
	n := len(pts)
	dist := make([][]float64, n)
	queue := make([]int, 0, n)
	diam := 1.0
	for s := range n {
		d := make([]float64, n)
		for i := range d {
			d[i] = -1
		}
		d[s] = 0
		queue = append(queue[:0], s)
		for len(queue) > 0 {
			u := queue[0]
			queue = queue[1:]
			for _, nb := range g.adj[u] {
				if d[nb.V] < 0 {
					d[nb.V] = d[u] + 1
					diam = max(diam, d[nb.V])
					queue = append(queue, nb.V)
				}
			}
		}
		dist[s] = d
	}
	unit := 1 / diam
	for range 100 {
		for i := range pts {
			var sx, sy, sw float64
			for j := range pts {
				if j == i {
					continue
				}
				d := dist[i][j] * unit
				w := 1 / (d * d)
				dx, dy := pts[i].X-pts[j].X, pts[i].Y-pts[j].Y
				l := math.Hypot(dx, dy)
				if l < 1e-12 {
					a := float64(i*7919+j) * 0.618
					dx, dy, l = math.Cos(a), math.Sin(a), 1
				}
				sx += w * (pts[j].X + d*dx/l)
				sy += w * (pts[j].Y + d*dy/l)
				sw += w
			}
			if sw > 0 {
				pts[i] = Point{sx / sw, sy / sw}
			}
		}
	}
}

// clearEdges pushes every vertex that lies closer than d to an edge it is
// not on away from that edge (and the edge's ends the other way, half as
// far), for a few rounds: a line passing under a vertex reads as two
// edges of that vertex. It stops early when no vertex is that close.
func (g *Graph) clearEdges(pts []Point, d float64) {
	edges := g.Edges()
	for range 50 {
		moved := false
		for _, e := range edges {
			a, b := pts[e.U], pts[e.V]
			for v := range pts {
				if v == e.U || v == e.V {
					continue
				}
				q, t := closest(a, b, pts[v])
				dx, dy := pts[v].X-q.X, pts[v].Y-q.Y
				dist := math.Hypot(dx, dy)
				if dist >= d || t <= 0 || t >= 1 {
					continue
				}
				if dist < 1e-12 {
					// On the line: leave along its normal.
					dx, dy, dist = -(b.Y - a.Y), b.X-a.X, math.Hypot(b.X-a.X, b.Y-a.Y)
				}
				push := (d - dist) / dist
				pts[v].X += dx * push * 0.67
				pts[v].Y += dy * push * 0.67
				pts[e.U].X -= dx * push * 0.33
				pts[e.U].Y -= dy * push * 0.33
				pts[e.V].X -= dx * push * 0.33
				pts[e.V].Y -= dy * push * 0.33
				a, b = pts[e.U], pts[e.V]
				moved = true
			}
		}
		if !moved {
			return
		}
	}
}

// closest returns the point of the line through a and b nearest to p, and
// its parameter t (a at 0, b at 1).
func closest(a, b, p Point) (Point, float64) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	if l2 == 0 {
		return a, 0
	}
	t := ((p.X-a.X)*dx + (p.Y-a.Y)*dy) / l2
	return Point{a.X + t*dx, a.Y + t*dy}, t
}
