package chipfire

import (
	"testing"
)

// Named graphs of the research brief, built edge by edge (independently of
// gonum's generators, which FromGonum is tested against).

func mustGraph(t testing.TB, n int, edges []Edge) *Graph {
	t.Helper()
	g, err := NewGraph(n, edges)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func complete(t testing.TB, n int) *Graph {
	var es []Edge
	for u := range n {
		for v := u + 1; v < n; v++ {
			es = append(es, Edge{u, v})
		}
	}
	return mustGraph(t, n, es)
}

func cycle(t testing.TB, n int) *Graph {
	var es []Edge
	for u := range n {
		es = append(es, Edge{u, (u + 1) % n})
	}
	return mustGraph(t, n, es)
}

func path(t testing.TB, n int) *Graph {
	var es []Edge
	for u := 0; u+1 < n; u++ {
		es = append(es, Edge{u, u + 1})
	}
	return mustGraph(t, n, es)
}

// petersen: outer cycle 0–1–2–3–4–0, spokes i–(i+5), inner edges
// (5+i)–(5+(i+2) mod 5).
func petersen(t testing.TB) *Graph {
	var es []Edge
	for i := range 5 {
		es = append(es, Edge{i, (i + 1) % 5}, Edge{i, i + 5}, Edge{5 + i, 5 + (i+2)%5})
	}
	return mustGraph(t, 10, es)
}

// corryPerkinson: A=0, B=1, C=2, E=3; edges AB, BC, CE, AC and a double
// edge AE.
func corryPerkinson(t testing.TB) *Graph {
	return mustGraph(t, 4, []Edge{{0, 1}, {1, 2}, {2, 3}, {0, 2}, {0, 3}, {0, 3}})
}

// house: 0:{1,2}, 1:{0,3}, 2:{0,3,4}, 3:{1,2,4}, 4:{2,3}.
func house(t testing.TB) *Graph {
	return mustGraph(t, 5, []Edge{{0, 1}, {0, 2}, {1, 3}, {2, 3}, {2, 4}, {3, 4}})
}

// diamond: edges 01, 02, 12, 13, 23.
func diamond(t testing.TB) *Graph {
	return mustGraph(t, 4, []Edge{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}})
}

func bipartite(t testing.TB, a, b int) *Graph {
	var es []Edge
	for u := range a {
		for v := range b {
			es = append(es, Edge{u, a + v})
		}
	}
	return mustGraph(t, a+b, es)
}

func cube(t testing.TB) *Graph {
	var es []Edge
	for u := range 8 {
		for bit := 1; bit < 8; bit <<= 1 {
			if v := u ^ bit; v > u {
				es = append(es, Edge{u, v})
			}
		}
	}
	return mustGraph(t, 8, es)
}

func grid(t testing.TB, r, c int) *Graph {
	var es []Edge
	for i := range r {
		for j := range c {
			v := i*c + j
			if j+1 < c {
				es = append(es, Edge{v, v + 1})
			}
			if i+1 < r {
				es = append(es, Edge{v, v + c})
			}
		}
	}
	return mustGraph(t, r*c, es)
}

// wheel: hub 0 and the cycle 1..n.
func wheel(t testing.TB, n int) *Graph {
	var es []Edge
	for i := 1; i <= n; i++ {
		es = append(es, Edge{0, i}, Edge{i, i%n + 1})
	}
	return mustGraph(t, n+1, es)
}

// smallGraphs are the graphs of the brief's Riemann–Roch check, plus a few.
func smallGraphs(t testing.TB) map[string]*Graph {
	return map[string]*Graph{
		"K3": complete(t, 3), "K4": complete(t, 4), "C4": cycle(t, 4), "C5": cycle(t, 5),
		"diamond": diamond(t), "K2,3": bipartite(t, 2, 3), "house": house(t), "P4": path(t, 4),
		"CP": corryPerkinson(t),
	}
}
