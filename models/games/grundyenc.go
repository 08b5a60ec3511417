package games

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// The Grundy function of a finite acyclic game graph, one-hot.
//
// A position p with d(p) moves has a value in 0..d(p) (a mex of d values),
// so it gets literals g_{p,0..d(p)}, exactly one true (encode.ExactlyOne).
// The mex is then two conditions:
//
//	¬g_{p,v} ∨ ¬g_{q,v}                   every move p → q, v ≤ min(d(p), d(q))
//	ge_{p,v} → g_{q1,v−1} ∨ … ∨ g_{qk,v−1}  v = 1..d(p), options q with d(q) ≥ v−1
//
// no option shares p's value, and every smaller value appears among the
// options, through ladder literals ge_{p,v} ("G(p) ≥ v") with g_{p,v} →
// ge_{p,v} and ge_{p,v+1} → ge_{p,v}. The ladder keeps the mex part at
// O(Σ_p d(p)·(1 + d(p))) literals instead of one clause per pair u < v (the
// research brief's plain form). Every model gives the Grundy values, which
// are unique; the ladder literals above a value may float.
//
// Unit propagation decides the g literals, by induction on height: the
// values present among the options are blocked by the binary clauses; the
// mex m is missing, so the clause of ge_{p,m+1} falsifies it, the ladder
// falsifies every ge and g above m, and exactly-one's at-least-one clause
// forces g_{p,m}. As for the kernel, a solver only replays the recursion.

// EncodeGrundy writes the one-hot Grundy encoding of the acyclic game graph
// gg into s, with at-most-one method amo, and returns lits with lits[p][v]
// true exactly when position p has Grundy value v, for v = 0..len(gg.Moves[p]).
func EncodeGrundy(s sat.Sink, gg *GameGraph, amo encode.AMOMethod) [][]sat.Lit {
	lits := make([][]sat.Lit, len(gg.Moves))
	for p, succ := range gg.Moves {
		lits[p] = make([]sat.Lit, len(succ)+1)
		for v := range lits[p] {
			lits[p][v] = s.NewVar().Pos()
		}
		encode.ExactlyOne(s, lits[p], amo)
	}
	for p, succ := range gg.Moves {
		for _, q := range succ {
			for v := 0; v < min(len(lits[p]), len(lits[q])); v++ {
				s.AddClause(lits[p][v].Not(), lits[q][v].Not())
			}
		}
		var above sat.Lit // ge_{p,v+1} while v counts down
		for v := len(succ); v >= 1; v-- {
			ge := s.NewVar().Pos()
			s.AddClause(lits[p][v].Not(), ge)
			if above != 0 {
				s.AddClause(above.Not(), ge)
			}
			clause := []sat.Lit{ge.Not()}
			for _, q := range succ {
				if v-1 < len(lits[q]) {
					clause = append(clause, lits[q][v-1])
				}
			}
			s.AddClause(clause...)
			above = ge
		}
	}
	return lits
}

// SolveGrundy computes the Grundy value of every position of the acyclic
// game graph gg through its one-hot encoding with the solver s: encode
// (stopping when ctx ends, sat.EncodeContext), solve, decode, and check the values against the mex rule (CheckGrundy).
// It also returns the size of the encoding. A formula without a model, or
// a model that fails the check, is an error wrapping ErrInternal.
func SolveGrundy(ctx context.Context, s sat.Solver, gg *GameGraph, amo encode.AMOMethod) ([]int, Size, error) {
	cs := &countingSink{Sink: s}
	var lits [][]sat.Lit
	if err := sat.EncodeContext(ctx, cs, func(s sat.Sink) error { lits = EncodeGrundy(s, gg, amo); return nil }); err != nil {
		return nil, cs.size, err
	}
	if err := solveSat(ctx, s, "Grundy"); err != nil {
		return nil, cs.size, err
	}
	values, err := DecodeGrundy(s.Value, lits)
	if err == nil {
		err = gg.CheckGrundy(values)
	}
	if err != nil {
		return nil, cs.size, fmt.Errorf("%w: Grundy model: %v", ErrInternal, err)
	}
	return values, cs.size, nil
}

// DecodeGrundy reads the Grundy values from the truth values of the
// literals EncodeGrundy returned, given by value (a solver's Value, or an
// Assignment's Lit). It fails when a position has no true literal or
// several.
func DecodeGrundy(value func(sat.Lit) bool, lits [][]sat.Lit) ([]int, error) {
	values := make([]int, len(lits))
	for p, ls := range lits {
		values[p] = -1
		for v, l := range ls {
			if !value(l) {
				continue
			}
			if values[p] >= 0 {
				return nil, fmt.Errorf("position %d has values %d and %d", p, values[p], v)
			}
			values[p] = v
		}
		if values[p] < 0 {
			return nil, fmt.Errorf("position %d has no value", p)
		}
	}
	return values, nil
}
