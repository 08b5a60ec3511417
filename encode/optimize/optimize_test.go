package optimize_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/sat"
)

// instance is a random CNF with a random weighted objective; coefficients
// may be negative or zero and literals may repeat or appear negated.
type instance struct {
	f   sat.Formula
	obj []sat.Term
}

func randomInstance(r *rand.Rand, n, clauses int, maxCoef int) instance {
	var in instance
	for range n {
		in.f.NewVar()
	}
	for range clauses {
		c := make([]sat.Lit, 3)
		for i := range c {
			c[i] = sat.Var(1 + r.Intn(n)).Lit(r.Intn(2) == 0)
		}
		in.f.AddClause(c...)
	}
	for range n + r.Intn(3) {
		in.obj = append(in.obj, sat.Term{
			Coef: int64(r.Intn(maxCoef+6) - 5),
			Lit:  sat.Var(1 + r.Intn(n)).Lit(r.Intn(3) > 0),
		})
	}
	return in
}

// brute returns the optimum by enumeration: ok false when unsatisfiable.
func (in instance) brute() (int64, bool) {
	n := in.f.NumVars
	best, ok := int64(0), false
	for m := uint64(0); m < 1<<n; m++ {
		a := sat.NewAssignment(n)
		for v := 1; v <= n; v++ {
			a[v] = m>>(v-1)&1 == 1
		}
		if in.f.Check(a) == nil {
			if c := sat.Sum(in.obj, a); !ok || c < best {
				best, ok = c, true
			}
		}
	}
	return best, ok
}

// solverFor returns a fresh solver loaded with the instance, with the
// facets the configuration needs.
func solverFor(in instance, o optimize.Options) sat.Solver {
	var s sat.Solver
	switch {
	case o.Strategy == optimize.Native:
		s = check.NewMin()
	case o.Bound == encode.PBNative:
		s = check.NewPB()
	default:
		s = check.New()
	}
	for range in.f.NumVars {
		s.NewVar()
	}
	for _, c := range in.f.Clauses {
		s.AddClause(c...)
	}
	return s
}

// configs returns every strategy with every bound method, and the default
// bound with a budget of one clause, which makes the search use the adder
// network instead of the generalised totalizer.
func configs() []optimize.Options {
	out := []optimize.Options{{Strategy: optimize.Native}}
	for _, st := range []optimize.Strategy{optimize.LinearSatUnsat, optimize.Binary} {
		for _, m := range encode.PBMethods() {
			out = append(out, optimize.Options{Strategy: st, Bound: m})
		}
		out = append(out, optimize.Options{Strategy: st, Bound: encode.PBGTE, GTEBudget: 1})
	}
	return out
}

func (in instance) verify(t *testing.T, name string, opt sat.Optimum, err error, want int64, sat1 bool) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !sat1 {
		if opt.Status != sat.Unsat {
			t.Fatalf("%s: %v, want UNSAT", name, opt.Status)
		}
		return
	}
	if opt.Status != sat.Sat || !opt.Optimal || opt.Cost != want {
		t.Fatalf("%s: status %v optimal %v cost %d, want optimum %d", name, opt.Status, opt.Optimal, opt.Cost, want)
	}
	if c := sat.Sum(in.obj, opt.Model); c != opt.Cost {
		t.Fatalf("%s: model costs %d, claims %d", name, c, opt.Cost)
	}
	if err := in.f.Check(opt.Model); err != nil {
		t.Fatalf("%s: model: %v", name, err)
	}
}

// Every strategy and bound method finds the brute-force optimum.
func TestAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	rounds := 60
	if testing.Short() {
		rounds = 15
	}
	for round := range rounds {
		n := 3 + r.Intn(8)
		in := randomInstance(r, n, n+r.Intn(3*n), []int{3, 20, 100}[round%3])
		want, ok := in.brute()
		for _, o := range configs() {
			name := fmt.Sprintf("round %d %v/%v/budget %d", round, o.Strategy, o.Bound, o.GTEBudget)
			opt, err := optimize.MinimizeWith(t.Context(), solverFor(in, o), in.obj, o)
			in.verify(t, name, opt, err, want, ok)
		}
	}
}

