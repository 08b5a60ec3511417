package optimize

// What every strategy shares: the solver and the objective, the best
// model with its cost (the upper bound), the proved lower bound, and the
// callbacks that report both as they improve.
//
// Invariant: lb ≤ ub whenever a model is known. Every model's cost is
// recomputed from the objective (sat.Sum) after Improve, never taken from
// a bound or an encoding; every rise of lb is checked against ub, and a
// contradiction is ErrInconsistent, so that a bug in the bookkeeping of
// a strategy ends the search with an error instead of a wrong optimum.

import (
	"context"
	"fmt"
	"math"

	"github.com/satsolve/satsolve/sat"
)

// run is the state of one Solve.
type run struct {
	ctx       context.Context
	s         sat.Solver
	objective []sat.Term
	o         Options
	// low is the least value the objective can take (lowestCost).
	low int64
	// best is the best model, of cost ub; nil until one is found.
	best   sat.Assignment
	ub     int64
	lb     int64 // no model costs less
	unsat  bool  // no model at all (under the assumptions)
	solves int
	cores  int
	assume []sat.Lit // scratch for solve
}

func newRun(ctx context.Context, s sat.Solver, objective []sat.Term, o Options) *run {
	low := lowestCost(objective)
	r := &run{ctx: ctx, s: s, objective: objective, o: o, low: low, lb: low, ub: math.MaxInt64}
	if o.seed != nil {
		r.best, r.ub = o.seed, sat.Sum(objective, o.seed)
	}
	return r
}

// solve calls the solver under the options' assumptions and extra ones,
// with ctx (the run's own, or a budget derived from it).
func (r *run) solve(ctx context.Context, extra []sat.Lit) (sat.Status, error) {
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	r.solves++
	r.assume = append(append(r.assume[:0], r.o.Assumptions...), extra...)
	return r.s.Solve(ctx, r.assume...)
}

// found takes the model of the last Solve, which was made under the bound
// "cost ≤ b" (math.MaxInt64 for none): it improves the model, recomputes
// its cost and checks it against b, the assumptions and the lower bound,
// and records it (calling OnSolution) when it beats the best. It returns
// the model's cost.
func (r *run) found(b int64) (int64, error) {
	m := r.s.Model()
	c := sat.Sum(r.objective, m)
	if c > b {
		return 0, fmt.Errorf("%w: model of cost %d found under the bound cost ≤ %d", sat.ErrBadModel, c, b)
	}
	if r.o.Improve != nil {
		r.o.Improve(m)
		d := sat.Sum(r.objective, m)
		if d > c {
			return 0, fmt.Errorf("%w: improving a model raised its cost from %d to %d", sat.ErrBadModel, c, d)
		}
		c = d
	}
	for _, l := range r.o.Assumptions {
		if !m.Lit(l) {
			return 0, fmt.Errorf("%w: the model breaks the assumption %d", sat.ErrBadModel, l)
		}
	}
	if c < r.lb {
		return 0, inconsistent("a model costs %d, below the lower bound %d", c, r.lb)
	}
	if r.best == nil || c < r.ub {
		r.best, r.ub = m, c
		if r.o.OnSolution != nil {
			r.o.OnSolution(c, m)
		}
	}
	return c, nil
}

// raise records that no model costs less than lb.
func (r *run) raise(lb int64) error {
	if lb <= r.lb {
		return nil
	}
	if r.best != nil && lb > r.ub {
		return inconsistent("lower bound %d above the cost %d of a model", lb, r.ub)
	}
	r.lb = lb
	if r.o.OnLowerBound != nil {
		r.o.OnLowerBound(lb)
	}
	return nil
}

// optimal reports whether the best model is proved optimal.
func (r *run) optimal() bool { return r.best != nil && r.lb == r.ub }

// result returns the Result of a search that ended with err (nil: it
// finished).
func (r *run) result(err error) (Result, error) {
	res := Result{Lower: r.lb, Solves: r.solves, Cores: r.cores}
	switch {
	case r.unsat:
		res.Status = sat.Unsat
	case r.best == nil:
		res.Status = sat.Unknown
	default:
		res.Status, res.Cost, res.Model = sat.Sat, r.ub, r.best
		res.Optimal = err == nil && r.optimal()
		if err == nil && !res.Optimal {
			err = inconsistent("the search ended with cost %d above the lower bound %d", r.ub, r.lb)
		}
	}
	if res.Status == sat.Unknown && err == nil {
		err = inconsistent("the search ended without an answer")
	}
	return res, err
}

// lowestCost returns the smallest value Σ objective can take (terms over
// the same variable are merged first); no model costs less.
func lowestCost(objective []sat.Term) int64 {
	coef := map[sat.Var]int64{}
	var low int64
	for _, t := range objective {
		if t.Lit > 0 {
			coef[t.Lit.Var()] += t.Coef
		} else {
			coef[t.Lit.Var()] -= t.Coef
			low += t.Coef
		}
	}
	for _, c := range coef {
		low += min(c, 0)
	}
	return low
}

// inconsistent returns an error wrapping ErrInconsistent.
func inconsistent(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInconsistent}, args...)...)
}
