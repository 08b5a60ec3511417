package encode_test

import (
	"fmt"
	"math/bits"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/sat"
)

// amoSize is the documented size of each at-most-one encoding for n ≥ 2
// (the essays in amo*.go).
func amoSize(m encode.AMOMethod, n int) (vars, clauses int) {
	pairs := n * (n - 1) / 2
	switch m {
	case encode.AMOPairwise:
		return 0, pairs
	case encode.AMOLadder:
		return n - 1, 3*n - 4
	case encode.AMOBinary:
		b := bits.Len(uint(n - 1))
		return b, n * b
	case encode.AMOBimander:
		b := bits.Len(uint((n+1)/2 - 1))
		return b, n/2 + n*b
	case encode.AMOCommander:
		if n <= 6 {
			return 0, pairs
		}
		for g := n; g > 0; g -= 3 {
			switch sz := min(g, 3); sz {
			case 3:
				vars, clauses = vars+1, clauses+6
			case 2:
				vars, clauses = vars+1, clauses+3
			}
		}
		v, c := amoSize(m, (n+2)/3)
		return vars + v, clauses + c
	case encode.AMOProduct:
		if n <= 6 {
			return 0, pairs
		}
		q := 0
		for q*q < n {
			q++
		}
		r := (n + q - 1) / q
		vr, cr := amoSize(m, r)
		vq, cq := amoSize(m, q)
		return r + q + vr + vq, 2*n + cr + cq
	}
	panic("unknown method")
}

func TestAMOExhaustive(t *testing.T) {
	for _, m := range encode.AMOMethods() {
		for n := 0; n <= 10; n++ {
			t.Run(fmt.Sprintf("%v/n=%d", m, n), func(t *testing.T) {
				f, vars, lits := inputs(n)
				encode.AtMostOne(f, lits, m)
				wantV, wantC := 0, 0
				if n >= 2 {
					wantV, wantC = amoSize(m, n)
				}
				if v, c := size(f, n); v != wantV || c != wantC {
					t.Fatalf("size %d vars %d clauses, want %d and %d", v, c, wantV, wantC)
				}
				amo := func(mask uint64) bool { return popcount(mask) <= 1 }
				if got := exhaust(t, f, vars, amo); got != n+1 {
					t.Fatalf("%d assignments extend, want %d", got, n+1)
				}
				if n <= 8 {
					if err := check.CheckAC(f, vars, amo); err != nil {
						t.Fatal(err)
					}
				}

				g, gvars, glits := inputs(n)
				encode.ExactlyOne(g, glits, m)
				if v, c := size(g, n); v != wantV || c != wantC+1 {
					t.Fatalf("exactly-one size %d vars %d clauses, want %d and %d", v, c, wantV, wantC+1)
				}
				eo := func(mask uint64) bool { return popcount(mask) == 1 }
				if got := exhaust(t, g, gvars, eo); got != n {
					t.Fatalf("exactly-one: %d assignments extend, want %d", got, n)
				}
				if n <= 8 {
					if err := check.CheckAC(g, gvars, eo); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
}

// Larger sizes exercise deeper recursion in commander and product.
func TestAMOLargerSizes(t *testing.T) {
	for _, m := range encode.AMOMethods() {
		for _, n := range []int{13, 20, 40} {
			t.Run(fmt.Sprintf("%v/n=%d", m, n), func(t *testing.T) {
				f, _, lits := inputs(n)
				encode.AtMostOne(f, lits, m)
				wv, wc := amoSize(m, n)
				if v, c := size(f, n); v != wv || c != wc {
					t.Fatalf("size %d vars %d clauses, want %d and %d", v, c, wv, wc)
				}
				// Each single true input propagates all others false, and
				// each pair is contradictory (arc consistency on the
				// assignments that matter, without 3^n enumeration).
				s := check.New()
				for _, c := range f.Clauses {
					s.AddClause(c...)
				}
				for i := range lits {
					val, ok := s.Propagate([]sat.Lit{lits[i]})
					if !ok {
						t.Fatalf("input %d alone conflicts", i)
					}
					for j := range lits {
						if j != i && val[lits[j]] != -1 {
							t.Fatalf("input %d true does not falsify input %d", i, j)
						}
					}
				}
			})
		}
	}
}

func TestAMODuplicatesAndComplements(t *testing.T) {
	for _, m := range encode.AMOMethods() {
		t.Run(m.String(), func(t *testing.T) {
			f, vars, _ := inputs(3)
			x, y, z := vars[0].Pos(), vars[1].Pos(), vars[2].Pos()
			// x twice: x must be false. y with ¬y: exactly one of the
			// pair, so z must be false... all at once over 8 positions.
			lits := []sat.Lit{x, x, y, y.Not(), z}
			encode.AtMostOne(f, lits, m)
			holds := func(mask uint64) bool { return check.EvalLits(lits, vars, mask) <= 1 }
			// Only x=0, z=0 remain, with y free: 2 assignments.
			if got := exhaust(t, f, vars, holds); got != 2 {
				t.Fatalf("%d assignments extend, want 2", got)
			}
		})
	}
}
