package cp

// Optimisation: minimise or maximise one integer variable (a linear
// objective gets a variable of its own, defined by an int_lin_eq, as
// FlatZinc does), through encode/optimize.
//
// The objective variable x = v_0 + Σ wⱼ·lⱼ (Int.Terms: the order
// literals weighted by the gaps between values, or the bits) is the
// objective optimize.Solve minimises: Σ wⱼ·lⱼ, negated when maximising.
// Its strategies:
//
//   - SearchLinear and SearchBinary bound the cost by one literal of x
//     (optimize.Options.AtMost): x ≤ b in the order or direct encoding,
//     a cached comparator chain of at most m gates in the log encoding.
//     So they need no totalizer over the objective. Linear improves the
//     best cost down one bound at a time; binary bisects between the
//     proved lower bound and the best cost.
//   - SearchOptimize (optimize's own default, Auto: core-guided search,
//     OLL as RC2 runs it) and SearchCoreBoosted work on the literals:
//     they raise a proved lower bound from the first core on.
//
// Every improving solution is decoded and checked (Model.Check) before it
// is reported to Options.OnSolution, and the objective's value is
// recomputed from the solution's values (the linear expression, not the
// variable); a value that disagrees with the search's cost is an error
// wrapping ErrWrongSolution. The proved bound is reported in
// Result.Bound.

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/sat"
)

// Search selects how Solve optimises an objective.
type Search uint8

// The optimisation searches.
const (
	SearchLinear      Search = iota // improve the best cost down, one bound literal at a time
	SearchBinary                    // bisect between the proved lower bound and the best cost
	SearchOptimize                  // encode/optimize's default (optimize.Auto: core-guided)
	SearchCoreBoosted               // core-guided for a while, then linear
)

var searchNames = []string{"linear", "binary", "optimize", "core-boosted"}

var searchStrategies = []optimize.Strategy{optimize.LinearSatUnsat, optimize.Binary, optimize.Auto, optimize.CoreBoosted}

// String returns the search's flag name, e.g. "linear".
func (s Search) String() string {
	if int(s) < len(searchNames) {
		return searchNames[s]
	}
	return fmt.Sprintf("Search(%d)", uint8(s))
}

// Searches returns every search, in declaration order.
func Searches() []Search {
	return []Search{SearchLinear, SearchBinary, SearchOptimize, SearchCoreBoosted}
}

// ParseSearch returns the search whose String is name.
func ParseSearch(name string) (Search, error) {
	for _, s := range Searches() {
		if s.String() == name {
			return s, nil
		}
	}
	return 0, fmt.Errorf("cp: unknown search %q (want one of %v)", name, searchNames)
}

type objective struct {
	x        IntVar // the variable whose value is the objective
	is       []iterm
	maximize bool
}

// value returns the objective's value, recomputed from the terms.
func (o *objective) value(s *Solution) int64 {
	var v int64
	for _, t := range o.is {
		v += t.c * s.Int(t.x)
	}
	return v
}

// Minimize makes x the objective to minimise (replacing any other).
func (m *Model) Minimize(x IntVar) { m.setObjective([]int64{1}, []IntVar{x}, false) }

// Maximize makes x the objective to maximise (replacing any other).
func (m *Model) Maximize(x IntVar) { m.setObjective([]int64{1}, []IntVar{x}, true) }

// MinimizeLinear makes Σ coefs[i]·xs[i] the objective to minimise.
func (m *Model) MinimizeLinear(coefs []int64, xs []IntVar) { m.setObjective(coefs, xs, false) }

// MaximizeLinear makes Σ coefs[i]·xs[i] the objective to maximise.
func (m *Model) MaximizeLinear(coefs []int64, xs []IntVar) { m.setObjective(coefs, xs, true) }

// HasObjective reports whether the model has an objective.
func (m *Model) HasObjective() bool { return m.obj != nil }

// ObjectiveValue returns the objective's value in a solution.
func (m *Model) ObjectiveValue(s *Solution) int64 {
	if m.obj == nil {
		return 0
	}
	return m.obj.value(s)
}

