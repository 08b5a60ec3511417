package optimize

// The package's face: the strategies, the options, the result, and Solve,
// which every caller uses (satsolve solve, the models, the FlatZinc
// layer). The strategies themselves live one per file.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// Strategy selects how Solve searches.
type Strategy uint8

// The search strategies.
const (
	// Auto is the measured default: Core (doc.go gives the numbers).
	Auto Strategy = iota
	// Native hands the objective to a solver that implements
	// sat.Minimizer.
	Native
	// LinearSatUnsat improves the cost down, one bound at a time.
	LinearSatUnsat
	// Binary bisects between a proven lower bound and the best cost.
	Binary
	// Core is core-guided search (OLL, as in RC2): soft literals are
	// assumed, and each core raises the lower bound and is relaxed by a
	// totalizer.
	Core
	// CoreBoosted runs Core for a while, then linear search over the
	// objective the cores reformulated.
	CoreBoosted
)

var names = []string{"auto", "native", "linear", "binary", "core", "core-boosted"}

// String returns the strategy's flag name, e.g. "core".
func (st Strategy) String() string {
	if int(st) < len(names) {
		return names[st]
	}
	return fmt.Sprintf("Strategy(%d)", uint8(st))
}

// Strategies returns every strategy, in declaration order.
func Strategies() []Strategy {
	return []Strategy{Auto, Native, LinearSatUnsat, Binary, Core, CoreBoosted}
}

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
// the others run anywhere (Core and CoreBoosted are faster on a
// sat.FailedAssumer, which names the assumptions a core holds).
func (st Strategy) Applies(s sat.Solver) bool {
	if st != Native {
		return true
	}
	_, ok := s.(sat.Minimizer)
	return ok
}

// Options configures Solve. Start from DefaultOptions: the zero value
// has Auto and the default budgets, but the bound method encode.PBBDD.
type Options struct {
	// Strategy is the search strategy.
	Strategy Strategy
	// Bound is how LinearSatUnsat, Binary and the linear phase of
	// CoreBoosted bound the cost: encode.PBGTE builds one incremental
	// generalised totalizer (or, when encode.GTESize says it would exceed
	// GTEBudget clauses, a native constraint per bound on a sat.PBAdder,
	// else one adder network, encode.AdderBound); any other method
	// encodes a guarded constraint per bound. The zero value is
	// encode.PBBDD; DefaultOptions sets DefaultBound.
	Bound encode.PBMethod
	// GTEBudget is the most clauses the generalised totalizer may take;
	// 0 means DefaultGTEBudget.
	GTEBudget int64
	// AtMost, when not nil, gives LinearSatUnsat and Binary the literal
	// for "cost ≤ b" instead of an encoding of the bound: for a caller
	// whose model already holds one, such as a unary count of the cost
	// (Dobble's chain of active cards). The literal must be false in
	// every model that costs more than b and satisfiable together with
	// every model that costs at most b.
	AtMost func(b int64) sat.Lit
	// Assumptions hold for every solve: Solve minimises over the models
	// that satisfy them. Native refuses them (ErrNotApplicable).
	Assumptions []sat.Lit
	// Improve, when not nil, improves every model the search finds
	// before its cost is taken: it may change the model in place, and
	// must leave a model of the same constraints whose cost is not higher
	// (a WCNF reader's relaxation variables set to false wherever their
	// soft clause holds without them, say). A cost that rises is an error
	// wrapping sat.ErrBadModel.
	Improve func(sat.Assignment)
	// OnSolution, when not nil, is called with every model that costs
	// less than every model before it (after Improve), in the order they
	// are found: the anytime answers. It must not change the model.
	OnSolution func(cost int64, model sat.Assignment)
	// OnLowerBound, when not nil, is called with the first lower bound
	// (the least value the objective can take) and then whenever the
	// proved lower bound rises: no model costs less than lb.
	OnLowerBound func(lb int64)
	// Tuning holds the core-guided search's budgets; the zero value means
	// the defaults.
	Tuning Tuning

	// seed is a model known before the search (wide.go's reduction),
	// which the search starts from as its best.
	seed sat.Assignment
}

// Tuning holds the budgets and switches of Core and CoreBoosted. The
// zero value of each field means its default (doc.go says how each was
// chosen).
type Tuning struct {
	// MinimizeBudget bounds the time spent shrinking one core by
	// deletion (coremin.go); negative disables minimisation.
	MinimizeBudget time.Duration
	// ExhaustBudget bounds the time spent raising one new totalizer's
	// bound (exhaust.go); negative disables exhaustion.
	ExhaustBudget time.Duration
	// NoStratify assumes every soft literal at once (stratify.go).
	NoStratify bool
	// NoWCE relaxes each core as soon as it is found instead of after the
	// next model (wce.go).
	NoWCE bool
	// NoHarden never hardens soft literals (harden.go).
	NoHarden bool
	// CorePhase bounds the time of CoreBoosted's core phase, and
	// CorePhaseCores the number of cores it charges (0: no bound)
	// (coreboost.go).
	CorePhase      time.Duration
	CorePhaseCores int
}

