package chipfire

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const testdata = "../../testdata/chipfire"

func readFile(t testing.TB, path string) (*Game, error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return ReadGame(f, filepath.Base(path), FormatAuto)
}

func TestReadGood(t *testing.T) {
	cp := corryPerkinson(t)
	cases := []struct {
		file    string
		g       *Graph
		names   []string
		divisor Divisor
	}{
		{"cp.txt", cp, []string{"A", "B", "C", "E"}, Divisor{2, -3, 4, -1}},
		{"cp.dot", cp, []string{"A", "B", "C", "E"}, Divisor{2, -3, 4, -1}},
		{"cp.json", cp, []string{"A", "B", "C", "E"}, Divisor{2, -3, 4, -1}},
		{"p4.txt", path(t, 4), nil, Divisor{-3, -3, 3, 3}},
		{"petersen.txt", petersen(t), nil, Divisor{6, -1, -1, 0, 0, 0, 0, 0, 0, 0}},
		{"k4.dot", complete(t, 4), nil, nil},
		{"multi.txt", mustGraph(t, 3, []Edge{{0, 1}, {1, 2}, {1, 2}, {1, 2}}), nil, Divisor{1, 0, -1}},
		{"lone.json", mustGraph(t, 1, nil), nil, Divisor{5}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			game, err := readFile(t, filepath.Join(testdata, "good", c.file))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(game.Graph.Edges(), c.g.Edges()) || game.Graph.N() != c.g.N() {
				t.Errorf("edges %v, want %v", game.Graph.Edges(), c.g.Edges())
			}
			if c.names != nil && !slices.Equal(game.Graph.Names(), c.names) {
				t.Errorf("names %v, want %v", game.Graph.Names(), c.names)
			}
			if !slices.Equal(game.Divisor, c.divisor) || (game.Divisor == nil) != (c.divisor == nil) {
				t.Errorf("divisor %v, want %v", game.Divisor, c.divisor)
			}
		})
	}
}

func TestReadBad(t *testing.T) {
	cases := []struct {
		file       string
		line, col  int
		want       string
		disconnect bool
	}{
		{"selfloop.txt", 2, 0, `self-loop at vertex "1"`, false},
		{"disconnected.txt", 0, 0, "vertex 2 cannot be reached", true},
		{"divisor-length.txt", 3, 0, "divisor has 2 values, the graph has 3 vertices", false},
		{"divisor-twice.txt", 3, 0, "second divisor line (the first is on line 2)", false},
		{"divisor-not-integer.txt", 2, 12, `"x" is not an integer`, false},
		{"divisor-too-large.txt", 2, 12, "out of range", false},
		{"divisor-empty.txt", 2, 0, "empty divisor", false},
		{"too-many-fields.txt", 2, 0, "got 4 fields", false},
		{"multiplicity-zero.txt", 2, 0, `multiplicity "0"`, false},
		{"no-vertices.txt", 0, 0, "no vertices", false},
		{"digraph.dot", 0, 0, "undirected", false},
		{"dot-selfloop.dot", 0, 0, `self-loop at vertex "b"`, false},
		{"dot-syntax.dot", 3, 8, "", false},
		{"dot-chips-not-integer.dot", 2, 6, `chips of vertex "a": "x" is not an integer`, false},
		{"dot-chips-quoted-fraction.dot", 3, 14, `chips of vertex "b": "2.5" is not an integer`, false},
		{"dot-two-graphs.dot", 0, 0, "want one graph, found 2", false},
		{"dot-disconnected.dot", 0, 0, "vertex c cannot be reached", true},
		{"json-unterminated.json", 3, 1, "unexpected EOF", false},
		{"json-unknown-field.json", 1, 0, `unknown field "colour"`, false},
		{"json-edge-triple.json", 0, 0, "edge 0: want [u, v], got 3 numbers", false},
		{"json-divisor-length.json", 0, 0, "divisor has 3 values, the graph has 2 vertices", false},
		{"json-trailing-data.json", 1, 0, "data after the JSON object", false},
		{"json-vertex-not-integer.json", 1, 0, "cannot unmarshal string", false},
		{"json-vertex-range.json", 0, 0, "edge to vertex 5, but there are 2 vertices", false},
		{"json-no-edges.json", 0, 0, `missing "edges"`, false},
		{"json-disconnected.json", 0, 0, "cannot be reached", true},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			_, err := readFile(t, filepath.Join(testdata, "bad", c.file))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v (%T), want a *ParseError", err, err)
			}
			if pe.File != c.file || pe.Line != c.line || (c.col > 0 && pe.Column != c.col) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %q (line %d, column %d), want line %d, column %d, %q", err, pe.Line, pe.Column, c.line, c.col, c.want)
			}
			if errors.Is(err, ErrDisconnected) != c.disconnect {
				t.Errorf("errors.Is(err, ErrDisconnected) = %v", !c.disconnect)
			}
		})
	}
	// Every bad file is in the table.
	entries, _ := os.ReadDir(filepath.Join(testdata, "bad"))
	if len(entries) != len(cases) {
		t.Errorf("%d bad files, %d cases", len(entries), len(cases))
	}
}

