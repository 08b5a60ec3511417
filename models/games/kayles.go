package games

import (
	"cmp"
	"context"
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"strconv"

	"gonum.org/v1/gonum/graph"
)

// Node-Kayles (Schaefer 1978): a move picks a remaining vertex and removes
// it together with its remaining neighbours. A position is the set S of
// remaining vertices, held as a bit set; its value is the exclusive or of
// the values of the connected components of the subgraph induced by S, and
// a component's value is the mex over its vertices v of the value of
// C ∖ N[v]. Values are memoised per component by vertex set, which costs
// one map lookup, and optionally also by canonical form (canon.go), so
// that isomorphic components met in different places, such as the many
// short paths and small trees of a sparse graph, are evaluated once.
// Components of one or two vertices and complete components have value 1
// without a lookup.
//
// Measured on random graphs of 30–40 vertices, trees and grids (see
// docs/games.md), certifying costs more than the evaluations it saves,
// because the vertex-set memo already makes re-evaluating a component
// cheap: canonical forms are therefore off by default (CanonicalMax 0).

// MaxKaylesVertices is the largest graph Kayles accepts: positions are
// 64-bit vertex sets.
const MaxKaylesVertices = 64

// DefaultKaylesLimit is the default cap on memoised components.
const DefaultKaylesLimit = 1 << 24

// canonMinSize is the smallest component that gets a canonical form;
// smaller ones are cheaper to evaluate again than to certify.
const canonMinSize = 4

// Kayles evaluates node-Kayles positions of one graph. Create it with
// NewKayles; it keeps its memo between calls and is used by one goroutine
// at a time.
type Kayles struct {
	// Limit caps the number of memoised components (ErrSearchLimit
	// beyond); NewKayles sets DefaultKaylesLimit.
	Limit int
	// CanonicalMax is the largest component that is also memoised by
	// canonical form, so that isomorphic components share one evaluation;
	// 0 (the default) memoises by vertex set only.
	CanonicalMax int

	nodes  []graph.Node // vertex i of the bit sets
	closed []uint64     // closed[i] = N[i]
	all    uint64
	bySet  map[uint64]uint8
	byForm map[string]uint8
	ctx    context.Context
	err    error
}

// NewKayles prepares node-Kayles on the undirected graph g, which may have
// at most MaxKaylesVertices vertices. Vertices are numbered in increasing
// order of their gonum IDs.
func NewKayles(g graph.Undirected) (*Kayles, error) {
	nodes := graph.NodesOf(g.Nodes())
	if len(nodes) > MaxKaylesVertices {
		return nil, fmt.Errorf("node-Kayles: the graph has %d vertices; at most %d are supported", len(nodes), MaxKaylesVertices)
	}
	slices.SortFunc(nodes, func(a, b graph.Node) int { return cmp.Compare(a.ID(), b.ID()) })
	index := make(map[int64]int, len(nodes))
	for i, n := range nodes {
		index[n.ID()] = i
	}
	k := &Kayles{
		Limit:  DefaultKaylesLimit,
		nodes:  nodes,
		closed: make([]uint64, len(nodes)),
		bySet:  make(map[uint64]uint8),
		byForm: make(map[string]uint8),
	}
	for i, n := range nodes {
		k.all |= 1 << i
		k.closed[i] = 1 << i
		for _, m := range graph.NodesOf(g.From(n.ID())) {
			if j := index[m.ID()]; j != i {
				k.closed[i] |= 1 << j
			}
		}
	}
	return k, nil
}

// Vertices returns the graph's vertices in the order of the bit sets.
func (k *Kayles) Vertices() []graph.Node { return slices.Clone(k.nodes) }

// KaylesAnalysis is the normal-play evaluation of a node-Kayles position.
type KaylesAnalysis struct {
	// Nimber is the position's Grundy value; the player to move wins
	// exactly when it is not 0.
	Nimber int
	// Components holds the value of each connected component, in the order
	// of their least vertex.
	Components []int
	// Winning lists every vertex whose move leaves a position of value 0;
	// it is empty when Nimber is 0.
	Winning []graph.Node
}

