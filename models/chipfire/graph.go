package chipfire

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/mat"
)

// Limits on the graphs this package accepts, so that absurd input fails
// with a clear error and every count fits comfortably in an int64.
const (
	// MaxVertices is the largest number of vertices.
	MaxVertices = 1 << 20
	// MaxEdges is the largest number of edges, counted with multiplicity.
	MaxEdges = 1 << 21
)

// ErrDisconnected is wrapped by the error for a graph that is not connected:
// the dollar game needs a connected graph.
var ErrDisconnected = errors.New("graph is not connected")

// Edge is an undirected edge between vertices U and V (U ≠ V). Several
// equal edges make a multi-edge.
type Edge struct{ U, V int }

// Neighbor is an adjacent vertex V joined by Mult parallel edges.
type Neighbor struct{ V, Mult int }

// Graph is a connected undirected multigraph without loops on the vertices
// 0..N()−1. It is immutable once built; its methods are safe for concurrent
// use.
type Graph struct {
	names []string
	adj   [][]Neighbor // sorted by V
	deg   []int
	m     int

	lambda     cached[int] // edge connectivity
	center     cached[int] // a central vertex
	greenOnce  sync.Once
	green      *mat.Cholesky
	columnOnce sync.Once
	columns    [][]int64
}

// NewGraph returns the graph on vertices 0..n−1 with the given edges,
// named "0".."n−1". The error reports n outside 1..MaxVertices, too many
// edges, an endpoint out of range, a self-loop, or a disconnected graph
// (wrapping ErrDisconnected).
func NewGraph(n int, edges []Edge) (*Graph, error) {
	if n < 1 || n > MaxVertices {
		return nil, fmt.Errorf("number of vertices %d outside 1..%d", n, MaxVertices)
	}
	names := make([]string, n)
	for i := range names {
		names[i] = strconv.Itoa(i)
	}
	return NewNamedGraph(names, edges)
}

// NewNamedGraph is NewGraph with vertex names (one per vertex, distinct,
// non-empty, valid UTF-8 without U+FFFD), used in messages and output.
func NewNamedGraph(names []string, edges []Edge) (*Graph, error) {
	n := len(names)
	if n < 1 || n > MaxVertices {
		return nil, fmt.Errorf("number of vertices %d outside 1..%d", n, MaxVertices)
	}
	if len(edges) > MaxEdges {
		return nil, fmt.Errorf("%d edges: more than %d", len(edges), MaxEdges)
	}
	seen := make(map[string]bool, n)
	for _, s := range names {
		if s == "" {
			return nil, errors.New("empty vertex name")
		}
		if !utf8.ValidString(s) || strings.ContainsRune(s, utf8.RuneError) {
			// U+FFFD is what a JSON decoder makes of invalid UTF-8, and
			// gonum's DOT reader refuses it: a name holding it would not
			// survive a write and a read.
			return nil, fmt.Errorf("vertex name %q is not valid UTF-8 (or holds U+FFFD, the replacement for invalid bytes)", s)
		}
		if seen[s] {
			return nil, fmt.Errorf("duplicate vertex name %q", s)
		}
		seen[s] = true
	}
	g := &Graph{names: slices.Clone(names), adj: make([][]Neighbor, n), deg: make([]int, n), m: len(edges)}
	for _, e := range edges {
		if e.U < 0 || e.U >= n || e.V < 0 || e.V >= n {
			return nil, fmt.Errorf("edge %d–%d: vertex out of range 0..%d", e.U, e.V, n-1)
		}
		if e.U == e.V {
			return nil, fmt.Errorf("self-loop at vertex %s", names[e.U])
		}
		g.deg[e.U]++
		g.deg[e.V]++
		g.adj[e.U] = append(g.adj[e.U], Neighbor{V: e.V, Mult: 1})
		g.adj[e.V] = append(g.adj[e.V], Neighbor{V: e.U, Mult: 1})
	}
	for v := range g.adj {
		g.adj[v] = mergeNeighbors(g.adj[v])
	}
	if err := g.checkConnected(); err != nil {
		return nil, err
	}
	return g, nil
}

// FromGonum converts an undirected gonum graph, simple or multi (parallel
// lines count as multi-edges), to a Graph: nodes are numbered 0..n−1 in
// increasing ID order and named by that number. The error is that of
// NewGraph.
func FromGonum(gg graph.Undirected) (*Graph, error) {
	nodes := graph.NodesOf(gg.Nodes())
	slices.SortFunc(nodes, func(a, b graph.Node) int { return cmp.Compare(a.ID(), b.ID()) })
	index := make(map[int64]int, len(nodes))
	for i, nd := range nodes {
		index[nd.ID()] = i
	}
	multi, _ := gg.(graph.UndirectedMultigraph)
	var edges []Edge
	for i, nd := range nodes {
		to := gg.From(nd.ID())
		for to.Next() {
			j := index[to.Node().ID()]
			if j < i {
				continue
			}
			k := 1
			if multi != nil {
				k = multi.LinesBetween(nd.ID(), to.Node().ID()).Len()
			}
			for range k {
				edges = append(edges, Edge{i, j})
			}
		}
	}
	return NewGraph(len(nodes), edges)
}

