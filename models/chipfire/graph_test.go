package chipfire

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/graph/graphs/gen"
	"gonum.org/v1/gonum/graph/multi"
	"gonum.org/v1/gonum/graph/simple"
)

func TestNewGraphErrors(t *testing.T) {
	cases := []struct {
		name  string
		n     int
		edges []Edge
		want  string
	}{
		{"no vertices", 0, nil, "outside 1.."},
		{"too many vertices", MaxVertices + 1, nil, "outside 1.."},
		{"self-loop", 2, []Edge{{0, 1}, {1, 1}}, "self-loop at vertex 1"},
		{"out of range", 2, []Edge{{0, 2}}, "out of range"},
		{"negative vertex", 2, []Edge{{-1, 0}}, "out of range"},
		{"disconnected", 4, []Edge{{0, 1}, {2, 3}}, "vertex 2 cannot be reached from vertex 0"},
		{"isolated vertex", 3, []Edge{{0, 1}}, "2 components"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewGraph(c.n, c.edges)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want it to contain %q", err, c.want)
			}
		})
	}
	if _, err := NewGraph(3, []Edge{{0, 1}}); !errors.Is(err, ErrDisconnected) {
		t.Errorf("disconnected graph: err = %v, want ErrDisconnected", err)
	}
	if _, err := NewNamedGraph([]string{"a", "a"}, []Edge{{0, 1}}); err == nil || !strings.Contains(err.Error(), "duplicate") {
		t.Errorf("duplicate names: err = %v", err)
	}
	if _, err := NewNamedGraph([]string{"a", ""}, []Edge{{0, 1}}); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("empty name: err = %v", err)
	}
}

func TestGraphBasics(t *testing.T) {
	cp := corryPerkinson(t)
	cases := []struct {
		name        string
		g           *Graph
		n, m, genus int
		degrees     []int
		complete    bool
		lambda      int
	}{
		{"K1", mustGraph(t, 1, nil), 1, 0, 0, []int{0}, true, 0},
		{"K4", complete(t, 4), 4, 6, 3, []int{3, 3, 3, 3}, true, 3},
		{"C5", cycle(t, 5), 5, 5, 1, []int{2, 2, 2, 2, 2}, false, 2},
		{"P4", path(t, 4), 4, 3, 0, []int{1, 2, 2, 1}, false, 1},
		{"CP", cp, 4, 6, 3, []int{4, 2, 3, 3}, false, 2},
		{"Petersen", petersen(t), 10, 15, 6, slices.Repeat([]int{3}, 10), false, 3},
		{"cube", cube(t), 8, 12, 5, slices.Repeat([]int{3}, 8), false, 3},
		{"K2,3", bipartite(t, 2, 3), 5, 6, 2, []int{3, 3, 2, 2, 2}, false, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.g
			if g.N() != c.n || g.M() != c.m || g.Genus() != c.genus {
				t.Errorf("n, m, genus = %d, %d, %d, want %d, %d, %d", g.N(), g.M(), g.Genus(), c.n, c.m, c.genus)
			}
			for v, want := range c.degrees {
				if g.Degree(v) != want {
					t.Errorf("deg(%d) = %d, want %d", v, g.Degree(v), want)
				}
			}
			if g.IsComplete() != c.complete {
				t.Errorf("IsComplete = %v", g.IsComplete())
			}
			if got := g.EdgeConnectivity(); got != c.lambda {
				t.Errorf("λ = %d, want %d", got, c.lambda)
			}
			if len(g.Edges()) != c.m {
				t.Errorf("%d edges listed, want %d", len(g.Edges()), c.m)
			}
		})
	}
	if cp.Mult(0, 3) != 2 || cp.Mult(3, 0) != 2 || cp.Mult(1, 3) != 0 {
		t.Errorf("CP multiplicities: A–E %d, E–A %d, B–E %d", cp.Mult(0, 3), cp.Mult(3, 0), cp.Mult(1, 3))
	}
	k := cp.Canonical()
	if !slices.Equal(k, Divisor{2, 0, 1, 1}) || k.Deg() != int64(2*cp.Genus()-2) {
		t.Errorf("K = %v, want (2,0,1,1) of degree 2g−2", k)
	}
}

// bruteLambda returns the edge connectivity by trying every cut.
func bruteLambda(g *Graph) int {
	n := g.N()
	best := -1
	for mask := 1; mask < 1<<(n-1); mask++ { // vertex n−1 always outside
		cut := 0
		for _, e := range g.Edges() {
			if (mask>>e.U)&1 != (mask>>e.V)&1 {
				cut++
			}
		}
		if best < 0 || cut < best {
			best = cut
		}
	}
	return best
}

// randomGraph returns a connected multigraph on n vertices: a random tree
// plus extra random edges (parallel edges allowed).
func randomGraph(t testing.TB, rng *rand.Rand, n, extra int) *Graph {
	var es []Edge
	for v := 1; v < n; v++ {
		es = append(es, Edge{rng.IntN(v), v})
	}
	for range extra {
		u, v := rng.IntN(n), rng.IntN(n)
		if u != v {
			es = append(es, Edge{u, v})
		}
	}
	return mustGraph(t, n, es)
}

func TestEdgeConnectivityBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := range 200 {
		n := 2 + rng.IntN(8)
		g := randomGraph(t, rng, n, rng.IntN(3*n))
		if got, want := g.EdgeConnectivity(), bruteLambda(g); got != want {
			t.Fatalf("case %d (%v): λ = %d, brute force %d", i, g.Edges(), got, want)
		}
	}
}

func TestFromGonum(t *testing.T) {
	t.Run("complete", func(t *testing.T) {
		sg := simple.NewUndirectedGraph()
		gen.Complete(sg, gen.IDRange{First: 10, Last: 14})
		g, err := FromGonum(sg)
		if err != nil {
			t.Fatal(err)
		}
		if !g.IsComplete() || g.N() != 5 {
			t.Errorf("gonum K5 converts to %d vertices, complete %v", g.N(), g.IsComplete())
		}
	})
	t.Run("multigraph", func(t *testing.T) {
		mg := multi.NewUndirectedGraph()
		a, b, c := multi.Node(0), multi.Node(1), multi.Node(2)
		for _, e := range [][2]multi.Node{{a, b}, {a, b}, {b, c}} {
			mg.SetLine(mg.NewLine(e[0], e[1]))
		}
		g, err := FromGonum(mg)
		if err != nil {
			t.Fatal(err)
		}
		if g.M() != 3 || g.Mult(0, 1) != 2 {
			t.Errorf("m = %d, mult(0,1) = %d, want 3 and 2", g.M(), g.Mult(0, 1))
		}
	})
	t.Run("disconnected", func(t *testing.T) {
		sg := simple.NewUndirectedGraph()
		sg.AddNode(simple.Node(0))
		sg.AddNode(simple.Node(1))
		if _, err := FromGonum(sg); !errors.Is(err, ErrDisconnected) {
			t.Errorf("err = %v, want ErrDisconnected", err)
		}
	})
}

func TestCenter(t *testing.T) {
	cases := []struct {
		name string
		g    *Graph
		want []int // acceptable answers
	}{
		{"P5", path(t, 5), []int{2}},
		{"P6", path(t, 6), []int{2, 3}},
		{"grid 5×5", grid(t, 5, 5), []int{12}},
		{"wheel", wheel(t, 6), []int{0}},
		{"K1", mustGraph(t, 1, nil), []int{0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.g.Center(); !slices.Contains(c.want, got) {
				t.Errorf("Center = %d, want one of %v", got, c.want)
			}
		})
	}
}
