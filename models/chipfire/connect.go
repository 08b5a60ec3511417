package chipfire

import (
	"context"
	"math"
	"slices"
	"sync"
	"sync/atomic"

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
	l, _ := g.edgeConnectivityContext(context.Background())
	return l
}

// edgeConnectivityContext is EdgeConnectivity, stopping with ctx.Err()
// between two max-flows when ctx ends (a 1,936-vertex grid takes a
// minute); an interrupted computation is not cached.
func (g *Graph) edgeConnectivityContext(ctx context.Context) (int, error) {
	return g.lambda.get(ctx, g.edgeConnectivity)
}

func (g *Graph) edgeConnectivity(ctx context.Context) (int, error) {
	n := len(g.adj)
	if n == 1 {
		return 0, nil
	}
	best := slices.Min(g.deg) // λ ≤ δ
	if best == 1 {
		return 1, nil
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
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		f := network.MaxFlowDinic(net, simple.Node(0), simple.Node(t), 0.5)
		if c := int(math.Round(f)); c < best {
			best = c
		}
	}
	return best, nil
}

// Center returns a vertex near the middle of the graph, found with four
// breadth-first searches (over the adjacency lists: gonum's map-based
// traverse.BreadthFirst took 2.5 s on a 300,000-vertex path): from a, the
// vertex farthest from vertex 0; from b, the vertex farthest from a; from
// c, the vertex farthest from both; and from d, the vertex farthest from c.
// It is the vertex with the least largest distance to a, b, c and d (on a
// grid, the middle cell). The value is computed once and cached.
func (g *Graph) Center() int {
	c, _ := g.centerContext(context.Background())
	return c
}

// centerContext is Center, stopping with ctx.Err() when ctx ends (the
// searches take seconds on graphs of a million vertices); an interrupted
// search is not cached.
func (g *Graph) centerContext(ctx context.Context) (int, error) {
	return g.center.get(ctx, g.findCenter)
}

// cached holds a value computed once, by a computation that a context can
// stop: a stopped computation is not cached, and the next call tries
// again. The zero value is empty; it is safe for concurrent use.
type cached[T any] struct {
	once sync.Once
	done atomic.Bool // v is set
	v    T
}

// get returns the cached value, computing it with compute first if need be.
func (c *cached[T]) get(ctx context.Context, compute func(context.Context) (T, error)) (T, error) {
	if c.done.Load() {
		return c.v, nil
	}
	v, err := compute(ctx)
	if err != nil {
		var zero T
		return zero, err
	}
	c.once.Do(func() { c.v = v; c.done.Store(true) })
	return c.v, nil
}

func (g *Graph) findCenter(ctx context.Context) (int, error) {
	n := len(g.adj)
	ecc := make([]int, n) // largest distance to the sources so far
	var err error
	bfs := func(from int) []int {
		if err != nil {
			return ecc
		}
		var dist []int
		if dist, err = g.distances(ctx, from); err != nil {
			return ecc
		}
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
	if err != nil {
		return 0, err
	}
	return farthest(func(v int) int { return -ecc[v] }), nil
}
