package encode_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/encode"
	"github.com/satsolve/satsolve/models/nonogram/internal/board"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
)

// models enumerates the models of x's clauses in s, projected on the
// cells: each decoded, then blocked, until Unsat. It fails t past limit
// models or on a model Decode reads inconsistently with the known cells.
func models(t *testing.T, s sat.Solver, x *encode.Encoded, p *nonogram.Puzzle, limit int) []*nonogram.Grid {
	t.Helper()
	var out []*nonogram.Grid
	for {
		st, err := s.Solve(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if st == sat.Unsat {
			return out
		}
		g := x.Decode(s.Value)
		for r := range p.Height {
			for c := range p.Width {
				if l, v := x.Cell(r, c); l == 0 && g.At(r, c) != v {
					t.Fatalf("cell %d,%d known %v, decoded %v", r, c, v, g.At(r, c))
				}
			}
		}
		if out = append(out, g); len(out) > limit {
			t.Fatalf("more than %d models", limit)
		}
		if !x.Block(s, g) {
			return out
		}
	}
}

// TestEncodeExact checks both encodings against enumeration on puzzles of
// at most 16 cells: the models, projected on the cells, are exactly the
// puzzle's solutions, cold and after line solving (known cells fixed);
// with a known grid that no solution agrees with (a solution's cell
// flipped, where that leaves no solution) there is no model; Size counts
// what the encoding added.
func TestEncodeExact(t *testing.T) {
	for _, p := range nonotest.SmallPuzzles(8, 48) {
		want := nonotest.BruteSolutions(p)
		var known []*nonogram.Grid
		known = append(known, nil)
		if b := board.New(p); b.Propagate() {
			known = append(known, b.Grid())
		}
		if len(want) > 0 {
			wrong := want[0].Clone()
			wrong.Cells[0] = 3 - wrong.Cells[0]
			known = append(known, wrong)
		}
		for _, e := range nonogram.Encodings() {
			for k, kn := range known {
				t.Run(fmt.Sprintf("%s/%s/known%d", p.Name, e, k), func(t *testing.T) {
					var f sat.Formula
					x := encode.Encode(&f, p, kn, e)
					if v, c := x.Size(); v != f.NumVars || c != len(f.Clauses) {
						t.Fatalf("Size %d, %d; the formula has %d, %d", v, c, f.NumVars, len(f.Clauses))
					}
					s := gini.New()
					for range f.NumVars {
						s.NewVar()
					}
					for _, c := range f.Clauses {
						s.AddClause(c...)
					}
					got := models(t, s, x, p, len(want))
					var agree []*nonogram.Grid
					for _, g := range want {
						if kn == nil || compatible(g, kn) {
							agree = append(agree, g)
						}
					}
					if !nonotest.SameSolutions(got, agree) {
						t.Fatalf("%d models, %d solutions agree with the known cells", len(got), len(agree))
					}
				})
			}
		}
	}
}

// compatible reports whether g agrees with every known cell of known.
func compatible(g, known *nonogram.Grid) bool {
	for i, v := range known.Cells {
		if v != nonogram.Unknown && g.Cells[i] != v {
			return false
		}
	}
	return true
}
