package encode

// Table: the integers take one of the listed tuples.
//
// The support encoding (Bacchus 2007, "GAC via unit propagation"; the
// tuple-selector form of Gent 2002): tuples with a value outside an
// integer's domain are dropped; each remaining tuple t gets a selector
// y_t with
//
//	y_t → x_i = t_i               for every position i
//	x_i = v → ∨{ y_t : t_i = v }  for every position i and value v of x_i
//	∨ y_t                         (some tuple is selected)
//
// Two different tuples differ at some position, so at most one selector
// can be true, or several for copies of one tuple (duplicates are not
// merged: that would cost a pass over the table that the encoding's
// context cannot interrupt, for no change in the solutions); the last
// clause is implied by the support clauses of the
// first integer (its value needs a selector), and kept for propagation. With T tuples over n integers: T variables and
// nT + Σ|D_i| + 1 clauses, plus the integers' value literals. Unit
// propagation is arc-consistent (generalised arc consistency of the
// table): a value loses its support clause's last selector exactly when
// no tuple with it is left.
//
// F. Bacchus, GAC via unit propagation, CP 2007. I. P. Gent, Arc
// consistency in SAT, ECAI 2002.

import (
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// Table adds clauses enforcing that the integers xs take the values of one
// of the tuples (each of len(xs) values). It returns an error, writing
// nothing, when a tuple has the wrong length.
func Table(s sat.Sink, xs []*Int, tuples [][]int64) error {
	for j, t := range tuples {
		if len(t) != len(xs) {
			return fmt.Errorf("encode: table tuple %d has %d values for %d integers", j, len(t), len(xs))
		}
	}
	var kept [][]int64
outer:
	for _, t := range tuples {
		for i, v := range t {
			if !xs[i].dom.Contains(v) {
				continue outer
			}
		}
		kept = append(kept, t)
	}
	if len(xs) == 0 {
		if len(kept) == 0 {
			s.AddClause()
		}
		return nil
	}
	sel := make([]sat.Lit, len(kept))
	support := make([]map[int64][]sat.Lit, len(xs))
	for i := range support {
		support[i] = map[int64][]sat.Lit{}
	}
	for j, t := range kept {
		y := s.NewVar().Pos()
		sel[j] = y
		for i, v := range t {
			if p := xs[i].eqP(s, v); p != partTrue {
				emit(s, part{l: y.Not()}, p)
			}
			support[i][v] = append(support[i][v], y)
		}
	}
	s.AddClause(sel...)
	for i, x := range xs {
		for v := range x.dom.Values {
			if p := x.eqP(s, v); p != partTrue {
				emit(s, append([]part{p.not()}, parts(support[i][v])...)...)
			}
		}
	}
	return nil
}

// parts returns literals as parts.
func parts(lits []sat.Lit) []part {
	ps := make([]part, len(lits))
	for i, l := range lits {
		ps[i] = part{l: l}
	}
	return ps
}
