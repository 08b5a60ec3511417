package chipfire

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// pathGraph returns the path on n vertices.
func pathGraph(t *testing.T, n int) *Graph {
	t.Helper()
	var es []Edge
	for v := 1; v < n; v++ {
		es = append(es, Edge{v - 1, v})
	}
	g, err := NewGraph(n, es)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestLayoutBounds(t *testing.T) {
	graphs := map[string]*Graph{"K1": pathGraph(t, 1), "K2": pathGraph(t, 2), "P10": pathGraph(t, 10)}
	for i, c := range []struct {
		n int
		p float64
	}{{4, 0.6}, {8, 0.5}, {15, 0.3}, {30, 0.2}, {60, 0.1}, {200, 0.05}} {
		game, err := RandomGame(rand.NewPCG(9, uint64(i)), c.n, c.p, -1)
		if err != nil {
			t.Fatal(err)
		}
		graphs["G("+itoa(c.n)+")"] = game.Graph
	}
	for name, g := range graphs {
		pts := g.Layout(1)
		if len(pts) != g.N() {
			t.Fatalf("%s: %d points for %d vertices", name, len(pts), g.N())
		}
		for v, p := range pts {
			if !(p.X >= 0 && p.X <= 1 && p.Y >= 0 && p.Y <= 1) {
				t.Errorf("%s: vertex %d at %v, outside the unit square", name, v, p)
			}
		}
		if d := minDistance(pts); g.N() > 1 && d < MinSeparation(g.N()) {
			t.Errorf("%s: two vertices %.4f apart, want at least %.4f", name, d, MinSeparation(g.N()))
		}
		if again := g.Layout(1); !slices.Equal(pts, again) {
			t.Errorf("%s: the same seed gave another layout", name)
		}
	}
	if g := graphs["G(30)"]; slices.Equal(g.Layout(1), g.Layout(2)) {
		t.Error("seeds 1 and 2 gave the same layout of a 30-vertex graph")
	}
}

// TestLayoutDrawsEdgesShort checks what makes a layout readable: on paths,
// cycles and random graphs, the vertices joined by an edge are on average
// much closer than those that are not. Random positions fail this.
func TestLayoutDrawsEdgesShort(t *testing.T) {
	cycle := func(n int) *Graph {
		var es []Edge
		for v := range n {
			es = append(es, Edge{v, (v + 1) % n})
		}
		g, _ := NewGraph(n, es)
		return g
	}
	game, _ := RandomGame(rand.NewPCG(5, 5), 20, 0.15, -1)
	for name, g := range map[string]*Graph{"P12": pathGraph(t, 12), "C12": cycle(12), "G(20, 0.15)": game.Graph} {
		for _, seed := range []uint64{1, 2, 3} {
			pts := g.Layout(seed)
			var edge, other float64
			var ne, no int
			for u := range pts {
				for v := u + 1; v < len(pts); v++ {
					d := math.Hypot(pts[u].X-pts[v].X, pts[u].Y-pts[v].Y)
					if g.Mult(u, v) > 0 {
						edge, ne = edge+d, ne+1
					} else {
						other, no = other+d, no+1
					}
				}
			}
			if ratio := (edge / float64(ne)) / (other / float64(no)); ratio > 0.6 {
				t.Errorf("%s, seed %d: mean edge length is %.2f of the mean distance of non-adjacent vertices, want ≤ 0.6", name, seed, ratio)
			}
		}
	}
}

func TestLayoutLargeIsCircle(t *testing.T) {
	g := pathGraph(t, maxForceLayout+1)
	for v, p := range g.Layout(1) {
		if r := math.Hypot(p.X-0.5, p.Y-0.5); math.Abs(r-0.5) > 1e-9 {
			t.Fatalf("vertex %d at distance %v from the centre, want 0.5", v, r)
		}
	}
}

func TestGridLayoutSeparation(t *testing.T) {
	for n := 2; n <= 50; n++ {
		if d := minDistance(gridLayout(n)); d < MinSeparation(n) {
			t.Errorf("n=%d: grid spacing %.4f below %.4f", n, d, MinSeparation(n))
		}
	}
}

func itoa(n int) string { return Divisor{int64(n)}.String() }

// TestLayoutClearsEdges: no vertex is drawn on (within a quarter of the
// minimum separation of) an edge it does not belong to, on every level
// and on random games of up to 19 vertices (beyond, it is best effort: a
// few remain at 22 and 23). Without clearEdges, 15 such conflicts remained
// on the 24 levels.
func TestLayoutClearsEdges(t *testing.T) {
	var graphs []*Graph
	for k := 1; k <= LevelCount; k++ {
		l, err := NewLevel(k)
		if err != nil {
			t.Fatal(err)
		}
		graphs = append(graphs, l.Game.Graph)
	}
	for i := range 15 {
		game, err := RandomGame(rand.NewPCG(11, uint64(i)), 5+i, 0.3, -1)
		if err != nil {
			t.Fatal(err)
		}
		graphs = append(graphs, game.Graph)
	}
	for i, g := range graphs {
		pts := g.Layout(uint64(i))
		d := MinSeparation(g.N()) / 4
		for _, e := range g.Edges() {
			for v := range pts {
				if v == e.U || v == e.V {
					continue
				}
				q, s := closest(pts[e.U], pts[e.V], pts[v])
				if s > 0 && s < 1 && math.Hypot(pts[v].X-q.X, pts[v].Y-q.Y) < d {
					t.Errorf("graph %d (%d vertices): vertex %d lies on edge %d–%d", i, g.N(), v, e.U, e.V)
				}
			}
		}
	}
}