// On instances too large for brute force the strategies agree.
func TestStrategiesAgree(t *testing.T) {
	r := rand.New(rand.NewSource(6))
	for round := range 6 {
		n := 24 + r.Intn(10)
		in := randomInstance(r, n, 2*n, 12)
		var first *sat.Optimum
		for _, o := range configs() {
			if o.Bound == encode.PBSWC || o.Bound == encode.PBNative {
				continue // pseudo-polynomial or lazily checked: slow here
			}
			opt, err := optimize.MinimizeWith(t.Context(), solverFor(in, o), in.obj, o)
			if err != nil {
				t.Fatalf("round %d %v/%v: %v", round, o.Strategy, o.Bound, err)
			}
			in.verify(t, fmt.Sprintf("round %d %v/%v", round, o.Strategy, o.Bound), opt, nil, opt.Cost, opt.Status == sat.Sat)
			if first == nil {
				first = &opt
			} else if opt.Status != first.Status || opt.Cost != first.Cost {
				t.Fatalf("round %d %v/%v: %v cost %d, but native says %v cost %d", round, o.Strategy, o.Bound, opt.Status, opt.Cost, first.Status, first.Cost)
			}
		}
	}
}

// After a search the solver still has every model of its clauses: bounds
// were only assumed and activation literals retired.
func TestSolverLeftUnconstrained(t *testing.T) {
	r := rand.New(rand.NewSource(8))
	for round := range 20 {
		in := randomInstance(r, 6, 8, 10)
		if _, ok := in.brute(); !ok {
			continue
		}
		for _, o := range configs()[1:] {
			s := solverFor(in, o)
			if _, err := optimize.MinimizeWith(t.Context(), s, in.obj, o); err != nil {
				t.Fatal(err)
			}
			for m := uint64(0); m < 1<<6; m++ {
				a := sat.NewAssignment(6)
				var assume []sat.Lit
				for v := 1; v <= 6; v++ {
					a[v] = m>>(v-1)&1 == 1
					assume = append(assume, sat.Var(v).Lit(a[v]))
				}
				st, err := s.Solve(t.Context(), assume...)
				if err != nil || (st == sat.Sat) != (in.f.Check(a) == nil) {
					t.Fatalf("round %d %v/%v: assignment %06b: %v %v", round, o.Strategy, o.Bound, m, st, err)
				}
			}
		}
	}
}

// flaky answers Unknown from its n-th Solve on, as a cancelled solve does.
type flaky struct {
	sat.Solver
	left int
}

func (f *flaky) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	if f.left == 0 {
		return sat.Unknown, context.Canceled
	}
	f.left--
	return f.Solver.Solve(ctx, assumptions...)
}

func TestInterrupted(t *testing.T) {
	// x1..x6 all free, cost Σ 2^i·xi with the clause (x1 ∨ … ∨ x6): the
	// optimum is 1, reached only after several improvements from the
	// solver's first model (all false is excluded).
	var in instance
	var lits []sat.Lit
	for i := range 6 {
		v := in.f.NewVar()
		lits = append(lits, v.Neg())
		in.obj = append(in.obj, sat.Term{Coef: 1 << i, Lit: v.Neg()})
	}
	in.f.AddClause(lits...)
	for _, st := range []optimize.Strategy{optimize.LinearSatUnsat, optimize.Binary} {
		for solves := 0; solves <= 2; solves++ {
			t.Run(fmt.Sprintf("%v/after %d", st, solves), func(t *testing.T) {
				s := &flaky{Solver: solverFor(in, optimize.Options{}), left: solves}
				opt, err := optimize.Minimize(t.Context(), s, in.obj, st)
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("error %v, want context.Canceled", err)
				}
				if solves == 0 {
					if opt.Status != sat.Unknown || opt.Model != nil {
						t.Fatalf("got %+v, want Unknown without a model", opt)
					}
					return
				}
				if opt.Status != sat.Sat || opt.Optimal {
					t.Fatalf("got status %v optimal %v, want a non-optimal Sat", opt.Status, opt.Optimal)
				}
				if c := sat.Sum(in.obj, opt.Model); c != opt.Cost || in.f.Check(opt.Model) != nil {
					t.Fatalf("best model costs %d, claims %d", c, opt.Cost)
				}
			})
		}
	}
}

// liar ignores assumptions after its first answer by replaying its first
// model, so a bound appears satisfied by a model that violates it.
type liar struct {
	sat.Solver
	first sat.Assignment
}

func (l *liar) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	if l.first == nil {
		st, err := l.Solver.Solve(ctx, assumptions...)
		if st == sat.Sat {
			l.first = l.Solver.Model()
		}
		return st, err
	}
	return sat.Sat, nil
}

func (l *liar) Model() sat.Assignment { return l.first }

