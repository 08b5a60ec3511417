package optimize

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// Strategy selects how Minimize searches.
type Strategy uint8

// The search strategies.
const (
	Native         Strategy = iota // the solver's own sat.Minimizer
	LinearSatUnsat                 // improve the cost down, one bound at a time
	Binary                         // bisect between a proven lower bound and the best cost
)

var names = []string{"native", "linear", "binary"}

// String returns the strategy's flag name, e.g. "binary".
func (st Strategy) String() string {
	if int(st) < len(names) {
		return names[st]
	}
	return fmt.Sprintf("Strategy(%d)", uint8(st))
}

// Strategies returns every strategy, in declaration order.
func Strategies() []Strategy { return []Strategy{Native, LinearSatUnsat, Binary} }

// ParseStrategy returns the strategy whose String is name.
func ParseStrategy(name string) (Strategy, error) {
	for _, st := range Strategies() {
		if st.String() == name {
			return st, nil
		}
	}
	return 0, fmt.Errorf("optimize: unknown strategy %q (want one of %s)", name, strings.Join(names, ", "))
}

// Applies reports whether st can run on s: Native needs a sat.Minimizer,
// the others run anywhere (with the default bound).
func (st Strategy) Applies(s sat.Solver) bool {
	if st != Native {
		return true
	}
	_, ok := s.(sat.Minimizer)
	return ok
}

// Options configures MinimizeWith.
type Options struct {
	// Strategy is the search strategy.
	Strategy Strategy
	// Bound is how LinearSatUnsat and Binary bound the cost:
	// encode.PBGTE builds one incremental generalised totalizer (or, when
	// encode.GTESize says it would exceed GTEBudget clauses, one adder
	// network, encode.AdderBound), any other method encodes a guarded
	// constraint per bound.
	Bound encode.PBMethod
	// GTEBudget is the most clauses the generalised totalizer may take;
	// 0 means DefaultGTEBudget.
	GTEBudget int64
	// Improve, when not nil, improves every model the search finds
	// before its cost is taken: it may change the model in place, and
	// must leave a model of the same constraints whose cost is not higher
	// (a WCNF reader's relaxation variables set to false wherever their
	// soft clause holds without them, say). A better model means a lower
	// first bound, hence a smaller totalizer, and an interrupted search
	// returns the improved model. A cost that rises is an error wrapping
	// sat.ErrBadModel.
	Improve func(sat.Assignment)
}

// DefaultGTEBudget is the default Options.GTEBudget: a million clauses,
// which backends load in well under a second. Weighted objectives can
// need far more (200 weights up to 300 and a first cost of 30,000: about
// 10^8 clauses), where the adder network takes its place.
const DefaultGTEBudget = 1_000_000

// DefaultBound is the bound method Minimize uses.
const DefaultBound = encode.PBGTE

// ErrNotApplicable is returned when the strategy or bound method cannot
// run on the solver (Native without sat.Minimizer, a native bound without
// sat.PBAdder).
var ErrNotApplicable = errors.New("optimize: strategy or bound does not apply to this solver")

// Minimize looks for a model of the solver's clauses that minimises
// Σ objective, with strategy st and the default bound. See MinimizeWith.
func Minimize(ctx context.Context, s sat.Solver, objective []sat.Term, st Strategy) (sat.Optimum, error) {
	return MinimizeWith(ctx, s, objective, Options{Strategy: st, Bound: DefaultBound})
}