func TestFormats(t *testing.T) {
	for _, f := range []Format{FormatAuto, FormatEdges, FormatDOT, FormatJSON} {
		g, err := ParseFormat(f.String())
		if err != nil || g != f {
			t.Errorf("ParseFormat(%q) = %v, %v", f.String(), g, err)
		}
	}
	if _, err := ParseFormat("xml"); err == nil {
		t.Error("ParseFormat accepted xml")
	}
	// A format forced on the wrong data fails cleanly.
	if _, err := ReadGame(strings.NewReader("0 1\n"), "x", FormatJSON); err == nil {
		t.Error("an edge list read as JSON")
	}
}

// sameGame compares two games by vertex names: the same multiset of edges
// and the same value on each vertex.
func sameGame(a, b *Game) bool {
	if a.Graph.N() != b.Graph.N() || a.Graph.M() != b.Graph.M() || (a.Divisor == nil) != (b.Divisor == nil) {
		return false
	}
	for v := range a.Graph.N() {
		w := b.Graph.Vertex(a.Graph.Name(v))
		if w < 0 || (a.Divisor != nil && a.Divisor[v] != b.Divisor[w]) {
			return false
		}
		for _, x := range a.Graph.Neighbors(v) {
			if b.Graph.Mult(w, b.Graph.Vertex(a.Graph.Name(x.V))) != x.Mult {
				return false
			}
		}
	}
	return true
}

// roundTrip writes a game in every format and reads it back.
func roundTrip(t *testing.T, game *Game) {
	t.Helper()
	for _, f := range []Format{FormatEdges, FormatDOT, FormatJSON} {
		var buf bytes.Buffer
		if err := WriteGame(&buf, game.Graph, game.Divisor, f); err != nil {
			if strings.Contains(err.Error(), "cannot be written in") {
				continue
			}
			t.Fatalf("%v: write: %v", f, err)
		}
		back, err := ReadGame(bytes.NewReader(buf.Bytes()), "round trip", f)
		if err != nil {
			t.Fatalf("%v: read back: %v\n%s", f, err, buf.String())
		}
		if !sameGame(game, back) {
			t.Fatalf("%v: round trip changed the game\n%s", f, buf.String())
		}
	}
}

func TestRoundTrip(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join(testdata, "good"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Run(e.Name(), func(t *testing.T) {
			game, err := readFile(t, filepath.Join(testdata, "good", e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			roundTrip(t, game)
		})
	}
	t.Run("names with spaces", func(t *testing.T) {
		g, err := NewNamedGraph([]string{"a b", "c\"d"}, []Edge{{0, 1}})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteGame(&buf, g, nil, FormatJSON); err != nil {
			t.Fatal(err)
		}
		back, err := ReadGame(&buf, "x", FormatJSON)
		if err != nil || !sameGame(&Game{Graph: g}, back) {
			t.Errorf("JSON round trip: %v", err)
		}
	})
}

// FuzzReadGame reads arbitrary bytes in every format: nothing may panic,
// every error is a *ParseError, and whatever reads must write and read
// back to the same game.
func FuzzReadGame(f *testing.F) {
	for _, dir := range []string{"good", "bad"} {
		entries, _ := os.ReadDir(filepath.Join(testdata, dir))
		for _, e := range entries {
			data, err := os.ReadFile(filepath.Join(testdata, dir, e.Name()))
			if err == nil {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, format := range []Format{FormatAuto, FormatEdges, FormatDOT, FormatJSON} {
			game, err := ReadGame(bytes.NewReader(data), "fuzz", format)
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("%v: error %v is not a *ParseError", format, err)
				}
				continue
			}
			if game.Graph.N() > 200 || game.Graph.M() > 2000 {
				continue // keep the round trip cheap
			}
			roundTrip(t, game)
		}
	})
}
