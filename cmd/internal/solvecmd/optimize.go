package solvecmd

// Optimisation: a file with an objective (OPB min:, WCNF soft clauses) is
// minimised through encode/optimize, with the output conventions of the
// MaxSAT Evaluation and the PB Competition: an "o COST" line for every
// improving model as soon as it is found, a "c lower bound LB" line for
// every rise of the proved lower bound, and at the end "s OPTIMUM FOUND"
// with the best model, or "s SATISFIABLE" with it when the search was
// stopped (--timeout, a signal) before proving it.
//
// Every "o" line is the cost of a model that has been checked against
// the file and whose cost was recomputed from the file (satfile.Problem:
// for WCNF the weight of the soft clauses it falsifies, after the
// relaxation variables are set to match them), never a figure of the
// search's own; models that fail the check print nothing here and fail
// the run at the end (outcome.check).

import (
	"context"
	"fmt"
	"math/big"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/preprocess"
	"github.com/satsolve/satsolve/sat/satfile"
)

// anytime prints the "o" and "c lower bound" lines of a search as it goes.
type anytime struct {
	e           *cli.Env
	p           *satfile.Problem
	pre         *preprocess.Result
	assumptions []sat.Lit
	// last is the cost of the last "o" line, printed is whether there
	// was one.
	last    *big.Int
	printed bool
}

// solution prints the "o" line of an improving model, once it has been
// checked against the file.
func (a *anytime) solution(_ int64, m sat.Assignment) {
	m = append(sat.Assignment(nil), m...)
	if a.pre != nil {
		m = a.pre.Extend(m)
	}
	f := a.p.Formula
	if f.CheckUnder(m, a.assumptions) != nil {
		return // outcome.check reports it
	}
	if a.p.CheckBig(m) != nil {
		return
	}
	a.p.Improve(m)
	c := a.p.BigCost(m)
	if a.printed && c.Cmp(a.last) >= 0 {
		return
	}
	a.last, a.printed = c, true
	fmt.Fprintf(a.e.Stdout, "o %v\n", c)
}

// lowerBound prints a "c lower bound" line.
func (a *anytime) lowerBound(lb int64) {
	fmt.Fprintf(a.e.Stdout, "c lower bound %d\n", lb)
}

// minimize optimises the formula's objective, improving each model found
// with improve (the WCNF relaxation variables set to match their soft
// clauses) when it is not nil; live, when not nil, prints the models and
// bounds as they come.
func (o *solveOpts) minimize(ctx context.Context, s sat.Solver, f *sat.Formula, improve func(sat.Assignment), live *anytime) (outcome, error) {
	opts := optimize.DefaultOptions()
	if o.strategy != "auto" {
		var err error
		if opts.Strategy, err = optimize.ParseStrategy(o.strategy); err != nil {
			return outcome{}, err
		}
	}
	opts.Improve = improve
	opts.Assumptions = o.assumptions
	if live != nil {
		opts.OnSolution, opts.OnLowerBound = live.solution, live.lowerBound
	}
	res, err := optimize.Solve(ctx, s, f.Objective, opts)
	if err != nil && !unknown(err) {
		return outcome{}, err
	}
	out := outcome{status: res.Status, optim: true, optimal: res.Optimal, reason: err, model: res.Model, cost: res.Cost, lower: res.Lower}
	return out, nil
}

// pbBudgetPerLiteral and pbBudgetFloor bound the clauses that the
// encodings of a file's PB constraints may take together, for backends
// without native ones: pbBudgetPerLiteral per literal of the constraints,
// and at least pbBudgetFloor. A BDD beyond pbBDDRatio times the adder
// network's size (or beyond what is left of the budget) gives way to the
// adder network, which is O(n log Σ) for any coefficients; a file whose
// adder networks would not fit either is refused.
const (
	pbBudgetPerLiteral = 64
	pbBudgetFloor      = 1 << 21
	pbBDDRatio         = 8
	pbBDDFloor         = 1 << 14
)

// encodePBs adds the formula's PB constraints to s: natively where s
// takes them (unless --pb says otherwise), else each with the method
// --pb names or, by default, a BDD within the budgets above and the adder
// network beyond them. It watches ctx throughout and returns ctx.Err()
// when it ends.
func (o *solveOpts) encodePBs(ctx context.Context, s sat.Solver, pbs []sat.PB) error {
	if len(pbs) == 0 {
		return nil
	}
	if o.pb != "auto" {
		m, err := encode.ParsePBMethod(o.pb)
		if err != nil {
			return err
		}
		return sat.EncodeContext(ctx, s, func(s sat.Sink) error {
			for _, c := range pbs {
				if err := encode.PB(s, c, m); err != nil {
					return err
				}
			}
			return nil
		})
	}
	if encode.PBNative.Applies(s) {
		return sat.EncodeContext(ctx, s, func(s sat.Sink) error {
			for _, c := range pbs {
				if err := encode.PB(s, c, encode.PBNative); err != nil {
					return err
				}
			}
			return nil
		})
	}
	var lits int64
	for _, c := range pbs {
		lits += int64(len(c.Terms))
	}
	left := max(pbBudgetFloor, pbBudgetPerLiteral*lits)
	if o.pbBudget > 0 {
		left = o.pbBudget
	}
	budget := left
	for i, c := range pbs {
		m, size, err := choosePB(ctx, c, left)
		if err != nil {
			return err
		}
		if size > left {
			return fmt.Errorf("the PB constraints need more than %d clauses (constraint %d alone needs %d as an adder network); use a backend with native PB constraints, or --pb to force an encoding", budget, i+1, size)
		}
		left -= size
		if err := sat.EncodeContext(ctx, s, func(s sat.Sink) error { return encode.PB(s, c, m) }); err != nil {
			return err
		}
	}
	return nil
}

// choosePB returns the method for c and the clauses it takes: a BDD when
// it is within pbBDDRatio times the adder network and within left, else
// the adder network.
func choosePB(ctx context.Context, c sat.PB, left int64) (encode.PBMethod, int64, error) {
	_, adder, err := encode.PBSize(ctx, c, encode.PBAdder, 0)
	if err != nil {
		return 0, 0, err
	}
	stop := min(left, max(pbBDDRatio*adder, pbBDDFloor))
	_, bdd, err := encode.PBSize(ctx, c, encode.PBBDD, stop)
	if err != nil {
		return 0, 0, err
	}
	if bdd <= stop {
		return encode.PBBDD, bdd, nil
	}
	return encode.PBAdder, adder, nil
}
