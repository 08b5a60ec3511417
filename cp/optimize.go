package cp

// Optimisation: minimise or maximise one integer variable (a linear
// objective gets a variable of its own, defined by an int_lin_eq, as
// FlatZinc does).
//
// The cost is the objective variable's value (its negation when
// maximising), and "cost ≤ b" is one literal of that variable: x ≤ b in
// the order or direct encoding, a cached comparator chain of at most m
// gates in the log encoding. So the searches need no totalizer over the
// objective:
//
//   - SearchLinear (improve down): solve; then, with the best cost c,
//     add the clause cost ≤ c−1 and solve again, until unsatisfiable.
//     Every solution is better than the one before (MiniZinc's -i).
//   - SearchBinary: keep a proved lower bound lo (the domain's least
//     cost, raised past mid whenever "cost ≤ mid" is unsatisfiable) and
//     the best cost hi; solve under the assumption cost ≤ mid, mid
//     halfway. Each answer becomes a clause: cost ≤ c−1 after a solution
//     of cost c, cost ≥ mid+1 after an unsatisfiable mid.
//   - SearchOptimize: encode/optimize's search over the objective's
//     literals (Int.Terms: the order literals weighted by the gaps
//     between values, or the bits), with its default strategy and bound;
//     improving solutions come through its Improve hook.
//
// Every solution is checked (Model.Check) before it is reported, and its
// objective value is recomputed from the solution's values (the linear
// expression, not the variable); a cost above the bound the solver was
// given is an error wrapping ErrWrongSolution.

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
	SearchLinear   Search = iota // improve the best cost down, one clause at a time
	SearchBinary                 // bisect between a proved lower bound and the best cost
	SearchOptimize               // encode/optimize over the objective's literals
)

var searchNames = []string{"linear", "binary", "optimize"}

// String returns the search's flag name, e.g. "linear".
func (s Search) String() string {
	if int(s) < len(searchNames) {
		return searchNames[s]
	}
	return fmt.Sprintf("Search(%d)", uint8(s))
}

// Searches returns every search, in declaration order.
func Searches() []Search { return []Search{SearchLinear, SearchBinary, SearchOptimize} }

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

// atMost returns the literal "cost ≤ b".
func (e *encoder) atMost(b int64) part {
	o := e.m.obj
	if o.maximize {
		return e.geP(o.x, -b)
	}
	return e.leP(o.x, b)
}

// improved records a solution found under "cost ≤ bound", checked, and
// reports it.
func (e *encoder) improved(a sat.Assignment, res Result, bound int64) (Result, error) {
	r, err := e.found(a, res)
	if err != nil {
		return res, err
	}
	if c := e.m.obj.cost(r.Solution); c > bound {
		return res, fmt.Errorf("cp: %w: cost %d found under the bound %d", ErrWrongSolution, c, bound)
	}
	if e.o.OnSolution != nil {
		e.o.OnSolution(r.Solution)
	}
	return r, nil
}

// optimize runs the search of e.o.Search on the encoded model.
func (e *encoder) optimize(ctx context.Context, s sat.Solver, res Result) (Result, error) {
	if e.o.Search == SearchOptimize {
		return e.optimizeLits(ctx, s, res)
	}
	if e.o.Search != SearchLinear && e.o.Search != SearchBinary {
		return res, fmt.Errorf("cp: unknown %v", e.o.Search)
	}
	o := e.m.obj
	d := e.dom(o.x)
	low := d.Min()
	if o.maximize {
		low = -d.Max()
	}
	st, err := s.Solve(ctx)
	if st != sat.Sat {
		res.Status, res.Complete = st, st == sat.Unsat
		return res, err
	}
	if res, err = e.improved(s.Model(), res, 1<<62); err != nil {
		return res, err
	}
	best := o.cost(res.Solution)
	for low < best {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		bound := best - 1
		if e.o.Search == SearchBinary {
			bound = low + (best-low)/2
		}
		l := e.atMost(bound)
		var st sat.Status
		if e.o.Search == SearchLinear {
			clause(s, l)
			st, err = s.Solve(ctx)
		} else {
			st, err = s.Solve(ctx, e.litOf(l))
		}
		switch st {
		case sat.Unknown:
			return res, err
		case sat.Unsat:
			if e.o.Search == SearchLinear {
				res.Complete = true
				return res, nil
			}
			clause(s, l.not())
			low = bound + 1
			continue
		}
		if res, err = e.improved(s.Model(), res, bound); err != nil {
			return res, err
		}
		best = o.cost(res.Solution)
		if e.o.Search == SearchBinary {
			clause(s, e.atMost(best-1))
		}
	}
	res.Complete = true
	return res, nil
}

// optimizeLits minimises the cost as a sum over the objective variable's
// literals with encode/optimize.
func (e *encoder) optimizeLits(ctx context.Context, s sat.Solver, res Result) (Result, error) {
	o := e.m.obj
	ts, _ := e.int(o.x).Terms()
	if o.maximize {
		for i := range ts {
			ts[i].Coef = -ts[i].Coef
		}
	}
	var hookErr error
	opts := optimize.Options{Strategy: optimize.LinearSatUnsat, Bound: optimize.DefaultBound,
		Improve: func(a sat.Assignment) {
			if hookErr != nil {
				return
			}
			var r Result
			if r, hookErr = e.improved(a, res, 1<<62); hookErr == nil {
				res = r
			}
		}}
	if optimize.Native.Applies(s) {
		opts.Strategy = optimize.Native
	}
	opt, err := optimize.MinimizeWith(ctx, s, ts, opts)
	if hookErr != nil {
		return res, hookErr
	}
	switch opt.Status {
	case sat.Unsat:
		res.Status, res.Complete = sat.Unsat, true
		return res, nil
	case sat.Unknown:
		res.Status = sat.Unknown
		return res, err
	}
	// The hook saw every model; the returned one is the best of them.
	r, ferr := e.found(opt.Model, res)
	if ferr != nil {
		return res, ferr
	}
	r.Solutions = res.Solutions
	if r.Objective != res.Objective && res.Solution != nil {
		if o.cost(r.Solution) > o.cost(res.Solution) {
			return res, fmt.Errorf("cp: %w: the optimum's cost %d exceeds a solution found on the way (%d)", ErrWrongSolution, o.cost(r.Solution), o.cost(res.Solution))
		}
	}
	r.Complete = err == nil && opt.Optimal
	return r, err
}
