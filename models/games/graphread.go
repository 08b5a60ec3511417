package games

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/encoding/dot"
	fdot "gonum.org/v1/gonum/graph/formats/dot"
	"gonum.org/v1/gonum/graph/simple"
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

// ParseError is an error at a position of a graph file.
type ParseError struct {
	// File is the file name given to ReadGraph.
	File string
	// Line and Column locate the error, from 1; 0 when unknown.
	Line, Column int
	// Err is the error itself.
	Err error
}

// Error returns "FILE:LINE:COLUMN: message", leaving out what is unknown.
func (e *ParseError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	for _, n := range []int{e.Line, e.Column} {
		if n > 0 {
			fmt.Fprintf(&b, ":%d", n)
		}
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// ReadGraph reads an undirected graph from r in the given format; name is
// the file name used in errors. Every error is a *ParseError.
func ReadGraph(r io.Reader, name string, format GraphFormat) (*simple.UndirectedGraph, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	if format == GraphAuto {
		format = sniffFormat(data)
	}
	switch format {
	case GraphEdges:
		return readEdges(data, name)
	case GraphDOT:
		return readDOT(data, name)
	}
	return nil, &ParseError{File: name, Err: fmt.Errorf("unknown graph format %v", format)}
}

// sniffFormat picks DOT when the first word of the file, after blank and
// comment lines, is a DOT graph keyword.
func sniffFormat(data []byte) GraphFormat {
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(stripComment(line))
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

// stripComment cuts an edge-list line at "#" or "%".
func stripComment(line string) string {
	if i := strings.IndexAny(line, "#%"); i >= 0 {
		return line[:i]
	}
	return line
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

func readEdges(data []byte, file string) (*simple.UndirectedGraph, error) {
	b := newNamedGraph()
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, maxGraphLine)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Fields(stripComment(sc.Text()))
		switch len(f) {
		case 0:
		case 1:
			b.vertex(f[0])
		case 2:
			if f[0] == f[1] {
				return nil, &ParseError{File: file, Line: line, Err: fmt.Errorf("self-loop at vertex %q", f[0])}
			}
			u, v := b.vertex(f[0]), b.vertex(f[1])
			b.g.SetEdge(b.g.NewEdge(u, v))
		default:
			return nil, &ParseError{File: file, Line: line, Err: fmt.Errorf("want one edge \"u v\" per line, got %d fields", len(f))}
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			err = fmt.Errorf("line longer than %d bytes", maxGraphLine)
		}
		return nil, &ParseError{File: file, Line: line + 1, Err: err}
	}
	return b.g, nil
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

// dotPosition matches the "LINE:COL: error: " prefix of gonum's DOT parser.
var dotPosition = regexp.MustCompile(`^(\d+):(\d+): (?:error: )?`)

func readDOT(data []byte, file string) (*simple.UndirectedGraph, error) {
	ast, err := fdot.ParseBytes(data)
	if err != nil {
		return nil, dotError(file, err)
	}
	if len(ast.Graphs) != 1 {
		return nil, &ParseError{File: file, Err: fmt.Errorf("want one graph, found %d", len(ast.Graphs))}
	}
	if ast.Graphs[0].Directed {
		return nil, &ParseError{File: file, Err: errors.New("node-Kayles needs an undirected graph (\"graph\", not \"digraph\")")}
	}
	b := &dotBuilder{UndirectedGraph: simple.NewUndirectedGraph()}
	if err := dot.Unmarshal(data, b); err != nil {
		return nil, dotError(file, err)
	}
	if b.err != nil {
		return nil, &ParseError{File: file, Err: b.err}
	}
	return b.UndirectedGraph, nil
}

// dotError turns an error of gonum's DOT packages into a *ParseError,
// moving its position prefix into Line and Column.
func dotError(file string, err error) error {
	msg := err.Error()
	pe := &ParseError{File: file, Err: err}
	if m := dotPosition.FindStringSubmatch(msg); m != nil {
		pe.Line, _ = strconv.Atoi(m[1])
		pe.Column, _ = strconv.Atoi(m[2])
		pe.Err = errors.New(msg[len(m[0]):])
	}
	return pe
}