// Analyse evaluates the whole graph in normal play.
func (k *Kayles) Analyse(ctx context.Context) (KaylesAnalysis, error) {
	k.ctx, k.err = ctx, nil
	var an KaylesAnalysis
	for c := range k.components(k.all) {
		v := int(k.component(c))
		an.Components = append(an.Components, v)
		an.Nimber ^= v
	}
	if an.Nimber != 0 {
		for i, n := range k.nodes {
			if k.value(k.all&^k.closed[i]) == 0 {
				an.Winning = append(an.Winning, n)
			}
		}
	}
	if k.err != nil {
		return KaylesAnalysis{}, k.err
	}
	return an, nil
}

// Value returns the Grundy value of the position in which the vertices of
// the set remain (bit i is vertex i of Vertices).
func (k *Kayles) Value(ctx context.Context, set uint64) (int, error) {
	k.ctx, k.err = ctx, nil
	v := k.value(set & k.all)
	if k.err != nil {
		return 0, k.err
	}
	return int(v), nil
}

// value returns the value of a position, 0 once k.err is set.
func (k *Kayles) value(set uint64) uint8 {
	var x uint8
	for c := range k.components(set) {
		x ^= k.component(c)
	}
	return x
}

// components yields the connected components of the subgraph induced by
// set.
func (k *Kayles) components(set uint64) iter.Seq[uint64] {
	return func(yield func(uint64) bool) {
		for set != 0 {
			comp := set & -set
			frontier := comp
			for frontier != 0 {
				var next uint64
				for f := frontier; f != 0; f &= f - 1 {
					next |= k.closed[bits.TrailingZeros64(f)]
				}
				frontier = next & set &^ comp
				comp |= frontier
			}
			set &^= comp
			if !yield(comp) {
				return
			}
		}
	}
}

// component returns the value of a connected component.
func (k *Kayles) component(c uint64) uint8 {
	if k.err != nil {
		return 0
	}
	if v, ok := k.bySet[c]; ok {
		return v
	}
	size := bits.OnesCount64(c)
	if size <= 2 || k.complete(c) {
		return 1
	}
	var form string
	if size >= canonMinSize && size <= k.CanonicalMax {
		if f, ok := certificate(k.induced(c)); ok {
			form = f
			if v, ok := k.byForm[form]; ok {
				k.remember(c, v)
				return v
			}
		}
	}
	// A position's value is at most its number of vertices (a ⊕ b ≤ a + b,
	// and a mex is at most the number of options), so every option of c is
	// below 64.
	var seen uint64
	for m := c; m != 0; m &= m - 1 {
		seen |= 1 << k.value(c&^k.closed[bits.TrailingZeros64(m)])
	}
	v := uint8(bits.TrailingZeros64(^seen))
	k.remember(c, v)
	if form != "" {
		k.byForm[form] = v
	}
	return v
}

// remember memoises a component's value and checks the limits.
func (k *Kayles) remember(c uint64, v uint8) {
	k.bySet[c] = v
	if len(k.bySet)%4096 == 0 && k.err == nil {
		k.err = k.ctx.Err()
	}
	if len(k.bySet) > k.Limit && k.err == nil {
		k.err = fmt.Errorf("%w (%d components)", ErrSearchLimit, k.Limit)
	}
}

// complete reports whether every two vertices of c are adjacent.
func (k *Kayles) complete(c uint64) bool {
	for m := c; m != 0; m &= m - 1 {
		if k.closed[bits.TrailingZeros64(m)]&c != c {
			return false
		}
	}
	return true
}

// induced returns the adjacency rows of the subgraph induced by c, its
// vertices renumbered 0..|c|−1 in increasing order.
func (k *Kayles) induced(c uint64) []uint64 {
	adj := make([]uint64, 0, bits.OnesCount64(c))
	for m := c; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		adj = append(adj, compress(k.closed[i]&c&^(1<<i), c))
	}
	return adj
}

// compress returns the bits of x at the positions of the set bits of mask,
// packed to the low end (the software form of PEXT).
func compress(x, mask uint64) uint64 {
	var out uint64
	for j := 0; mask != 0; j++ {
		low := mask & -mask
		if x&low != 0 {
			out |= 1 << j
		}
		mask &^= low
	}
	return out
}

// trailing returns the index of the lowest set bit of m.
func trailing(m uint64) int { return bits.TrailingZeros64(m) }

// nodeName names a vertex: its Name for a *Vertex, else its gonum ID.
func nodeName(n graph.Node) string {
	if v, ok := n.(*Vertex); ok {
		return v.Name
	}
	return strconv.FormatInt(n.ID(), 10)
}
