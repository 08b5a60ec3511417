package optimize

// Solution-improving search: LinearSatUnsat and Binary.
//
// Both start from any model and bound the cost by assumption literals
// that a bounder hands out (bound.go). LinearSatUnsat (improve-down)
// solves, measures the model's cost c, and solves again assuming
// "cost ≤ c−1", until that is unsatisfiable, which proves c optimal.
// Binary keeps the best cost (hi) and a proved lower bound (lo) and
// assumes "cost ≤ mid" for the midpoint, moving lo past mid on UNSAT (to
// the next cost the bound's encoding can reach) and hi down to the new
// model's cost on SAT. Every UNSAT raises the lower bound, every SAT the
// upper bound; the bounds only ever are assumed, so the solver keeps
// every model of its clauses.

import (
	"math"

	"github.com/satsolve/satsolve/sat"
)

// bounded runs LinearSatUnsat, or Binary when binary is set.
func (r *run) bounded(binary bool) error {
	if r.o.AtMost == nil && !r.o.Bound.Applies(r.s) {
		return ErrNotApplicable
	}
	if err := r.first(); err != nil || r.best == nil || r.optimal() {
		return err
	}
	b, err := newBounder(r.ctx, r.s, r.objective, r.ub, r.o)
	if err != nil {
		return err
	}
	defer b.finish()
	if binary {
		return r.binary(b)
	}
	return r.linear(b)
}

// first solves without a bound: Unsat ends the search, Sat gives the
// first upper bound.
func (r *run) first() error {
	st, err := r.solve(r.ctx, nil)
	switch st {
	case sat.Unknown:
		return err
	case sat.Unsat:
		r.unsat = true
		return nil
	}
	_, err = r.found(math.MaxInt64)
	return err
}

// try solves under cost ≤ b and reports whether a model was found.
func (r *run) try(bd bounder, b int64) (bool, error) {
	st, err := r.solve(r.ctx, []sat.Lit{bd.atMost(b)})
	switch st {
	case sat.Unknown:
		return false, err
	case sat.Unsat:
		return false, nil
	}
	_, err = r.found(b)
	return err == nil, err
}

func (r *run) linear(bd bounder) error {
	for !r.optimal() {
		found, err := r.try(bd, r.ub-1)
		if err != nil {
			return err
		}
		if !found {
			return r.raise(r.ub)
		}
	}
	return nil
}

func (r *run) binary(bd bounder) error {
	for !r.optimal() {
		mid := r.lb + (r.ub-r.lb)/2
		found, err := r.try(bd, mid)
		if err != nil {
			return err
		}
		if !found {
			if err := r.raise(bd.above(mid)); err != nil {
				return err
			}
		}
	}
	return nil
}