func (m *Model) setObjective(coefs []int64, xs []IntVar, maximize bool) {
	if m.err != nil || !m.checkValues("objective", coefs...) {
		return
	}
	is, ok := m.terms("objective", coefs, xs)
	if !ok || !m.ownInts(xs) {
		return
	}
	if len(is) == 1 && is[0].c == 1 {
		m.obj = &objective{x: xs[0], is: is, maximize: maximize}
		return
	}
	var lo, hi int64
	for _, t := range is {
		d := m.ints[t.x.i].dom
		if d.Empty() {
			continue
		}
		a, b := mulSat(t.c, d.Min()), mulSat(t.c, d.Max())
		lo, hi = addSat(lo, min(a, b)), addSat(hi, max(a, b))
	}
	if lo < -MaxValue || hi > MaxValue {
		m.fail("objective: its range %d..%d exceeds ±2^40", lo, hi)
		return
	}
	x := m.NewInt(lo, hi, "_objective")
	cs := append([]int64{-1}, coefs...)
	if c := m.IntLinEq(cs, append([]IntVar{x}, xs...), 0); c.m == nil {
		return
	}
	m.obj = &objective{x: x, is: is, maximize: maximize}
}

// mulSat and addSat saturate at ±2^62, far beyond any domain.
func mulSat(a, b int64) int64 {
	hi, lo := bits.Mul64(absU(a), absU(b))
	if hi != 0 || lo > 1<<62 {
		lo = 1 << 62
	}
	if (a < 0) != (b < 0) {
		return -int64(lo)
	}
	return int64(lo)
}

func addSat(a, b int64) int64 {
	return max(min(a+b, 1<<62), -(1 << 62))
}

// cost returns the objective's cost in a solution: its value, negated
// when maximising.
func (o *objective) cost(s *Solution) int64 {
	if o.maximize {
		return -o.value(s)
	}
	return o.value(s)
}

// optimize minimises the cost with encode/optimize.
func (e *encoder) optimize(ctx context.Context, s sat.Solver, res Result) (Result, error) {
	if int(e.o.Search) >= len(searchStrategies) {
		return res, fmt.Errorf("cp: unknown %v", e.o.Search)
	}
	o := e.m.obj
	x := e.int(o.x)
	ts, lo := x.Terms()
	sign := int64(1) // x = lo + Σ terms; the cost is sign·x = sign·lo + Σ sign·terms
	if o.maximize {
		sign = -1
	}
	for i := range ts {
		ts[i].Coef *= sign
	}
	// The internal cost c = Σ sign·terms; cost ≤ b is x ≤ lo + b when
	// minimising, x ≥ lo − b when maximising.
	opts := optimize.DefaultOptions()
	opts.Strategy = searchStrategies[e.o.Search]
	opts.AtMost = func(b int64) sat.Lit {
		if o.maximize {
			return e.litOf(e.geP(o.x, lo-b))
		}
		return e.litOf(e.leP(o.x, lo+b))
	}
	var failed error
	opts.OnSolution = func(c int64, a sat.Assignment) {
		if failed != nil {
			return
		}
		r, err := e.found(a, res)
		if err == nil && o.cost(r.Solution) != sign*lo+c {
			err = fmt.Errorf("cp: %w: objective %d, the search's cost %d", ErrWrongSolution, r.Objective, sign*(sign*lo+c))
		}
		if err != nil {
			failed = err
			return
		}
		res = r
		if e.o.OnSolution != nil {
			e.o.OnSolution(r.Solution)
		}
	}
	out, err := optimize.Solve(ctx, s, ts, opts)
	if failed != nil {
		return res, failed
	}
	res.Status = out.Status
	if out.Status == sat.Sat {
		// OnSolution saw every improving model, the best one last: keep
		// that Solution (callers compare it with what they reported);
		// decode the model only if it did not come through.
		if res.Solution == nil || o.cost(res.Solution) != sign*lo+out.Cost {
			r, ferr := e.found(out.Model, res)
			if ferr != nil {
				return res, ferr
			}
			if got := o.cost(r.Solution); got != sign*lo+out.Cost {
				return res, fmt.Errorf("cp: %w: the best solution costs %d, the search says %d", ErrWrongSolution, got, sign*lo+out.Cost)
			}
			res = r
		}
		res.Bound = sign * (sign*lo + out.Lower)
	}
	res.Complete = err == nil && (out.Status == sat.Unsat || out.Optimal)
	return res, err
}