// MinimizeWith looks for a model of the solver's clauses that minimises
// Σ objective. The error is nil when the search ended: Status Unsat, or
// Sat with Optimal set. Otherwise it says why the search stopped
// (ctx.Err(), the solver's error, a bad objective, ErrNotApplicable, or a
// bad model wrapping sat.ErrBadModel), and the Optimum still holds the
// best model found, if any, with Optimal false.
func MinimizeWith(ctx context.Context, s sat.Solver, objective []sat.Term, o Options) (sat.Optimum, error) {
	if err := sat.ValidateTerms(objective); err != nil {
		return sat.Optimum{}, fmt.Errorf("optimize: objective: %w", err)
	}
	if o.Strategy == Native {
		return native(ctx, s, objective, o.Improve)
	}
	if o.Strategy != LinearSatUnsat && o.Strategy != Binary {
		panic("optimize: unknown " + o.Strategy.String())
	}
	if !o.Bound.Applies(s) {
		return sat.Optimum{}, ErrNotApplicable
	}
	st, err := s.Solve(ctx)
	switch st {
	case sat.Unknown:
		return sat.Optimum{Status: sat.Unknown}, err
	case sat.Unsat:
		return sat.Optimum{Status: sat.Unsat}, nil
	}
	se := &search{ctx: ctx, s: s, objective: objective, improve: o.Improve, low: lowestCost(objective)}
	if se.best, se.cost, err = se.take(s.Model(), math.MaxInt64); err != nil {
		return sat.Optimum{}, err
	}
	if se.cost > se.low {
		se.bounds, err = newBounder(ctx, s, objective, se.cost, o)
		if err != nil {
			return sat.Optimum{Status: sat.Sat, Cost: se.cost, Model: se.best}, err
		}
		defer se.bounds.finish()
	}
	switch {
	case se.cost == se.low:
	case o.Strategy == Binary:
		err = se.binary()
	default:
		err = se.linear()
	}
	opt := sat.Optimum{Status: sat.Sat, Optimal: err == nil, Cost: se.cost, Model: se.best}
	return opt, err
}

func native(ctx context.Context, s sat.Solver, objective []sat.Term, improve func(sat.Assignment)) (sat.Optimum, error) {
	m, ok := s.(sat.Minimizer)
	if !ok {
		return sat.Optimum{}, ErrNotApplicable
	}
	opt, err := m.Minimize(ctx, objective)
	if opt.Status == sat.Sat {
		if c := sat.Sum(objective, opt.Model); c != opt.Cost {
			return sat.Optimum{}, fmt.Errorf("%w: native optimum claims cost %d, its model costs %d", sat.ErrBadModel, opt.Cost, c)
		}
		se := search{objective: objective, improve: improve}
		var ierr error
		if opt.Model, opt.Cost, ierr = se.take(opt.Model, opt.Cost); ierr != nil {
			return sat.Optimum{}, ierr
		}
	}
	return opt, err
}

// search is the state of LinearSatUnsat and Binary: the best model and its
// cost, the least cost any assignment can have, and the bounds.
type search struct {
	ctx       context.Context
	s         sat.Solver
	objective []sat.Term
	improve   func(sat.Assignment)
	bounds    bounder
	best      sat.Assignment
	cost, low int64
}

// take measures a model found under the bound cost ≤ b, improves it and
// returns it with its cost.
func (se *search) take(m sat.Assignment, b int64) (sat.Assignment, int64, error) {
	c := sat.Sum(se.objective, m)
	if c > b {
		return nil, 0, fmt.Errorf("%w: model of cost %d found under the bound cost ≤ %d", sat.ErrBadModel, c, b)
	}
	if se.improve != nil {
		se.improve(m)
		if d := sat.Sum(se.objective, m); d > c {
			return nil, 0, fmt.Errorf("%w: improving a model raised its cost from %d to %d", sat.ErrBadModel, c, d)
		} else {
			c = d
		}
	}
	return m, c, nil
}

// try solves under cost ≤ b and, on SAT, records the model. It reports
// whether a model was found.
func (se *search) try(b int64) (bool, error) {
	if err := se.ctx.Err(); err != nil {
		return false, err
	}
	st, err := se.s.Solve(se.ctx, se.bounds.atMost(b))
	switch st {
	case sat.Unknown:
		return false, err
	case sat.Unsat:
		return false, nil
	}
	m, c, err := se.take(se.s.Model(), b)
	if err != nil {
		return false, err
	}
	se.best, se.cost = m, c
	return true, nil
}

func (se *search) linear() error {
	for se.cost > se.low {
		found, err := se.try(se.cost - 1)
		if err != nil || !found {
			return err
		}
	}
	return nil
}

func (se *search) binary() error {
	lo := se.low
	for lo < se.cost {
		mid := lo + (se.cost-lo)/2
		found, err := se.try(mid)
		if err != nil {
			return err
		}
		if !found {
			lo = se.bounds.above(mid)
		}
	}
	return nil
}