func TestBadModelDetected(t *testing.T) {
	// One free variable and the objective ¬x: the test solver's first
	// model has x false (cost 1, not optimal), so the search asks for
	// cost ≤ 0 and the liar answers with the same model.
	obj := []sat.Term{{Coef: 1, Lit: -1}}
	for _, st := range []optimize.Strategy{optimize.LinearSatUnsat, optimize.Binary} {
		inner := check.New()
		inner.NewVar()
		opt, err := optimize.Minimize(t.Context(), &liar{Solver: inner}, obj, st)
		if !errors.Is(err, sat.ErrBadModel) || opt.Optimal || opt.Cost != 1 {
			t.Fatalf("%v: got %+v, %v; want the first model and an error wrapping ErrBadModel", st, opt, err)
		}
	}
}

func TestNotApplicable(t *testing.T) {
	s := check.New()
	s.AddClause(s.NewVar().Pos())
	obj := []sat.Term{{Coef: 1, Lit: 1}}
	if _, err := optimize.Minimize(t.Context(), s, obj, optimize.Native); !errors.Is(err, optimize.ErrNotApplicable) {
		t.Errorf("native on a plain solver: %v", err)
	}
	if optimize.Native.Applies(s) || !optimize.Native.Applies(check.NewMin()) || !optimize.Binary.Applies(s) {
		t.Error("Applies")
	}
	o := optimize.Options{Strategy: optimize.LinearSatUnsat, Bound: encode.PBNative}
	if _, err := optimize.MinimizeWith(t.Context(), s, obj, o); !errors.Is(err, optimize.ErrNotApplicable) {
		t.Errorf("native bound on a plain solver: %v", err)
	}
	bad := []sat.Term{{Coef: 1, Lit: 0}}
	if _, err := optimize.Minimize(t.Context(), s, bad, optimize.Binary); err == nil {
		t.Error("objective with a zero literal accepted")
	}
}

func TestStrategyNames(t *testing.T) {
	for _, st := range optimize.Strategies() {
		got, err := optimize.ParseStrategy(st.String())
		if err != nil || got != st {
			t.Errorf("%v: %v %v", st, got, err)
		}
	}
	if _, err := optimize.ParseStrategy("simplex"); err == nil {
		t.Error("unknown strategy accepted")
	}
	want := []string{"auto", "native", "linear", "binary", "core", "core-boosted"}
	for i, st := range optimize.Strategies() {
		if st.String() != want[i] {
			t.Errorf("strategy %d is %q, want %q", i, st, want[i])
		}
	}
}

// cheat is a Minimizer that reports a cost its model does not have.
type cheat struct{ *check.MinSolver }

func (c cheat) Minimize(ctx context.Context, obj []sat.Term) (sat.Optimum, error) {
	opt, err := c.MinSolver.Minimize(ctx, obj)
	opt.Cost--
	return opt, err
}

func TestNativeResultChecked(t *testing.T) {
	s := check.NewMin()
	s.AddClause(s.NewVar().Pos())
	_, err := optimize.Minimize(t.Context(), cheat{s}, []sat.Term{{Coef: 2, Lit: 1}}, optimize.Native)
	if !errors.Is(err, sat.ErrBadModel) {
		t.Fatalf("got %v, want an error wrapping ErrBadModel", err)
	}
}

// soft is a MaxSAT instance in the shape the WCNF reader produces: hard
// clauses over x1..xn, and soft clauses Cᵢ ∨ rᵢ with a fresh relaxation
// variable rᵢ and the objective Σ wᵢ·rᵢ.
type soft struct {
	in    instance
	n     int
	softs [][]sat.Lit // Cᵢ, without rᵢ
	w     []int64
}

func randomSoft(r *rand.Rand, n, hard, softs int, maxW int64) soft {
	return randomSoftWidth(r, n, hard, softs, maxW, 3)
}

// randomSoftWidth is randomSoft with soft clauses of 1 to width literals
// (hard ones have 3).
func randomSoftWidth(r *rand.Rand, n, hard, softs int, maxW int64, width int) soft {
	var m soft
	m.n = n
	for range n {
		m.in.f.NewVar()
	}
	clause := func() []sat.Lit {
		c := make([]sat.Lit, 3)
		for i := range c {
			c[i] = sat.Var(1 + r.Intn(n)).Lit(r.Intn(2) == 0)
		}
		return c
	}
	for range hard {
		m.in.f.AddClause(clause()...)
	}
	for range softs {
		c := clause()
		if width < 3 {
			c = c[:1+r.Intn(width)]
		}
		rv := m.in.f.NewVar()
		m.in.f.AddClause(append(c, rv.Pos())...)
		w := 1 + r.Int63n(maxW)
		m.softs, m.w = append(m.softs, c), append(m.w, w)
		m.in.obj = append(m.in.obj, sat.Term{Coef: w, Lit: rv.Pos()})
	}
	return m
}

