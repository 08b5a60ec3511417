package chipfire

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/models/internal/graphfile"
)

// Game files.
//
// Three formats describe a graph and, optionally, a divisor:
//
//   - Edge list: one edge "u v" per line (a repeated line is a multi-edge;
//     "u v k" is k parallel edges), a lone "u" for a vertex, "#" or "%"
//     starting a comment, and the divisor on a line of its own,
//     "divisor: 2 -3 4 -1" (or with commas), in vertex order (below).
//     Names are any words without white space, "#" or "%"; a line
//     starting with "divisor:" is the divisor line.
//   - DOT: one undirected graph ("graph" or "strict graph"; strict merges
//     parallel edges), read by gonum's DOT decoder; the divisor is the
//     node attribute chips (0 where it is missing).
//   - JSON: {"edges": [[0,1], …], "divisor": […]} with vertices 0..n−1;
//     optional "vertices" (n) and "names" (labels for 0..n−1).
//
// Vertex order in edge lists and DOT: when every name is a decimal integer
// without sign or leading zeros, by numeric value; otherwise in order of
// first appearance.

// Format selects how a game file is read.
type Format uint8

// The game file formats.
const (
	FormatAuto  Format = iota // JSON if the file starts with "{", DOT if with a DOT keyword, else an edge list
	FormatEdges               // an edge list
	FormatDOT                 // Graphviz DOT
	FormatJSON                // JSON
)

var formatNames = []string{"auto", "edges", "dot", "json"}

// String returns the format's flag name, e.g. "dot".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// ParseFormat returns the format whose String is name.
func ParseFormat(name string) (Format, error) {
	if i := slices.Index(formatNames, name); i >= 0 {
		return Format(i), nil
	}
	return 0, fmt.Errorf("unknown game format %q (want %s)", name, strings.Join(formatNames, ", "))
}

// Game is a graph with an optional divisor.
type Game struct {
	// Graph is the graph.
	Graph *Graph
	// Divisor is the divisor given in the file, nil if none.
	Divisor Divisor
}

// ParseError is an error at a position of a game file: File is the name
// given to ReadGame; Line and Column count from 1, 0 when unknown.
type ParseError = graphfile.ParseError

// MaxFileSize bounds the size of a game file.
const MaxFileSize = 1 << 28

// ReadGame reads a game from r in the given format; name is the file name
// used in errors. Every error is a *ParseError: syntax, a self-loop, a
// directed graph, sizes beyond the limits, a divisor of the wrong length,
// or a disconnected graph (wrapping ErrDisconnected).
func ReadGame(r io.Reader, name string, f Format) (*Game, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	if len(data) > MaxFileSize {
		return nil, &ParseError{File: name, Err: fmt.Errorf("file larger than %d bytes", MaxFileSize)}
	}
	if f == FormatAuto {
		f = sniff(data)
	}
	var p *parsed
	switch f {
	case FormatEdges:
		p, err = readEdges(data)
	case FormatDOT:
		p, err = readDOT(data)
	case FormatJSON:
		p, err = readJSON(data)
	default:
		err = fmt.Errorf("unknown game format %v", f)
	}
	var game *Game
	if err == nil {
		if game, err = p.game(); err == nil {
			return game, nil
		}
	}
	return nil, graphfile.InFile(name, err)
}

// sniff picks JSON for a file starting with "{", DOT for one whose first
// word (after blank and comment lines) is a DOT graph keyword, else an
// edge list.
func sniff(data []byte) Format {
	for line := range strings.Lines(string(data)) {
		t := strings.TrimSpace(line)
		if t == "" || t[0] == '#' || t[0] == '%' || strings.HasPrefix(t, "//") {
			continue
		}
		if t[0] == '{' {
			return FormatJSON
		}
		w := strings.ToLower(strings.FieldsFunc(t, func(r rune) bool { return r == ' ' || r == '\t' || r == '{' })[0])
		switch w {
		case "graph", "digraph", "strict":
			return FormatDOT
		}
		return FormatEdges
	}
	return FormatEdges
}

// parsed is what a reader found, before the graph is built.
type parsed struct {
	names   []string
	edges   []Edge
	divisor Divisor
	divLine int // line of the divisor, for errors (0 if unknown)
	// fixed keeps the vertex order as read (JSON); byVertex says the
	// divisor follows the vertices when they are renumbered (DOT
	// attributes) rather than being listed in the final order.
	fixed, byVertex bool
}

// game orders the vertices, builds the graph and checks the divisor.
func (p *parsed) game() (*Game, error) {
	if len(p.names) == 0 {
		return nil, &ParseError{Err: errors.New("no vertices")}
	}
	if p.divisor != nil && len(p.divisor) != len(p.names) {
		return nil, &ParseError{Line: p.divLine, Err: fmt.Errorf("divisor has %s, the graph has %s", english.Count(len(p.divisor), "value"), english.Count(len(p.names), "vertex"))}
	}
	if !p.fixed {
		p.numericOrder()
	}
	g, err := NewNamedGraph(p.names, p.edges)
	if err != nil {
		return nil, &ParseError{Err: err}
	}
	return &Game{Graph: g, Divisor: p.divisor}, nil
}

// numericOrder renumbers the vertices by numeric value when every name is
// a canonical decimal integer, permuting the edges and divisor to match.
func (p *parsed) numericOrder() {
	vals := make([]uint64, len(p.names))
	for i, s := range p.names {
		x, err := strconv.ParseUint(s, 10, 64)
		if err != nil || strconv.FormatUint(x, 10) != s {
			return
		}
		vals[i] = x
	}
	perm := make([]int, len(vals)) // perm[new] = old
	for i := range perm {
		perm[i] = i
	}
	slices.SortFunc(perm, func(a, b int) int { return cmp.Compare(vals[a], vals[b]) })
	inv := make([]int, len(perm))
	names := make([]string, len(perm))
	for nw, old := range perm {
		inv[old] = nw
		names[nw] = p.names[old]
	}
	p.names = names
	for i, e := range p.edges {
		p.edges[i] = Edge{inv[e.U], inv[e.V]}
	}
	if p.byVertex && p.divisor != nil {
		d := make(Divisor, len(perm))
		for nw, old := range perm {
			d[nw] = p.divisor[old]
		}
		p.divisor = d
	}
}

// namer numbers vertex names in order of first appearance.
type namer struct {
	names []string
	index map[string]int
}

func newNamer() *namer { return &namer{index: make(map[string]int)} }

// vertex returns the number of name, adding it if new; the error reports
// too many vertices.
func (nm *namer) vertex(name string) (int, error) {
	if i, ok := nm.index[name]; ok {
		return i, nil
	}
	if len(nm.names) == MaxVertices {
		return 0, fmt.Errorf("more than %d vertices", MaxVertices)
	}
	nm.index[name] = len(nm.names)
	nm.names = append(nm.names, name)
	return len(nm.names) - 1, nil
}
