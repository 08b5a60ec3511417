package dobble

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// TestSolveDesignPlanes finds the planes of orders 2, 3 and 4 by SAT with
// every symmetry level and pair encoding, and checks each against the
// rules and against the construction (these planes are unique, so the
// SAT plane must be isomorphic to it).
func TestSolveDesignPlanes(t *testing.T) {
	for _, k := range []int{3, 4, 5, 6} {
		want, _ := Plane(k - 1)
		for _, sym := range []Symmetry{SymNone, SymLex, SymPencil, SymTransversal, SymLatin} {
			for _, pair := range []PairEncoding{PairAux, PairRect} {
				for _, be := range backends {
					if be.name == "gophersat" && (k > 4 || sym != SymLatin) || k == 6 && (sym < SymPencil || pair == PairRect) {
						continue // slow: the child-process backend, and order 5 without the standard form
					}
					// Latin-level cases in one formula on gini, one solver each on gophersat.
					opt := Options{Pair: pair, Card: encode.CardTotalizer, AMO: encode.AMOPairwise, Symmetry: sym, Together: be.name == "gini"}
					t.Run(fmt.Sprintf("k=%d/%v/%v/%s", k, sym, pair, be.name), func(t *testing.T) {
						res, err := SolveDesign(context.Background(), be.new, k, 1, opt)
						if err != nil || res.Status != sat.Sat {
							t.Fatalf("SolveDesign = %v, %v", res.Status, err)
						}
						if err := Check(res.Deck, k, 1); err != nil {
							t.Fatal(err)
						}
						if _, ok := Isomorphism(res.Deck, want); !ok {
							t.Error("the SAT plane is not isomorphic to PG(2, q)")
						}
					})
				}
			}
		}
	}
}

// TestSolveDesignLambda finds the biplanes (λ = 2) and a λ = 3 design.
func TestSolveDesignLambda(t *testing.T) {
	for _, kl := range [][2]int{{3, 2}, {4, 2}, {5, 2}, {6, 2}, {6, 3}} {
		for _, sym := range []Symmetry{SymNone, SymLex} {
			for _, card := range []encode.CardMethod{encode.CardTotalizer, encode.CardSeqCounter} {
				t.Run(fmt.Sprintf("k=%d/λ=%d/%v/%v", kl[0], kl[1], sym, card), func(t *testing.T) {
					opt := Options{Pair: PairAux, Card: card, Symmetry: sym}
					res, err := SolveDesign(context.Background(), newGini, kl[0], kl[1], opt)
					if err != nil || res.Status != sat.Sat {
						t.Fatalf("SolveDesign = %v, %v", res.Status, err)
					}
					v, _ := DesignVerdict(kl[0], kl[1])
					if len(res.Deck.Cards) != v.V {
						t.Errorf("%d cards, want %d", len(res.Deck.Cards), v.V)
					}
					if err := Check(res.Deck, kl[0], kl[1]); err != nil {
						t.Error(err)
					}
				})
			}
		}
	}
}

func TestEncodeDesignOptionErrors(t *testing.T) {
	tests := []struct {
		name      string
		k, lambda int
		opt       Options
	}{
		{"pencil with λ=2", 4, 2, Options{Symmetry: SymPencil}},
		{"rect with λ=2", 4, 2, Options{Pair: PairRect}},
		{"native cards into a plain sink", 3, 1, Options{Card: encode.CardNative}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := EncodeDesign(&countOnly{}, tt.k, tt.lambda, tt.opt, nil)
			if !errors.Is(err, ErrOption) {
				t.Errorf("EncodeDesign = %v, want ErrOption", err)
			}
		})
	}
	if _, err := EncodeDesign(&countOnly{}, 5, 3, Options{}, nil); err == nil {
		t.Error("EncodeDesign accepted k=5, λ=3 (no integer v)")
	}
}

// countOnly is a sink that takes everything and keeps nothing, and is not
// a PBAdder.
type countOnly struct{ vars sat.Var }

func (c *countOnly) NewVar() sat.Var      { c.vars++; return c.vars }
func (c *countOnly) AddClause(...sat.Lit) {}

// TestPlaneStandardFormUnits checks that the fixings of the latin level,
// in every case, are unit clauses that never put more than k symbols on a
// card nor a symbol on more than k cards.
func TestPlaneStandardFormUnits(t *testing.T) {
	for q := 2; q <= 5; q++ {
		if !IsPrimePower(q) {
			continue
		}
		for _, c := range DesignCases(q+1, 1, SymLatin) {
			f := &sat.Formula{}
			m := newMatrix(f, q*q+q+1, q*q+q+1)
			planeStandardForm(f, m, q, SymLatin)
			if c != nil {
				planeCase(f, m, q, c)
			}
			a := sat.NewAssignment(f.NumVars)
			rows := make([]int, m.Rows)
			cols := make([]int, m.Cols)
			for _, cl := range f.Clauses {
				if len(cl) != 1 {
					t.Fatalf("order %d: a fixing is not a unit: %v", q, cl)
				}
				a.Set(cl[0])
			}
			for i := range m.Rows {
				for j := range m.Cols {
					if a.Lit(m.X(i, j)) {
						rows[i]++
						cols[j]++
					}
				}
			}
			for i := range m.Rows {
				if rows[i] > q+1 || cols[i] > q+1 {
					t.Fatalf("order %d case %v: the fixings put more than k ones in row or column %d", q, c, i)
				}
			}
		}
	}
}

// TestEncodeDesignCases solves the single-formula form of the latin level
// (every case behind a selector) for planes of orders 3 to 5.
func TestEncodeDesignCases(t *testing.T) {
	for k := 4; k <= 6; k++ {
		s := newGini()
		m, sel, err := EncodeDesignCases(s, k, 1, DefaultOptions)
		if err != nil {
			t.Fatal(err)
		}
		if want := len(DesignCases(k, 1, SymLatin)); len(sel) != want && !(want == 1 && sel == nil) {
			t.Errorf("k=%d: %d selectors for %d cases", k, len(sel), want)
		}
		if st, err := s.Solve(context.Background()); st != sat.Sat {
			t.Fatalf("k=%d: %v, %v", k, st, err)
		}
		all := make([]int, m.Rows)
		for i := range all {
			all[i] = i
		}
		if err := Check(m.Decode(s.Model(), all), k, 1); err != nil {
			t.Errorf("k=%d: %v", k, err)
		}
	}
}
