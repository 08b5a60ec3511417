package games

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// Canonical forms of small graphs, so that node-Kayles can share the value
// of isomorphic components.
//
// The method is individualisation–refinement (McKay 1981; McKay and
// Piperno, "Practical graph isomorphism, II", J. Symbolic Comput. 60,
// 2014), without automorphism pruning: colour refinement splits the
// vertices by their number of neighbours in each colour class until the
// colouring is equitable; while a class has several vertices, each of them
// is given a colour of its own in turn and refinement resumes. Every leaf
// is a discrete colouring, that is a labelling, and the certificate is the
// least adjacency matrix over all leaves. Refinement depends only on the
// colours, so isomorphic graphs have the same leaves up to relabelling and
// the same certificate; conversely equal certificates are equal
// adjacency matrices of relabellings, so the graphs are isomorphic.
//
// One cheap pruning is sound: two vertices of the target class that are
// twins (the same neighbours apart from each other) are swapped by an
// automorphism that fixes the colouring, so only one of them is tried. It
// takes complete graphs, stars and complete bipartite graphs down to one
// branch per level. Other symmetric graphs grow a tree with at least one
// leaf per automorphism (120 for the Petersen graph); the search gives up
// beyond a node budget and the caller does without a certificate.

// canonBudget bounds the search tree of one canonical form.
const canonBudget = 2048

// canonizer computes certificates of graphs given by adjacency rows over
// vertices 0..k−1, k ≤ 64.
type canonizer struct {
	adj   []uint64
	nodes int
	best  []uint64 // least certificate rows so far
	row   []uint64 // scratch
}

// certificate returns the canonical form of the graph with adjacency rows
// adj, as a string that starts with the vertex count, and false when the
// search exceeded its budget.
func certificate(adj []uint64) (string, bool) {
	c := &canonizer{adj: adj, row: make([]uint64, len(adj))}
	colors := make([]int, len(adj))
	if !c.search(colors) {
		return "", false
	}
	k := len(adj)
	width := (k + 7) / 8
	b := make([]byte, 1, 1+k*width)
	b[0] = byte(k)
	var w [8]byte
	for _, r := range c.best {
		binary.LittleEndian.PutUint64(w[:], r)
		b = append(b, w[:width]...)
	}
	return string(b), true
}

// search explores the subtree below the colouring colors (colour = rank,
// 0..classes−1) and reports false when the budget ran out.
func (c *canonizer) search(colors []int) bool {
	c.nodes++
	if c.nodes > canonBudget {
		return false
	}
	classes := c.refine(colors)
	k := len(colors)
	if classes == k {
		c.leaf(colors)
		return true
	}
	// Target: the first colour class with several vertices.
	count := make([]int, classes)
	for _, col := range colors {
		count[col]++
	}
	target := slices.IndexFunc(count, func(n int) bool { return n > 1 })
	var tried uint64
	for u := range k {
		if colors[u] != target || c.twinOfAny(u, tried) {
			continue
		}
		tried |= 1 << u
		next := make([]int, k)
		for v, col := range colors {
			switch {
			case v == u || col < target:
				next[v] = col
			default:
				next[v] = col + 1
			}
		}
		if !c.search(next) {
			return false
		}
	}
	return true
}

// twinOfAny reports whether u has the same neighbours, apart from each
// other, as some vertex of the set.
func (c *canonizer) twinOfAny(u int, set uint64) bool {
	for set != 0 {
		w := bits.TrailingZeros64(set)
		set &= set - 1
		both := uint64(1)<<u | uint64(1)<<w
		if c.adj[u]&^both == c.adj[w]&^both {
			return true
		}
	}
	return false
}

// refine makes the colouring equitable: it splits colour classes by the
// number of neighbours each vertex has in every class, keeping the order
// of the old classes, until nothing splits. It returns the number of
// classes. A vertex's neighbour counts are hashed into 52 bits; a
// collision merges classes that could have split, which leaves the
// refinement a function of the colours alone (so certificates stay
// canonical) and only makes the search tree larger.
func (c *canonizer) refine(colors []int) int {
	k := len(colors)
	classes := 0
	for _, col := range colors {
		classes = max(classes, col+1)
	}
	var masks [64]uint64
	var keys [64]uint64 // colour<<58 | hash<<6 | vertex, sorted
	for {
		clear(masks[:classes])
		for v, col := range colors {
			masks[col] |= 1 << v
		}
		for v := range k {
			h := uint64(14695981039346656037)
			for _, m := range masks[:classes] {
				h = (h ^ uint64(bits.OnesCount64(c.adj[v]&m))) * 1099511628211
			}
			keys[v] = uint64(colors[v])<<58 | (h>>6)&(1<<52-1)<<6 | uint64(v)
		}
		slices.Sort(keys[:k])
		n := 0
		for i, key := range keys[:k] {
			if i > 0 && key>>6 != keys[i-1]>>6 {
				n++
			}
			colors[key&63] = n
		}
		if n+1 == classes {
			return classes
		}
		classes = n + 1
	}
}

// leaf records the certificate of the labelling colors if it is the least
// so far: row i holds the labels adjacent to the vertex labelled i.
func (c *canonizer) leaf(colors []int) {
	for v, row := range c.adj {
		var r uint64
		for row != 0 {
			w := bits.TrailingZeros64(row)
			row &= row - 1
			r |= 1 << colors[w]
		}
		c.row[colors[v]] = r
	}
	if c.best == nil || slices.Compare(c.row, c.best) < 0 {
		c.best = append(c.best[:0], c.row...)
	}
}