// mergeNeighbors sorts a vertex's neighbours and merges parallel edges.
func mergeNeighbors(ns []Neighbor) []Neighbor {
	slices.SortFunc(ns, func(a, b Neighbor) int { return a.V - b.V })
	out := ns[:0]
	for _, x := range ns {
		if k := len(out); k > 0 && out[k-1].V == x.V {
			out[k-1].Mult += x.Mult
			continue
		}
		out = append(out, x)
	}
	return slices.Clip(out)
}

// checkConnected counts the connected components by breadth-first search
// over the adjacency lists (linear; gonum's map-based graph/topo took 3.7 s
// of the 4.9 s it took to read a million-vertex path).
func (g *Graph) checkConnected() error {
	n := len(g.adj)
	if n == 1 {
		return nil
	}
	comp := make([]int, n) // component number + 1; 0 while unvisited
	count, other := 0, -1
	for v := range n {
		if comp[v] != 0 {
			continue
		}
		count++
		if count == 2 {
			other = v // the least vertex outside the component of 0
		}
		comp[v] = count
		queue := []int{v}
		for len(queue) > 0 {
			u := queue[0]
			queue = queue[1:]
			for _, x := range g.adj[u] {
				if comp[x.V] == 0 {
					comp[x.V] = count
					queue = append(queue, x.V)
				}
			}
		}
	}
	if count == 1 {
		return nil
	}
	return fmt.Errorf("%w: %d components; vertex %s cannot be reached from vertex %s", ErrDisconnected, count, g.names[other], g.names[0])
}

// distances returns the number of edges on a shortest path from from to
// every vertex (breadth-first search over the adjacency lists; the graph
// is connected), or ctx.Err() when ctx ends first.
func (g *Graph) distances(ctx context.Context, from int) ([]int, error) {
	dist := make([]int, len(g.adj))
	for v := range dist {
		dist[v] = -1
	}
	dist[from] = 0
	queue := append(make([]int, 0, len(g.adj)), from)
	for i := 0; i < len(queue); i++ {
		if i&0xffff == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		u := queue[i]
		for _, x := range g.adj[u] {
			if dist[x.V] < 0 {
				dist[x.V] = dist[u] + 1
				queue = append(queue, x.V)
			}
		}
	}
	return dist, nil
}

// N returns the number of vertices.
func (g *Graph) N() int { return len(g.adj) }

// M returns the number of edges, counted with multiplicity.
func (g *Graph) M() int { return g.m }

// Genus returns the cyclomatic number m − n + 1, the genus of the graph.
func (g *Graph) Genus() int { return g.m - len(g.adj) + 1 }

// Degree returns the number of edges at v, counted with multiplicity.
func (g *Graph) Degree(v int) int { return g.deg[v] }

// Neighbors returns v's neighbours in increasing order with their edge
// multiplicities. The slice belongs to the graph and must not be modified.
func (g *Graph) Neighbors(v int) []Neighbor { return g.adj[v] }

// Mult returns the number of edges between u and v.
func (g *Graph) Mult(u, v int) int {
	ns := g.adj[u]
	i, ok := slices.BinarySearchFunc(ns, v, func(x Neighbor, v int) int { return x.V - v })
	if !ok {
		return 0
	}
	return ns[i].Mult
}

// Name returns v's name.
func (g *Graph) Name(v int) string { return g.names[v] }

// Names returns a copy of the vertex names, in vertex order.
func (g *Graph) Names() []string { return slices.Clone(g.names) }

// Vertex returns the vertex with the given name, or −1.
func (g *Graph) Vertex(name string) int { return slices.Index(g.names, name) }

// Edges returns the edges with U < V, each repeated by its multiplicity,
// in increasing order.
func (g *Graph) Edges() []Edge {
	es := make([]Edge, 0, g.m)
	for u, ns := range g.adj {
		for _, x := range ns {
			if x.V > u {
				for range x.Mult {
					es = append(es, Edge{u, x.V})
				}
			}
		}
	}
	return es
}

// IsComplete reports whether g is the simple complete graph K_n.
func (g *Graph) IsComplete() bool {
	n := len(g.adj)
	for _, ns := range g.adj {
		if len(ns) != n-1 {
			return false
		}
		for _, x := range ns {
			if x.Mult != 1 {
				return false
			}
		}
	}
	return true
}
