package chipfire

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/network"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/traverse"
)

// EdgeConnectivity returns λ(G), the least number of edges (counted with
// multiplicity) whose removal disconnects the graph: the least s–t maximum
// flow from vertex 0 to any other vertex, with each edge a capacity in both
// directions, computed with gonum's Dinic max-flow (n − 1 flows). A
// vertex of degree 1 ends the search at once. It is 0 for the one-vertex
// graph. The value is computed once and cached.
func (g *Graph) EdgeConnectivity() int {
	g.lambdaOnce.Do(func() { g.lambda = g.edgeConnectivity() })
	return g.lambda
}

func (g *Graph) edgeConnectivity() int {
	n := len(g.adj)
	if n == 1 {
		return 0
	}
	best := slices.Min(g.deg) // λ ≤ δ
	if best == 1 {
		return 1
	}
	net := simple.NewWeightedDirectedGraph(0, math.Inf(1))
	for v := range g.adj {
		net.AddNode(simple.Node(v))
	}
	for v, ns := range g.adj {
		for _, x := range ns {
			net.SetWeightedEdge(net.NewWeightedEdge(simple.Node(v), simple.Node(x.V), float64(x.Mult)))
		}
	}
	// Every cut separates vertex 0 from some t, so the least 0–t flow is λ.
	for t := 1; t < n && best > 1; t++ {
		f := network.MaxFlowDinic(net, simple.Node(0), simple.Node(t), 0.5)
		if c := int(math.Round(f)); c < best {
			best = c
		}
	}
	return best
}

// Center returns a vertex near the middle of the graph, found with four
// breadth-first searches (gonum's traverse.BreadthFirst): from a, the
// vertex farthest from vertex 0; from b, the vertex farthest from a; from
// c, the vertex farthest from both; and from d, the vertex farthest from c.
// It is the vertex with the least largest distance to a, b, c and d (on a
// grid, the middle cell). The value is computed once and cached.
func (g *Graph) Center() int {
	g.centerOnce.Do(func() { g.center = g.findCenter() })
	return g.center
}

func (g *Graph) findCenter() int {
	n := len(g.adj)
	sg := g.simple()
	ecc := make([]int, n) // largest distance to the sources so far
	bfs := func(from int) []int {
		dist := make([]int, n)
		bf := traverse.BreadthFirst{}
		bf.Walk(sg, simple.Node(from), func(nd graph.Node, depth int) bool {
			dist[nd.ID()] = depth
			return false
		})
		for v, x := range dist {
			ecc[v] = max(ecc[v], x)
		}
		return dist
	}
	farthest := func(score func(v int) int) int {
		best := 0
		for v := range n {
			if score(v) > score(best) {
				best = v
			}
		}
		return best
	}
	d0 := bfs(0)
	clear(ecc)
	a := farthest(func(v int) int { return d0[v] })
	da := bfs(a)
	db := bfs(farthest(func(v int) int { return da[v] }))
	dc := bfs(farthest(func(v int) int { return min(da[v], db[v]) }))
	bfs(farthest(func(v int) int { return dc[v] }))
	return farthest(func(v int) int { return -ecc[v] })
}