// DefaultGTEBudget is the default Options.GTEBudget: a million clauses,
// which backends load in well under a second. Weighted objectives can
// need far more (200 weights up to 300 and a first cost of 30,000: about
// 10^8 clauses), where a native constraint or the adder network takes its
// place.
const DefaultGTEBudget = 1_000_000

// DefaultBound is the bound method of DefaultOptions.
const DefaultBound = encode.PBGTE

// DefaultOptions returns the defaults: Auto with DefaultBound.
func DefaultOptions() Options { return Options{Strategy: Auto, Bound: DefaultBound} }

// Result is the outcome of Solve.
type Result struct {
	// Status is Sat when a model was found, Unsat when the constraints
	// (under the assumptions) have none, Unknown when none was found
	// before the search stopped.
	Status sat.Status
	// Optimal reports that no model costs less than Cost.
	Optimal bool
	// Cost is the objective's value under Model, recomputed from the
	// objective. For an objective beyond sat.MaxCoefSum (wide.go) whose
	// search stopped before bringing it within range, a cost beyond
	// int64 reads math.MaxInt64; the caller recomputes it (sat.BigSum).
	Cost int64
	// Model is the best model found (nil unless Status is Sat).
	Model sat.Assignment
	// Lower is the proved lower bound: no model costs less. It equals
	// Cost when Optimal; with Status Unknown it is still a valid bound.
	Lower int64
	// Solves and Cores count the SAT calls made and the cores found.
	Solves, Cores int
}

// ErrNotApplicable is returned when the strategy or bound method cannot
// run on the solver (Native without sat.Minimizer or with assumptions, a
// native bound without sat.PBAdder).
var ErrNotApplicable = errors.New("optimize: strategy or bound does not apply to this solver")

// ErrInconsistent reports an internal contradiction the search caught
// before it could print a wrong answer: a proved lower bound above a
// model's cost, or a model found under a bound it breaks. It is never
// expected; every search checks for it.
var ErrInconsistent = errors.New("optimize: internal error: inconsistent bounds")

// Solve looks for a model of the solver's clauses (and o.Assumptions)
// that minimises Σ objective. The error is nil when the search ended:
// Status Unsat, or Sat with Optimal set. Otherwise it says why the search
// stopped (ctx.Err(), the solver's error, a bad objective,
// ErrNotApplicable, or an internal error wrapping sat.ErrBadModel or
// ErrInconsistent), and the Result still holds the best model found, if
// any, with Optimal false, and the lower bound proved.
func Solve(ctx context.Context, s sat.Solver, objective []sat.Term, o Options) (Result, error) {
	if err := sat.ValidateTerms(objective); err != nil {
		if errors.Is(err, sat.ErrCoefRange) && wideTerms(objective) && o.Strategy != Native {
			return solveWide(ctx, s, objective, o)
		}
		return Result{}, fmt.Errorf("optimize: objective: %w", err)
	}
	r := newRun(ctx, s, objective, o)
	if o.OnLowerBound != nil && o.Strategy != Native {
		o.OnLowerBound(r.lb)
	}
	var err error
	switch st := o.Strategy; st {
	case Native:
		return native(ctx, s, objective, o)
	case LinearSatUnsat, Binary:
		err = r.bounded(st == Binary)
	case Auto, Core:
		err = r.core(false)
	case CoreBoosted:
		err = r.core(true)
	default:
		panic("optimize: unknown " + st.String())
	}
	return r.result(err)
}

// SolveLinear minimises the linear integer expression Σ Coef·X (the
// integers encoded by package encode in s) as Solve does; Cost and Lower
// are the expression's values.
func SolveLinear(ctx context.Context, s sat.Solver, expr []encode.IntTerm, o Options) (Result, error) {
	c, err := encode.LinearPB(expr, sat.AtMost, 0)
	if err != nil {
		return Result{}, fmt.Errorf("optimize: expression: %w", err)
	}
	offset := -c.K // Σ Coef·X = offset + Σ c.Terms
	shift := o
	if f := o.OnSolution; f != nil {
		shift.OnSolution = func(cost int64, m sat.Assignment) { f(cost+offset, m) }
	}
	if f := o.OnLowerBound; f != nil {
		shift.OnLowerBound = func(lb int64) { f(lb + offset) }
	}
	res, err := Solve(ctx, s, c.Terms, shift)
	res.Cost += offset
	res.Lower += offset
	return res, err
}

// Minimize looks for a model of the solver's clauses that minimises
// Σ objective, with strategy st and the default bound.
//
// Deprecated: use Solve, which also reports the lower bound.
func Minimize(ctx context.Context, s sat.Solver, objective []sat.Term, st Strategy) (sat.Optimum, error) {
	return MinimizeWith(ctx, s, objective, Options{Strategy: st, Bound: DefaultBound})
}

// MinimizeWith is Solve returning a sat.Optimum.
//
// Deprecated: use Solve.
func MinimizeWith(ctx context.Context, s sat.Solver, objective []sat.Term, o Options) (sat.Optimum, error) {
	r, err := Solve(ctx, s, objective, o)
	return sat.Optimum{Status: r.Status, Optimal: r.Optimal, Cost: r.Cost, Model: r.Model}, err
}
