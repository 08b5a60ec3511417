package chipfire

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/graph/network"
	"gonum.org/v1/gonum/graph/simple"
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
