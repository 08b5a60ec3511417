package chipfire

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"gonum.org/v1/gonum/graph/encoding"
	"gonum.org/v1/gonum/graph/encoding/dot"
	"gonum.org/v1/gonum/graph/multi"
)

// WriteGame writes g and d (nil for no divisor) in format f (not
// FormatAuto), so that ReadGame reads back the same graph and divisor.
// The error is the writer's, or reports FormatAuto or a divisor that does
// not fit g.
func WriteGame(w io.Writer, g *Graph, d Divisor, f Format) error {
	if d != nil {
		if err := g.CheckDivisor(d); err != nil {
			return err
		}
	}
	switch f {
	case FormatEdges:
		return writeEdges(w, g, d)
	case FormatJSON:
		return writeJSON(w, g, d)
	case FormatDOT:
		return writeDOT(w, g, d)
	}
	return fmt.Errorf("cannot write the %v format", f)
}

// writeEdges writes the edge-list format: a comment with the sizes, one
// line per adjacent pair ("u v", or "u v k" for k parallel edges), the
// divisor line, and lone vertices for a one-vertex graph.
func writeEdges(w io.Writer, g *Graph, d Divisor) error {
	for _, s := range g.names {
		if strings.ContainsFunc(s, unicode.IsSpace) || strings.ContainsAny(s, "#%") || strings.HasPrefix(s, "divisor:") {
			return fmt.Errorf("vertex name %q cannot be written in an edge list", s)
		}
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# dollar game: %d vertices, %d edges, genus %d\n", g.N(), g.M(), g.Genus())
	if !g.numericNames() {
		// Keep first-appearance order: name every vertex on its own line.
		for _, s := range g.names {
			fmt.Fprintln(bw, s)
		}
	} else if g.N() == 1 {
		fmt.Fprintln(bw, g.names[0])
	}
	for u, ns := range g.adj {
		for _, x := range ns {
			if x.V < u {
				continue
			}
			if x.Mult == 1 {
				fmt.Fprintf(bw, "%s %s\n", g.names[u], g.names[x.V])
			} else {
				fmt.Fprintf(bw, "%s %s %d\n", g.names[u], g.names[x.V], x.Mult)
			}
		}
	}
	if d != nil {
		fmt.Fprintf(bw, "divisor: %v\n", joinSpaced(d))
	}
	return bw.Flush()
}

// numericNames reports whether the names are "0".."n−1" in order, the
// order the readers give numeric names.
func (g *Graph) numericNames() bool {
	for v, s := range g.names {
		if s != strconv.Itoa(v) {
			return false
		}
	}
	return true
}

func joinSpaced(d Divisor) string {
	b := make([]byte, 0, 4*len(d))
	for i, x := range d {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, x, 10)
	}
	return string(b)
}

// writeJSON writes the JSON format, with "names" unless they are
// "0".."n−1" and "vertices" for a one-vertex graph.
func writeJSON(w io.Writer, g *Graph, d Divisor) error {
	j := jsonGame{Edges: make([][]int, 0, g.M()), Divisor: d}
	if !g.numericNames() {
		j.Names = g.names
	}
	if g.N() == 1 {
		n := 1
		j.Vertices = &n
	}
	for _, e := range g.Edges() {
		j.Edges = append(j.Edges, []int{e.U, e.V})
	}
	enc := json.NewEncoder(w)
	return enc.Encode(j)
}

// outNode is a vertex for gonum's DOT encoder.
type outNode struct {
	id    int64
	name  string
	chips *int64
}

func (n outNode) ID() int64 { return n.id }

// DOTID returns the name as a DOT ID: bare when it is an identifier or a
// numeral, quoted otherwise (gonum's decoder unquotes it).
func (n outNode) DOTID() string {
	ident, numeral := dotPatterns()
	if (ident.MatchString(n.name) && !dotKeywords[strings.ToLower(n.name)]) || numeral.MatchString(n.name) {
		return n.name
	}
	return strconv.Quote(n.name)
}

// dotPatterns returns DOT's identifier and numeral patterns, compiled on
// first use rather than at start-up (most runs of satsolve write no DOT).
var dotPatterns = sync.OnceValues(func() (ident, numeral *regexp.Regexp) {
	return regexp.MustCompile(`^[A-Za-z_\x80-\xff][A-Za-z_0-9\x80-\xff]*$`),
		regexp.MustCompile(`^-?(\.[0-9]+|[0-9]+(\.[0-9]*)?)$`)
})

var dotKeywords = map[string]bool{"graph": true, "digraph": true, "strict": true, "node": true, "edge": true, "subgraph": true}

// Attributes returns the chips attribute when there is a divisor.
func (n outNode) Attributes() []encoding.Attribute {
	if n.chips == nil {
		return nil
	}
	return []encoding.Attribute{{Key: "chips", Value: strconv.FormatInt(*n.chips, 10)}}
}

// writeDOT writes the graph with gonum's DOT encoder, as a multigraph,
// with the divisor as chips attributes.
func writeDOT(w io.Writer, g *Graph, d Divisor) error {
	for _, s := range g.names {
		// gonum's decoder keeps "<…>" quoted, as an HTML-like ID.
		if strings.HasPrefix(s, "<") && strings.HasSuffix(s, ">") {
			return fmt.Errorf("vertex name %q cannot be written in DOT", s)
		}
	}
	mg := multi.NewUndirectedGraph()
	nodes := make([]outNode, g.N())
	for v := range nodes {
		nodes[v] = outNode{id: int64(v), name: g.names[v]}
		if d != nil {
			nodes[v].chips = &d[v]
		}
		mg.AddNode(nodes[v])
	}
	for _, e := range g.Edges() {
		mg.SetLine(mg.NewLine(nodes[e.U], nodes[e.V]))
	}
	b, err := dot.MarshalMulti(mg, "", "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
