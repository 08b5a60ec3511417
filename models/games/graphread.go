package games

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/encoding/dot"
	fdot "gonum.org/v1/gonum/graph/formats/dot"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/satsolve/satsolve/models/internal/graphfile"
)

// Graph files for node-Kayles: an edge list or Graphviz DOT, read into a
// gonum simple undirected graph whose nodes are *Vertex values.
//
// Edge list: one edge "u v" per line, or a lone "u" for a vertex without
// edges; names are any tokens without white space; "#" or "%" starts a
// comment to the end of the line; repeated edges count once. DOT: one
// undirected graph ("graph" or "strict graph"), read by gonum's DOT
// decoder; attributes are ignored. A self-loop is an error in both formats
// (node-Kayles is played on simple graphs), and so is a directed graph.
//
// The dollar game's edge lists (models/chipfire) read as graphs too: an
// edge "u v k" of multiplicity k is the edge u–v (repeated edges count
// once), and the "divisor:" line, which node-Kayles has no use for, is
// skipped with a note (ReadGraphNotes), as DOT's chips attributes are.

// maxGraphLine bounds the length of an edge-list line.
const maxGraphLine = 1 << 16

// GraphFormat selects how a graph file is read.
type GraphFormat uint8

// The graph formats.
const (
	GraphAuto  GraphFormat = iota // DOT if the file starts with "graph", "digraph" or "strict", else an edge list
	GraphEdges                    // an edge list
	GraphDOT                      // Graphviz DOT
)

var graphFormatNames = []string{"auto", "edges", "dot"}

// String returns the format's flag name, e.g. "dot".
func (f GraphFormat) String() string {
	if int(f) < len(graphFormatNames) {
		return graphFormatNames[f]
	}
	return "GraphFormat(" + strconv.Itoa(int(f)) + ")"
}

// ParseGraphFormat returns the format whose String is name.
func ParseGraphFormat(name string) (GraphFormat, error) {
	for i, n := range graphFormatNames {
		if n == name {
			return GraphFormat(i), nil
		}
	}
	return 0, fmt.Errorf("unknown graph format %q (want %s)", name, strings.Join(graphFormatNames, ", "))
}

// Vertex is a named vertex of a graph read from a file.
type Vertex struct {
	id   int64
	Name string
}

// ID returns the vertex's gonum node ID.
func (v *Vertex) ID() int64 { return v.id }

// DOTID returns the vertex's name, for gonum's DOT encoder.
func (v *Vertex) DOTID() string { return v.Name }

// SetDOTID sets the vertex's name, for gonum's DOT decoder.
func (v *Vertex) SetDOTID(id string) { v.Name = id }

// String returns the vertex's name.
func (v *Vertex) String() string { return v.Name }

// ParseError is an error at a position of a graph file: File is the name
// given to ReadGraph; Line and Column count from 1, 0 when unknown.
type ParseError = graphfile.ParseError

// ReadGraph reads an undirected graph from r in the given format; name is
// the file name used in errors. Every error is a *ParseError.
func ReadGraph(r io.Reader, name string, format GraphFormat) (*simple.UndirectedGraph, error) {
	g, _, err := ReadGraphNotes(r, name, format)
	return g, err
}

// ReadGraphNotes is ReadGraph, and also returns notes on what the file
// holds that the graph leaves out ("FILE:LINE: the divisor is ignored"),
// for the caller to show.
func ReadGraphNotes(r io.Reader, name string, format GraphFormat) (*simple.UndirectedGraph, []string, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, graphfile.InFile(name, err)
	}
	if format == GraphAuto {
		if lead := len(data) - len(bytes.TrimLeft(data, " \t\r\n")); lead < len(data) && data[lead] == '{' {
			return nil, nil, &ParseError{File: name, Line: 1 + bytes.Count(data[:lead], []byte("\n")),
				Err: errors.New("a JSON game file: node-Kayles reads edge lists and DOT (satsolve chipfire random --out-format edges writes one)")}
		}
		format = sniffFormat(data)
	}
	var g *simple.UndirectedGraph
	var notes []string
	switch format {
	case GraphEdges:
		var divLine int
		g, divLine, err = readEdges(data)
		if divLine > 0 {
			notes = append(notes, fmt.Sprintf("%s:%d: the divisor is ignored: node-Kayles is played on the graph alone", name, divLine))
		}
	case GraphDOT:
		g, err = readDOT(data)
	default:
		err = fmt.Errorf("unknown graph format %v", format)
	}
	if err != nil {
		return nil, nil, graphfile.InFile(name, err)
	}
	return g, notes, nil
}

