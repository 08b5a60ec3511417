package games

import (
	"math/rand/v2"

	"gonum.org/v1/gonum/graph/simple"
)

// Graph constructors for tests: vertices 0..n−1 as simple.Node.

func graphOf(n int, edges [][2]int) *simple.UndirectedGraph {
	g := simple.NewUndirectedGraph()
	for i := range n {
		g.AddNode(simple.Node(i))
	}
	for _, e := range edges {
		g.SetEdge(g.NewEdge(simple.Node(e[0]), simple.Node(e[1])))
	}
	return g
}

func completeGraph(n int) *simple.UndirectedGraph {
	var e [][2]int
	for i := range n {
		for j := i + 1; j < n; j++ {
			e = append(e, [2]int{i, j})
		}
	}
	return graphOf(n, e)
}

func completeBipartite(m, n int) *simple.UndirectedGraph {
	var e [][2]int
	for i := range m {
		for j := range n {
			e = append(e, [2]int{i, m + j})
		}
	}
	return graphOf(m+n, e)
}

func pathGraph(n int) *simple.UndirectedGraph {
	var e [][2]int
	for i := 1; i < n; i++ {
		e = append(e, [2]int{i - 1, i})
	}
	return graphOf(n, e)
}

func cycleGraph(n int) *simple.UndirectedGraph {
	e := [][2]int{{n - 1, 0}}
	for i := 1; i < n; i++ {
		e = append(e, [2]int{i - 1, i})
	}
	return graphOf(n, e)
}

func gridGraph(r, c int) *simple.UndirectedGraph {
	var e [][2]int
	for i := range r {
		for j := range c {
			if i+1 < r {
				e = append(e, [2]int{i*c + j, (i+1)*c + j})
			}
			if j+1 < c {
				e = append(e, [2]int{i*c + j, i*c + j + 1})
			}
		}
	}
	return graphOf(r*c, e)
}

func hypercube(d int) *simple.UndirectedGraph {
	var e [][2]int
	for i := range 1 << d {
		for b := range d {
			if j := i ^ 1<<b; j > i {
				e = append(e, [2]int{i, j})
			}
		}
	}
	return graphOf(1<<d, e)
}

func petersenGraph() *simple.UndirectedGraph {
	var e [][2]int
	for i := range 5 {
		e = append(e, [2]int{i, (i + 1) % 5}, [2]int{i, i + 5}, [2]int{5 + i, 5 + (i+2)%5})
	}
	return graphOf(10, e)
}

// randomGraph returns G(n, p).
func randomGraph(r *rand.Rand, n int, p float64) *simple.UndirectedGraph {
	var e [][2]int
	for i := range n {
		for j := i + 1; j < n; j++ {
			if r.Float64() < p {
				e = append(e, [2]int{i, j})
			}
		}
	}
	return graphOf(n, e)
}
