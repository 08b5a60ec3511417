package optimize

// Native: the solver's own sat.Minimizer (gophersat's linear search).
// The optimum it claims is checked: its model must cost what it says.

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

func native(ctx context.Context, s sat.Solver, objective []sat.Term, o Options) (Result, error) {
	m, ok := s.(sat.Minimizer)
	if !ok || len(o.Assumptions) > 0 {
		return Result{}, ErrNotApplicable
	}
	opt, err := m.Minimize(ctx, objective)
	res := Result{Status: opt.Status, Lower: lowestCost(objective), Solves: 1}
	if opt.Status != sat.Sat {
		return res, err
	}
	if c := sat.Sum(objective, opt.Model); c != opt.Cost {
		return Result{}, fmt.Errorf("%w: native optimum claims cost %d, its model costs %d", sat.ErrBadModel, opt.Cost, c)
	}
	res.Model, res.Cost = opt.Model, opt.Cost
	if o.Improve != nil {
		o.Improve(res.Model)
		if d := sat.Sum(objective, res.Model); d > res.Cost {
			return Result{}, fmt.Errorf("%w: improving a model raised its cost from %d to %d", sat.ErrBadModel, res.Cost, d)
		} else if d < res.Cost && opt.Optimal {
			return Result{}, fmt.Errorf("%w: native optimum %d improved to %d", sat.ErrBadModel, res.Cost, d)
		} else {
			res.Cost = d
		}
	}
	if o.OnSolution != nil {
		o.OnSolution(res.Cost, res.Model)
	}
	if o.OnLowerBound != nil {
		o.OnLowerBound(res.Lower)
	}
	if opt.Optimal {
		res.Optimal, res.Lower = true, res.Cost
		if o.OnLowerBound != nil && res.Cost > lowestCost(objective) {
			o.OnLowerBound(res.Cost)
		}
	}
	return res, err
}