// improve sets each relaxation variable to false where its soft clause
// holds without it.
func (m soft) improve(a sat.Assignment) {
	for i, c := range m.softs {
		a[m.n+1+i] = !sat.Clause(c).Satisfied(a)
	}
}

// cost is the soft cost of a: the weight of the soft clauses it falsifies.
func (m soft) cost(a sat.Assignment) int64 {
	var c int64
	for i, cl := range m.softs {
		if !sat.Clause(cl).Satisfied(a) {
			c += m.w[i]
		}
	}
	return c
}

// lazy makes its first model as bad as possible: every relaxation
// variable true (assumed), as a solver that knows nothing of the
// objective may answer.
type lazy struct {
	sat.Solver
	relax []sat.Lit
	used  bool
}

func (l *lazy) Solve(ctx context.Context, a ...sat.Lit) (sat.Status, error) {
	if !l.used {
		l.used = true
		return l.Solver.Solve(ctx, append(a, l.relax...)...)
	}
	return l.Solver.Solve(ctx, a...)
}

// TestImproveInterrupted is the regression test for interrupted MaxSAT
// optimisation printing the relaxation variables' sum (the total soft
// weight, from a first model with every relaxation true) instead of the
// model's soft cost: with Improve, the best model of an interrupted
// search has relaxation variables that match its soft clauses, so its cost
// is its soft cost, for every strategy, native included.
func TestImproveInterrupted(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	for round := range 12 {
		m := randomSoft(r, 10, 12, 12, 50)
		var relax []sat.Lit
		for i := range m.softs {
			relax = append(relax, sat.Var(m.n+1+i).Pos())
		}
		for _, o := range configs() {
			if o.Bound == encode.PBNative {
				continue // the wrappers hide the PBAdder facet
			}
			for _, stopAfter := range []int{1, 2, 1 << 20} {
				o.Improve = m.improve
				var s sat.Solver = &lazy{Solver: solverFor(m.in, o), relax: relax}
				if o.Strategy == optimize.Native {
					s = &lazyMin{lazy: s.(*lazy)}
				}
				s = &flakyAfter{Solver: s, left: stopAfter}
				opt, err := optimize.MinimizeWith(t.Context(), s, m.in.obj, o)
				name := fmt.Sprintf("round %d %v/%v/budget %d, stop after %d solves", round, o.Strategy, o.Bound, o.GTEBudget, stopAfter)
				if err != nil && !errors.Is(err, context.Canceled) {
					t.Fatalf("%s: %v", name, err)
				}
				if opt.Status != sat.Sat {
					continue
				}
				if c := m.cost(opt.Model); c != opt.Cost || sat.Sum(m.in.obj, opt.Model) != c {
					t.Fatalf("%s: cost %d, but the model's soft cost is %d", name, opt.Cost, c)
				}
				if err := m.in.f.Check(opt.Model); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
		}
	}
}

// lazyMin gives a lazy solver the native Minimize of check.NewMin, whose
// first model is the lazy one.
type lazyMin struct{ *lazy }

func (l *lazyMin) Minimize(ctx context.Context, obj []sat.Term) (sat.Optimum, error) {
	return l.Solver.(sat.Minimizer).Minimize(ctx, obj)
}

// flakyAfter answers Unknown from its n-th Solve on, keeping the facets of
// the solver it wraps for Minimize (which it lets through once).
type flakyAfter struct {
	sat.Solver
	left int
}

func (f *flakyAfter) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	if f.left == 0 {
		return sat.Unknown, context.Canceled
	}
	f.left--
	return f.Solver.Solve(ctx, assumptions...)
}

func (f *flakyAfter) Minimize(ctx context.Context, obj []sat.Term) (sat.Optimum, error) {
	return f.Solver.(sat.Minimizer).Minimize(ctx, obj)
}

// TestImproveMustNotRaise checks that an Improve that raises the cost is
// caught as a bad model.
func TestImproveMustNotRaise(t *testing.T) {
	var in instance
	in.f.NewVar()
	obj := []sat.Term{{Coef: 1, Lit: 1}}
	o := optimize.Options{Strategy: optimize.LinearSatUnsat, Bound: encode.PBGTE,
		Improve: func(a sat.Assignment) { a[1] = true }}
	_, err := optimize.MinimizeWith(t.Context(), solverFor(in, o), obj, o)
	if !errors.Is(err, sat.ErrBadModel) {
		t.Fatalf("error %v, want ErrBadModel", err)
	}
}
