package optimize

// Objectives beyond sat.MaxCoefSum: hardening against a model.
//
// MaxSAT files may weigh soft clauses near 2^63, so that the weights sum
// beyond int64 (the corpus's Cashwmaxsat reductions: four weights of
// 2.4–6.4·10^18 beside a hundred of 3.5·10^15). The searches keep costs
// in int64, so such an objective is first brought within range, exactly,
// by the argument of harden.go with the lower bound 0: once a model of
// cost U is known (its cost computed in exact arithmetic), every term
// heavier than U is false in every model that costs at most U, so its
// literal's negation becomes a unit clause, and the term leaves the
// objective without changing the cost of any model that is kept. When
// what is left sums within range, the search goes on over it.
//
// To find a cheap first model, the heaviest terms are assumed false, as
// many as leave the rest summing within half the range (a stratum, as in
// stratify.go); a model under them costs at most that rest, so the next
// hardening removes every term heavier than it. If the heaviest terms
// cannot all be false together, what is left goes to the core-guided
// search when it sums within int64: its arithmetic (weights, the lower
// bound, model costs, the gap between them, stratification's prefix
// sums) never exceeds the sum of the weights, unlike the encodings of
// the linear searches, which MaxCoefSum protects. Beyond int64 the
// objective is refused (ErrTooWide): that would take exact arithmetic
// throughout.
//
// Only objectives with positive coefficients (MaxSAT's) are reduced; a
// cost reported before the reduction is complete saturates at
// math.MaxInt64 (Result.Cost says so), and callers recompute it.

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"

	"github.com/satsolve/satsolve/sat"
)

// ErrTooWide reports an objective beyond sat.MaxCoefSum that cannot be
// brought within it.
var ErrTooWide = errors.New("optimize: objective beyond 2^61 that hardening cannot bring within range")

// wideRounds bounds the hardening rounds.
const wideRounds = 64

// wideTerms reports whether objective is one Solve reduces: every
// coefficient positive (so each term fits alone), the sum beyond range.
func wideTerms(objective []sat.Term) bool {
	for _, t := range objective {
		if t.Lit == 0 || t.Coef <= 0 {
			return false
		}
	}
	return true
}

// solveWide reduces a wide objective (wideTerms) and solves what is left.
func solveWide(ctx context.Context, s sat.Solver, objective []sat.Term, o Options) (Result, error) {
	w := &run{ctx: ctx, s: s, o: o}
	st, err := w.solve(ctx, nil)
	switch st {
	case sat.Unknown:
		return Result{Status: sat.Unknown, Solves: w.solves}, err
	case sat.Unsat:
		return Result{Status: sat.Unsat, Solves: w.solves}, nil
	}
	terms := slices.Clone(objective)
	var best sat.Assignment
	var bestCost *big.Int
	limit := big.NewInt(sat.MaxCoefSum)
	for range wideRounds {
		m := s.Model()
		if o.Improve != nil {
			o.Improve(m)
		}
		if c := sat.BigSum(objective, m); bestCost == nil || c.Cmp(bestCost) < 0 {
			best, bestCost = m, c
			if o.OnSolution != nil && c.IsInt64() {
				o.OnSolution(c.Int64(), m)
			}
		}
		// Harden every term heavier than the best cost.
		terms = slices.DeleteFunc(terms, func(t sat.Term) bool {
			if big.NewInt(t.Coef).Cmp(bestCost) > 0 {
				s.AddClause(t.Lit.Not())
				return true
			}
			return false
		})
		if sat.ValidateTerms(terms) == nil {
			o.seed = best
			res, err := Solve(ctx, s, terms, o)
			res.Solves += w.solves
			return res, err
		}
		// Assume the heaviest terms false, leaving within half the range.
		slices.SortStableFunc(terms, func(a, b sat.Term) int { return cmp.Compare(b.Coef, a.Coef) })
		rest := new(big.Int)
		for _, t := range terms {
			rest.Add(rest, big.NewInt(t.Coef))
		}
		var assume []sat.Lit
		half := new(big.Int).Rsh(limit, 1)
		for _, t := range terms {
			if rest.Cmp(half) <= 0 {
				break
			}
			assume = append(assume, t.Lit.Not())
			rest.Sub(rest, big.NewInt(t.Coef))
		}
		st, err := w.solve(ctx, assume)
		switch st {
		case sat.Unknown:
			return wideResult(best, bestCost, w.solves), err
		case sat.Unsat:
			if !sumFits(terms) {
				return wideResult(best, bestCost, w.solves), fmt.Errorf("%w: its %d heaviest terms cannot all be zero", ErrTooWide, len(assume))
			}
			// The rest sums within int64: the core-guided search's
			// arithmetic needs no more (core.go).
			if bestCost.IsInt64() {
				o.seed = best
			}
			r := newRun(ctx, s, terms, o)
			if o.OnLowerBound != nil {
				o.OnLowerBound(r.lb)
			}
			res, err := r.result(r.core(false))
			res.Solves += w.solves
			return res, err
		}
	}
	return wideResult(best, bestCost, w.solves), fmt.Errorf("%w: %d rounds of hardening", ErrTooWide, wideRounds)
}

// wideResult is the Result of a reduction stopped with the best model
// found: its cost saturated at math.MaxInt64 when beyond int64.
func wideResult(best sat.Assignment, cost *big.Int, solves int) Result {
	res := Result{Status: sat.Sat, Model: best, Cost: math.MaxInt64, Solves: solves}
	if cost.IsInt64() {
		res.Cost = cost.Int64()
	}
	return res
}

// sumFits reports whether the positive terms sum within int64.
func sumFits(terms []sat.Term) bool {
	var sum int64
	for _, t := range terms {
		if t.Coef > math.MaxInt64-sum {
			return false
		}
		sum += t.Coef
	}
	return true
}
