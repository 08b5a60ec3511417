package games

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/simple"
)

// edgeSet returns a graph's edges as sorted "u-v" name pairs.
func edgeSet(g *simple.UndirectedGraph) []string {
	var out []string
	for _, e := range graph.EdgesOf(g.Edges()) {
		u, v := nodeName(e.From()), nodeName(e.To())
		if u > v {
			u, v = v, u
		}
		out = append(out, u+"-"+v)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func readFile(t *testing.T, path string, format GraphFormat) (*simple.UndirectedGraph, error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return ReadGraph(f, path, format)
}

func TestReadGraphFiles(t *testing.T) {
	cases := []struct {
		file            string
		vertices, edges int
	}{
		{"petersen.edges", 10, 15},
		{"petersen.dot", 10, 15},
		{"cube.dot", 8, 12},
		{"house.edges", 5, 6},
		{"isolated.edges", 5, 3},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			g, err := readFile(t, filepath.Join("testdata", "graphs", c.file), GraphAuto)
			if err != nil {
				t.Fatal(err)
			}
			if n, m := g.Nodes().Len(), len(edgeSet(g)); n != c.vertices || m != c.edges {
				t.Errorf("%d vertices and %d edges, want %d and %d", n, m, c.vertices, c.edges)
			}
			for _, n := range graph.NodesOf(g.Nodes()) {
				if v, ok := n.(*Vertex); !ok || v.Name == "" {
					t.Errorf("node %v is not a named *Vertex", n)
				}
			}
		})
	}
}

func TestReadGraphFormatsAgree(t *testing.T) {
	a, err := readFile(t, "testdata/graphs/petersen.edges", GraphEdges)
	if err != nil {
		t.Fatal(err)
	}
	b, err := readFile(t, "testdata/graphs/petersen.dot", GraphDOT)
	if err != nil {
		t.Fatal(err)
	}
	if ea, eb := edgeSet(a), edgeSet(b); !slices.Equal(ea, eb) {
		t.Errorf("edge list %v\nDOT %v", ea, eb)
	}
}

func TestReadGraphBad(t *testing.T) {
	cases := []struct {
		file       string
		line, col  int
		msgContent string
	}{
		{"four-fields.edges", 2, 0, "4 fields"},
		{"multiplicity-word.edges", 2, 0, "multiplicity"},
		{"json-game.json", 2, 0, "JSON"},
		{"self-loop.edges", 3, 0, "self-loop"},
		{"self-loop.dot", 0, 0, "self-loop"},
		{"digraph.dot", 0, 0, "undirected"},
		{"two-graphs.dot", 0, 0, "one graph"},
		{"edge-without-end.dot", 4, 1, "expected"},
		{"directed-edge.dot", 0, 0, "directed edge"},
		{"unterminated.dot", 3, 0, ""},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.file] = true
		t.Run(c.file, func(t *testing.T) {
			path := filepath.Join("testdata", "bad", c.file)
			g, err := readFile(t, path, GraphAuto)
			if err == nil {
				t.Fatalf("read %d vertices, want an error", g.Nodes().Len())
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%T %v is not a *ParseError", err, err)
			}
			if pe.File != path || pe.Line != c.line || c.col > 0 && pe.Column != c.col {
				t.Errorf("error %q at %s:%d:%d, want %s:%d:%d", err, pe.File, pe.Line, pe.Column, path, c.line, c.col)
			}
			if !strings.Contains(err.Error(), c.msgContent) || !strings.HasPrefix(err.Error(), path) {
				t.Errorf("error %q: want it to start with the file name and mention %q", err, c.msgContent)
			}
		})
	}
	// Every bad file in testdata has a case.
	files, _ := filepath.Glob("testdata/bad/*")
	for _, f := range files {
		if !seen[filepath.Base(f)] {
			t.Errorf("%s has no test case", f)
		}
	}
}

func TestReadGraphLongLine(t *testing.T) {
	data := "a b\n" + strings.Repeat("x", maxGraphLine+1) + " y\n"
	_, err := ReadGraph(strings.NewReader(data), "long", GraphEdges)
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 2 {
		t.Errorf("got %v, want a ParseError at line 2", err)
	}
}

func TestParseGraphFormat(t *testing.T) {
	for _, f := range []GraphFormat{GraphAuto, GraphEdges, GraphDOT} {
		got, err := ParseGraphFormat(f.String())
		if err != nil || got != f {
			t.Errorf("ParseGraphFormat(%q) = %v, %v", f.String(), got, err)
		}
	}
	if _, err := ParseGraphFormat("gml"); err == nil {
		t.Error("ParseGraphFormat accepted gml")
	}
}

// FuzzReadGraph reads arbitrary bytes in every format: the reader must
// return a graph or a *ParseError, never panic, and a graph must be simple
// with named vertices.
func FuzzReadGraph(f *testing.F) {
	for _, dir := range []string{"graphs", "bad"} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "*"))
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, format := range []GraphFormat{GraphAuto, GraphEdges, GraphDOT} {
			g, err := ReadGraph(bytes.NewReader(data), "fuzz", format)
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("%v: %T is not a *ParseError", format, err)
				}
				continue
			}
			for _, e := range graph.EdgesOf(g.Edges()) {
				if e.From().ID() == e.To().ID() {
					t.Fatalf("%v: self-loop accepted", format)
				}
			}
			for _, n := range graph.NodesOf(g.Nodes()) {
				if _, ok := n.(*Vertex); !ok {
					t.Fatalf("%v: node %T", format, n)
				}
			}
		}
	})
}

// TestReadGraphDollarGame reads the dollar game's edge lists as graphs: a
// multiplicity is one edge, the divisor line is skipped with a note at
// its line (issue 29, item 9: it was refused there).
func TestReadGraphDollarGame(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "chipfire", "good", "multi.txt")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, notes, err := ReadGraphNotes(f, path, GraphAuto)
	if err != nil {
		t.Fatal(err)
	}
	if g.Nodes().Len() != 3 || g.Edges().Len() != 2 {
		t.Errorf("%d vertices and %d edges, want 3 and 2", g.Nodes().Len(), g.Edges().Len())
	}
	if len(notes) != 1 || !strings.HasPrefix(notes[0], path+":4: the divisor is ignored") {
		t.Errorf("notes %q, want one on the divisor at line 4", notes)
	}
	_, _, err = ReadGraphNotes(strings.NewReader("a b\ndivisor: 1 2\ndivisor: 3 4\n"), "x", GraphAuto)
	if err == nil || !strings.Contains(err.Error(), "x:3: second divisor line") {
		t.Errorf("two divisor lines: %v", err)
	}
}