// sniffFormat picks DOT when the first word of the file, after blank and
// comment lines, is a DOT graph keyword.
func sniffFormat(data []byte) GraphFormat {
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(graphfile.StripComment(line))
		if len(f) == 0 || strings.HasPrefix(f[0], "//") {
			continue
		}
		switch strings.ToLower(strings.TrimSuffix(f[0], "{")) {
		case "graph", "digraph", "strict":
			return GraphDOT
		}
		return GraphEdges
	}
	return GraphEdges
}

// namedGraph builds a simple graph of *Vertex nodes by name.
type namedGraph struct {
	g     *simple.UndirectedGraph
	names map[string]*Vertex
}

func newNamedGraph() *namedGraph {
	return &namedGraph{g: simple.NewUndirectedGraph(), names: make(map[string]*Vertex)}
}

func (b *namedGraph) vertex(name string) *Vertex {
	v, ok := b.names[name]
	if !ok {
		v = &Vertex{id: b.g.NewNode().ID(), Name: name}
		b.g.AddNode(v)
		b.names[name] = v
	}
	return v
}

// readEdges reads the edge-list format; errors are *ParseErrors at a line.
// divLine is the line of a dollar-game "divisor:" line, skipped, or 0.
func readEdges(data []byte) (g *simple.UndirectedGraph, divLine int, err error) {
	b := newNamedGraph()
	err = graphfile.ScanLines(data, maxGraphLine, func(line int, text string) error {
		if strings.HasPrefix(strings.TrimLeft(text, " \t"), "divisor:") {
			if divLine > 0 {
				return fmt.Errorf("second divisor line (the first is on line %d)", divLine)
			}
			divLine = line
			return nil
		}
		f := strings.Fields(text)
		switch len(f) {
		case 0:
		case 1:
			b.vertex(f[0])
		case 2, 3:
			if len(f) == 3 {
				if k, err := strconv.Atoi(f[2]); err != nil || k < 1 {
					return fmt.Errorf("edge multiplicity %q is not a positive integer", f[2])
				}
			}
			if f[0] == f[1] {
				return fmt.Errorf("self-loop at vertex %q", f[0])
			}
			u, v := b.vertex(f[0]), b.vertex(f[1])
			b.g.SetEdge(b.g.NewEdge(u, v))
		default:
			return fmt.Errorf("want one edge \"u v\" (or \"u v k\") per line, got %d fields", len(f))
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return b.g, divLine, nil
}

// dotBuilder receives gonum's DOT decoding: nodes become *Vertex values and
// a self-loop is recorded as an error instead of the panic of
// simple.UndirectedGraph.
type dotBuilder struct {
	*simple.UndirectedGraph
	err error
}

func (b *dotBuilder) NewNode() graph.Node { return &Vertex{id: b.UndirectedGraph.NewNode().ID()} }

func (b *dotBuilder) SetEdge(e graph.Edge) {
	if e.From().ID() == e.To().ID() {
		if b.err == nil {
			b.err = fmt.Errorf("self-loop at vertex %q", e.From().(*Vertex).Name)
		}
		return
	}
	b.UndirectedGraph.SetEdge(e)
}

// readDOT reads one undirected DOT graph with gonum's decoder.
func readDOT(data []byte) (*simple.UndirectedGraph, error) {
	ast, err := fdot.ParseBytes(data)
	if err != nil {
		return nil, graphfile.DOTError(err)
	}
	if len(ast.Graphs) != 1 {
		return nil, fmt.Errorf("want one graph, found %d", len(ast.Graphs))
	}
	if ast.Graphs[0].Directed {
		return nil, errors.New("node-Kayles needs an undirected graph (\"graph\", not \"digraph\")")
	}
	b := &dotBuilder{UndirectedGraph: simple.NewUndirectedGraph()}
	if err := dot.Unmarshal(data, b); err != nil {
		return nil, graphfile.DOTError(err)
	}
	if b.err != nil {
		return nil, b.err
	}
	return b.UndirectedGraph, nil
}
