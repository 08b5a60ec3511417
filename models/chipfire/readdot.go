package chipfire

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/encoding"
	"gonum.org/v1/gonum/graph/encoding/dot"
	fdot "gonum.org/v1/gonum/graph/formats/dot"
	"gonum.org/v1/gonum/graph/multi"

	"github.com/satsolve/satsolve/models/internal/graphfile"
)

// dotNode is a vertex of a DOT file: its name and its chips attribute.
type dotNode struct {
	id    int64
	name  string
	chips int64
	b     *dotBuilder
}

// ID returns the gonum node ID.
func (n *dotNode) ID() int64 { return n.id }

// SetDOTID records the node's name, for gonum's DOT decoder.
func (n *dotNode) SetDOTID(id string) { n.name = id }

// SetAttribute reads the chips attribute and ignores the others.
func (n *dotNode) SetAttribute(a encoding.Attribute) error {
	if a.Key != "chips" {
		return nil
	}
	x, err := parseValue(a.Value)
	if err != nil {
		if n.b.attrErr == nil {
			n.b.attrErr = &attrError{node: n.name, value: a.Value, err: err}
		}
		return err
	}
	n.chips, n.b.chips = x, true
	return nil
}

// dotBuilder receives gonum's decoding into a multigraph; it records the
// lines in order and turns a self-loop or too many edges into an error
// instead of building them.
type dotBuilder struct {
	*multi.UndirectedGraph
	nodes   []*dotNode
	edges   []Edge
	index   map[int64]int
	chips   bool // some node has a chips attribute
	err     error
	attrErr *attrError // the first bad chips attribute
}

// attrError is a chips attribute that is not an integer. gonum's decoder
// reports it without a position; attrPosition finds it in the source.
type attrError struct {
	node, value string
	err         error
}

// attrPosition returns the error of the bad chips attribute e, positioned
// at its first occurrence in data ("chips" = the value, quoted or not).
func attrPosition(data []byte, e *attrError) error {
	err := fmt.Errorf("chips of vertex %q: %w", e.node, e.err)
	re := regexp.MustCompile(`chips\s*=\s*"?` + regexp.QuoteMeta(e.value))
	loc := re.FindIndex(data)
	if loc == nil {
		return err
	}
	line := 1 + bytes.Count(data[:loc[0]], []byte{'\n'})
	col := loc[0] - bytes.LastIndexByte(data[:loc[0]], '\n')
	return &graphfile.ParseError{Line: line, Column: col, Err: err}
}

// NewNode returns a fresh *dotNode.
func (b *dotBuilder) NewNode() graph.Node {
	n := &dotNode{id: b.UndirectedGraph.NewNode().ID(), b: b}
	b.index[n.id] = len(b.nodes)
	b.nodes = append(b.nodes, n)
	return n
}

// SetLine records an edge.
func (b *dotBuilder) SetLine(l graph.Line) {
	if b.err != nil {
		return
	}
	u, v := l.From().(*dotNode), l.To().(*dotNode)
	switch {
	case u.id == v.id:
		b.err = fmt.Errorf("self-loop at vertex %q", u.name)
	case len(b.edges) == MaxEdges:
		b.err = fmt.Errorf("more than %d edges", MaxEdges)
	default:
		b.edges = append(b.edges, Edge{b.index[u.id], b.index[v.id]})
		b.UndirectedGraph.SetLine(l)
	}
}

// readDOT reads one undirected DOT graph with gonum's decoder.
func readDOT(data []byte) (*parsed, error) {
	ast, err := fdot.ParseBytes(data)
	if err != nil {
		return nil, graphfile.DOTError(err)
	}
	if len(ast.Graphs) != 1 {
		return nil, fmt.Errorf("want one graph, found %d", len(ast.Graphs))
	}
	if ast.Graphs[0].Directed {
		return nil, errors.New("the dollar game needs an undirected graph (\"graph\", not \"digraph\")")
	}
	b := &dotBuilder{UndirectedGraph: multi.NewUndirectedGraph(), index: make(map[int64]int)}
	if err := dot.UnmarshalMulti(data, b); err != nil {
		if b.attrErr != nil {
			return nil, attrPosition(data, b.attrErr)
		}
		return nil, graphfile.DOTError(err)
	}
	if b.err != nil {
		return nil, b.err
	}
	if len(b.nodes) > MaxVertices {
		return nil, fmt.Errorf("more than %d vertices", MaxVertices)
	}
	p := &parsed{names: make([]string, len(b.nodes)), byVertex: true}
	d := make(Divisor, len(b.nodes))
	for i, n := range b.nodes {
		p.names[i], d[i] = n.name, n.chips
	}
	if b.chips {
		p.divisor = d
	}
	p.edges = b.edges
	if ast.Graphs[0].Strict {
		p.edges = simpleEdges(p.edges)
	}
	return p, nil
}

// simpleEdges keeps one edge per pair, as a strict graph demands.
func simpleEdges(es []Edge) []Edge {
	seen := make(map[Edge]bool, len(es))
	out := es[:0]
	for _, e := range es {
		k := Edge{min(e.U, e.V), max(e.U, e.V)}
		if !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	return out
}
