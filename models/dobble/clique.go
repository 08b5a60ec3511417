package dobble

import (
	"context"
	"slices"
)

// Maximum clique by branch and bound with a greedy colouring bound, on
// bitsets: Tomita and Seki's MCQ (DMTCS 2003) with San Segundo et al.'s
// bit-parallel colouring (BBMC, Comput. Oper. Res. 38, 2011).
//
// A node holds a clique R and the candidates P (common neighbours of R).
// P is coloured greedily, colour classes being independent sets, so a
// clique takes at most one vertex per colour and |R| + colours(P) bounds
// every clique below the node. Vertices are expanded from the last
// colour down; a vertex whose colour number cannot beat the incumbent
// ends the node. Vertices are numbered by decreasing degree first, which
// makes the initial colourings tight.

// graph is an undirected graph on vertices 0..n−1 as adjacency bitsets.
type graph struct {
	n   int
	adj []bitset
}

func newGraph(n int) *graph {
	g := &graph{n: n, adj: make([]bitset, n)}
	for i := range g.adj {
		g.adj[i] = newBitset(n)
	}
	return g
}

func (g *graph) addEdge(u, v int) { g.adj[u].set(v); g.adj[v].set(u) }

// cliqueSearch is the state of one maximum-clique search.
type cliqueSearch struct {
	g      *graph
	ctx    context.Context
	target int // stop as soon as a clique this large is found
	floor  int // only cliques larger than this count
	best   []int
	cur    []int
	nodes  int
	err    error
}

// maxClique returns a maximum clique of g if it has more than floor
// vertices (nil otherwise), or one of size target as soon as it is found
// (target ≤ 0: no early stop). On cancellation it returns the best clique
// so far and ctx's error.
func maxClique(ctx context.Context, g *graph, floor, target int) ([]int, error) {
	// Renumber by decreasing degree.
	order := make([]int, g.n)
	for i := range order {
		order[i] = i
	}
	deg := make([]int, g.n)
	for i := range deg {
		deg[i] = g.adj[i].count()
	}
	slices.SortStableFunc(order, func(a, b int) int { return deg[b] - deg[a] })
	pos := make([]int, g.n)
	for i, v := range order {
		pos[v] = i
	}
	h := newGraph(g.n)
	for u := range g.n {
		for v := u + 1; v < g.n; v++ {
			if g.adj[u].has(v) {
				h.addEdge(pos[u], pos[v])
			}
		}
	}
	st := &cliqueSearch{g: h, ctx: ctx, target: target, floor: floor}
	p := newBitset(g.n)
	for i := range g.n {
		p.set(i)
	}
	st.expand(p)
	if st.best == nil {
		return nil, st.err
	}
	out := make([]int, len(st.best))
	for i, v := range st.best {
		out[i] = order[v]
	}
	slices.Sort(out)
	return out, st.err
}

// done reports whether the search must stop.
func (st *cliqueSearch) done() bool {
	if st.err != nil || st.target > 0 && st.size() >= st.target {
		return true
	}
	st.nodes++
	if st.nodes%1024 == 0 {
		st.err = st.ctx.Err()
	}
	return st.err != nil
}

// size is the size a clique must beat.
func (st *cliqueSearch) size() int { return max(len(st.best), st.floor) }

func (st *cliqueSearch) expand(p bitset) {
	if st.done() {
		return
	}
	verts, colours := st.colour(p)
	for i := len(verts) - 1; i >= 0; i-- {
		if len(st.cur)+colours[i] <= st.size() {
			return
		}
		v := verts[i]
		st.cur = append(st.cur, v)
		np := p.clone()
		np.and(st.g.adj[v])
		if np.empty() {
			if len(st.cur) > st.size() {
				st.best = slices.Clone(st.cur)
			}
		} else {
			st.expand(np)
		}
		st.cur = st.cur[:len(st.cur)-1]
		p.clear(v)
		if st.done() {
			return
		}
	}
}

// colour partitions p greedily into independent sets, in vertex order,
// and returns the vertices with their colour numbers (1-based,
// non-decreasing).
func (st *cliqueSearch) colour(p bitset) (verts, colours []int) {
	left := p.clone()
	for c := 1; !left.empty(); c++ {
		q := left.clone()
		for v := q.first(); v >= 0; v = q.next(v + 1) {
			verts = append(verts, v)
			colours = append(colours, c)
			left.clear(v)
			q.clear(v)
			q.andNot(st.g.adj[v])
		}
	}
	return verts, colours
}
