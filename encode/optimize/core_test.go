package optimize_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
)

// variant is one configuration of Solve under test.
type variant struct {
	name string
	o    optimize.Options
}

// variants returns every search strategy (Native aside) and each switch
// of the core-guided search turned off, each with the default bound.
func variants() []variant {
	var out []variant
	for _, st := range optimize.Strategies() {
		if st == optimize.Native {
			continue
		}
		o := optimize.DefaultOptions()
		o.Strategy = st
		out = append(out, variant{st.String(), o})
	}
	tunings := map[string]optimize.Tuning{
		"no-stratify": {NoStratify: true},
		"no-wce":      {NoWCE: true},
		"no-harden":   {NoHarden: true},
		"no-minimize": {MinimizeBudget: -1},
		"no-exhaust":  {ExhaustBudget: -1},
		"all-off":     {NoStratify: true, NoWCE: true, NoHarden: true, MinimizeBudget: -1, ExhaustBudget: -1},
		// A core phase of a microsecond: the linear phase starts after
		// the first model; or after one, two or three cores.
		"boost-at-once": {CorePhase: time.Microsecond},
		"boost-1-core":  {CorePhaseCores: 1},
		"boost-2-cores": {CorePhaseCores: 2, NoWCE: true},
		"boost-3-cores": {CorePhaseCores: 3, MinimizeBudget: -1},
	}
	for name, tu := range tunings {
		o := optimize.DefaultOptions()
		o.Strategy, o.Tuning = optimize.Core, tu
		if strings.HasPrefix(name, "boost") {
			o.Strategy = optimize.CoreBoosted
		}
		out = append(out, variant{name, o})
	}
	return out
}

// engines returns fresh solvers loaded with f: cdcl, which names its
// failed assumptions, and the encoders' test solver, which does not.
func engines(f *sat.Formula) map[string]sat.Solver {
	load := func(s sat.Solver) sat.Solver {
		for range f.NumVars {
			s.NewVar()
		}
		for _, c := range f.Clauses {
			s.AddClause(c...)
		}
		return s
	}
	return map[string]sat.Solver{"cdcl": load(cdcl.New()), "check": load(check.New())}
}

// bruteUnder returns the optimum of in under the assumptions, by
// enumeration; ok false when there is no model.
func (in instance) bruteUnder(assume []sat.Lit) (int64, bool) {
	n := in.f.NumVars
	best, ok := int64(0), false
	a := sat.NewAssignment(n)
	for m := uint64(0); m < 1<<n; m++ {
		for v := 1; v <= n; v++ {
			a[v] = m>>(v-1)&1 == 1
		}
		if in.f.CheckUnder(a, assume) == nil {
			if c := sat.Sum(in.obj, a); !ok || c < best {
				best, ok = c, true
			}
		}
	}
	return best, ok
}

// record keeps what the callbacks reported.
type record struct {
	costs  []int64
	models []sat.Assignment
	lbs    []int64
}

func (rec *record) hook(o *optimize.Options) {
	o.OnSolution = func(c int64, m sat.Assignment) {
		rec.costs = append(rec.costs, c)
		rec.models = append(rec.models, append(sat.Assignment(nil), m...))
	}
	o.OnLowerBound = func(lb int64) { rec.lbs = append(rec.lbs, lb) }
}

// verifyRun checks a result against the optimum want (ok false: no
// model), whether or not the search finished: the model satisfies the
// clauses and assumptions and costs what it claims, the lower bound is
// at most the optimum, a claimed optimum is the optimum, and the
// callbacks agree with the result.
func verifyRun(t *testing.T, name string, in instance, assume []sat.Lit, res optimize.Result, err error, rec *record, want int64, ok, finished bool) {
	t.Helper()
	if finished && err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("%s: %v", name, err)
	}
	if !ok {
		if res.Status == sat.Sat {
			t.Fatalf("%s: a model of an unsatisfiable instance", name)
		}
		if finished && res.Status != sat.Unsat {
			t.Fatalf("%s: %v, want UNSAT", name, res.Status)
		}
		return
	}
	if res.Status == sat.Unsat {
		t.Fatalf("%s: UNSAT, want optimum %d", name, want)
	}
	if res.Lower > want {
		t.Fatalf("%s: lower bound %d above the optimum %d", name, res.Lower, want)
	}
	for i, lb := range rec.lbs {
		if lb > want || i > 0 && lb <= rec.lbs[i-1] {
			t.Fatalf("%s: lower bounds %v (optimum %d)", name, rec.lbs, want)
		}
	}
	if len(rec.lbs) > 0 && rec.lbs[len(rec.lbs)-1] != res.Lower {
		t.Fatalf("%s: last lower bound reported %d, result %d", name, rec.lbs[len(rec.lbs)-1], res.Lower)
	}
	for i, c := range rec.costs {
		if sat.Sum(in.obj, rec.models[i]) != c || in.f.CheckUnder(rec.models[i], assume) != nil || i > 0 && c >= rec.costs[i-1] {
			t.Fatalf("%s: solution %d of %v: cost %d, model costs %d", name, i, rec.costs, c, sat.Sum(in.obj, rec.models[i]))
		}
	}
	if res.Status != sat.Sat {
		if finished || len(rec.costs) > 0 {
			t.Fatalf("%s: %v with %d solutions reported", name, res.Status, len(rec.costs))
		}
		return
	}
	if err := in.f.CheckUnder(res.Model, assume); err != nil {
		t.Fatalf("%s: model: %v", name, err)
	}
	if c := sat.Sum(in.obj, res.Model); c != res.Cost || res.Cost < want || res.Lower > res.Cost {
		t.Fatalf("%s: cost %d, model costs %d, lower %d, optimum %d", name, res.Cost, c, res.Lower, want)
	}
	if len(rec.costs) == 0 || rec.costs[len(rec.costs)-1] != res.Cost {
		t.Fatalf("%s: solutions reported %v, result cost %d", name, rec.costs, res.Cost)
	}
	if finished && (!res.Optimal || res.Cost != want) || res.Optimal && (res.Cost != want || res.Lower != want) {
		t.Fatalf("%s: optimal %v cost %d lower %d, want optimum %d", name, res.Optimal, res.Cost, res.Lower, want)
	}
}

// randomAssumptions returns up to two random literals over n variables.
func randomAssumptions(r *rand.Rand, n int) []sat.Lit {
	var a []sat.Lit
	for range r.Intn(3) {
		a = append(a, sat.Var(1+r.Intn(n)).Lit(r.Intn(2) == 0))
	}
	return a
}

// TestSolveAgainstBruteForce runs every strategy and variant, on cdcl
// and on the test solver, on random weighted instances of up to 14
// variables (with and without assumptions) and MaxSAT-shaped ones, and
// checks each answer against enumeration.
func TestSolveAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewSource(27))
	rounds := 80
	if testing.Short() {
		rounds = 20
	}
	for round := range rounds {
		var in instance
		if round%2 == 0 {
			n := 2 + r.Intn(11)
			in = randomInstance(r, n, r.Intn(3*n), []int{1, 3, 20, 1000}[round%4])
		} else {
			in = randomSoft(r, 3+r.Intn(6), r.Intn(10), 1+r.Intn(8), []int64{1, 4, 1 << 40}[round%3]).in
		}
		var assume []sat.Lit
		if round%3 == 0 {
			assume = randomAssumptions(r, in.f.NumVars)
		}
		want, ok := in.bruteUnder(assume)
		for _, v := range variants() {
			for ename, s := range engines(&in.f) {
				o := v.o
				o.Assumptions = assume
				var rec record
				rec.hook(&o)
				res, err := optimize.Solve(t.Context(), s, in.obj, o)
				verifyRun(t, fmt.Sprintf("round %d %s on %s", round, v.name, ename), in, assume, res, err, &rec, want, ok, true)
			}
		}
	}
}

// stopAfter answers Unknown from its n-th Solve on, as a cancelled solve
// does, and passes Failed through.
type stopAfter struct {
	sat.Solver
	left int
}

func (f *stopAfter) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	if f.left == 0 {
		return sat.Unknown, context.Canceled
	}
	f.left--
	return f.Solver.Solve(ctx, assumptions...)
}

func (f *stopAfter) Failed() []sat.Lit { return f.Solver.(sat.FailedAssumer).Failed() }

// TestSolveStoppedAnywhere stops every strategy after each possible
// number of solves, and at random deadlines, and checks what it returns:
// a checked model whose cost is right, a lower bound no higher than the
// optimum, and an optimum claimed only when it is one.
func TestSolveStoppedAnywhere(t *testing.T) {
	r := rand.New(rand.NewSource(28))
	rounds := 30
	if testing.Short() {
		rounds = 8
	}
	for round := range rounds {
		in := randomSoft(r, 4+r.Intn(6), r.Intn(8), 2+r.Intn(8), []int64{1, 7, 1000}[round%3]).in
		if round%2 == 0 {
			in = randomInstance(r, 4+r.Intn(8), r.Intn(20), 30)
		}
		want, ok := in.bruteUnder(nil)
		for _, v := range variants() {
			for stop := 0; ; stop++ {
				o := v.o
				var rec record
				rec.hook(&o)
				s := &stopAfter{Solver: engines(&in.f)["cdcl"], left: stop}
				res, err := optimize.Solve(t.Context(), s, in.obj, o)
				name := fmt.Sprintf("round %d %s stopped after %d solves", round, v.name, stop)
				finished := s.left > 0
				verifyRun(t, name, in, nil, res, err, &rec, want, ok, finished)
				if finished {
					break
				}
			}
			o := v.o
			var rec record
			rec.hook(&o)
			ctx, cancel := context.WithTimeout(t.Context(), time.Duration(r.Intn(2000))*time.Microsecond)
			res, err := optimize.Solve(ctx, engines(&in.f)["cdcl"], in.obj, o)
			cancel()
			verifyRun(t, fmt.Sprintf("round %d %s at a deadline", round, v.name), in, nil, res, err, &rec, want, ok, err == nil)
		}
	}
}

// TestSolveLinear minimises 3x − 2y + z over three small integers with
// x + y ≥ 4 and y ≤ z, and checks the optimum against enumeration, with
// both integer encodings.
func TestSolveLinear(t *testing.T) {
	for _, enc := range encode.IntEncodings() {
		s := cdcl.New()
		x, y, z := encode.NewInt(s, -2, 5, enc), encode.NewInt(s, 0, 6, enc), encode.NewInt(s, -3, 4, enc)
		if err := encode.Linear(s, []encode.IntTerm{{Coef: 1, X: x}, {Coef: 1, X: y}}, sat.AtLeast, 4, encode.PBBDD); err != nil {
			t.Fatal(err)
		}
		if err := encode.Linear(s, []encode.IntTerm{{Coef: 1, X: y}, {Coef: -1, X: z}}, sat.AtMost, 0, encode.PBBDD); err != nil {
			t.Fatal(err)
		}
		want := int64(1 << 62)
		for a := int64(-2); a <= 5; a++ {
			for b := int64(0); b <= 6; b++ {
				for c := int64(-3); c <= 4; c++ {
					if a+b >= 4 && b <= c {
						want = min(want, 3*a-2*b+c)
					}
				}
			}
		}
		expr := []encode.IntTerm{{Coef: 3, X: x}, {Coef: -2, X: y}, {Coef: 1, X: z}}
		for _, st := range []optimize.Strategy{optimize.Core, optimize.CoreBoosted, optimize.LinearSatUnsat, optimize.Binary} {
			o := optimize.DefaultOptions()
			o.Strategy = st
			var sols, lbs []int64
			o.OnSolution = func(c int64, m sat.Assignment) {
				if v := 3*x.Value(m) - 2*y.Value(m) + z.Value(m); v != c {
					t.Errorf("%v/%v: solution reported at %d, its value is %d", enc, st, c, v)
				}
				sols = append(sols, c)
			}
			o.OnLowerBound = func(lb int64) { lbs = append(lbs, lb) }
			res, err := optimize.SolveLinear(t.Context(), s, expr, o)
			if err != nil || !res.Optimal || res.Cost != want || res.Lower != want {
				t.Fatalf("%v/%v: %+v %v, want optimum %d", enc, st, res, err, want)
			}
			if v := 3*x.Value(res.Model) - 2*y.Value(res.Model) + z.Value(res.Model); v != want {
				t.Fatalf("%v/%v: the model's value is %d", enc, st, v)
			}
			if sols[len(sols)-1] != want || len(lbs) > 0 && lbs[len(lbs)-1] != want {
				t.Fatalf("%v/%v: solutions %v lower bounds %v", enc, st, sols, lbs)
			}
		}
	}
}

// TestCoreUnsat: an unsatisfiable instance is UNSAT for every strategy,
// and so is a satisfiable one under contradicting assumptions.
func TestCoreUnsat(t *testing.T) {
	var in instance
	x := in.f.NewVar()
	in.f.AddClause(x.Pos())
	in.obj = []sat.Term{{Coef: 1, Lit: x.Pos()}}
	for _, v := range variants() {
		for ename, s := range engines(&in.f) {
			o := v.o
			o.Assumptions = []sat.Lit{x.Neg()}
			res, err := optimize.Solve(t.Context(), s, in.obj, o)
			if err != nil || res.Status != sat.Unsat {
				t.Fatalf("%s on %s: %+v %v, want UNSAT", v.name, ename, res, err)
			}
		}
	}
}

// TestCoreExhaustion: at most one of x1..x6 may be true and each false
// one costs 1. Without minimisation the test solver's core is all six
// assumptions, and exhaustion must raise that one totalizer's bound to
// the optimum 5: one core, and a lower bound reported at the start and at every step.
func TestCoreExhaustion(t *testing.T) {
	var in instance
	var xs []sat.Lit
	for range 6 {
		x := in.f.NewVar().Pos()
		xs = append(xs, x)
		in.obj = append(in.obj, sat.Term{Coef: 1, Lit: x.Not()})
	}
	for i := range xs {
		for j := range i {
			in.f.AddClause(xs[i].Not(), xs[j].Not())
		}
	}
	o := optimize.DefaultOptions()
	o.Strategy = optimize.Core
	o.Tuning = optimize.Tuning{MinimizeBudget: -1, NoWCE: true}
	var rec record
	rec.hook(&o)
	res, err := optimize.Solve(t.Context(), engines(&in.f)["check"], in.obj, o)
	verifyRun(t, "exhaustion", in, nil, res, err, &rec, 5, true, true)
	if res.Cores != 1 || len(rec.lbs) != 6 {
		t.Fatalf("%d cores, lower bounds %v; want one core exhausted to 5", res.Cores, rec.lbs)
	}
}

// brute returns the soft optimum of m by enumerating its own variables
// (each relaxation variable then takes the value its clause needs); ok
// false when the hard clauses have no model.
func (m soft) brute() (int64, bool) {
	best, ok := int64(0), false
	a := sat.NewAssignment(m.in.f.NumVars)
	for mask := uint64(0); mask < 1<<m.n; mask++ {
		for v := 1; v <= m.n; v++ {
			a[v] = mask>>(v-1)&1 == 1
		}
		m.improve(a)
		if m.in.f.Check(a) == nil {
			if c := m.cost(a); !ok || c < best {
				best, ok = c, true
			}
		}
	}
	return best, ok
}

// TestCoreBoostedPhases runs the core-boosted search with its linear
// phase starting after one, two or three cores, with every totalizer
// still partly unmaterialised, on MaxSAT instances with many soft clauses
// over few variables (many cores, large totalizers), against enumeration.
func TestCoreBoostedPhases(t *testing.T) {
	r := rand.New(rand.NewSource(29))
	rounds := 40
	if testing.Short() {
		rounds = 10
	}
	for round := range rounds {
		m := randomSoftWidth(r, 8+r.Intn(5), r.Intn(12), 15+r.Intn(20), []int64{1, 3, 100}[round%3], 2)
		want, ok := m.brute()
		for cores := 1; cores <= 4; cores++ {
			for _, wce := range []bool{false, true} {
				o := optimize.DefaultOptions()
				o.Strategy = optimize.CoreBoosted
				o.Improve = m.improve
				o.Tuning = optimize.Tuning{CorePhaseCores: cores, NoWCE: !wce, MinimizeBudget: -1, ExhaustBudget: -1}
				var rec record
				rec.hook(&o)
				res, err := optimize.Solve(t.Context(), engines(&m.in.f)["cdcl"], m.in.obj, o)
				name := fmt.Sprintf("round %d, linear after %d cores, wce %v", round, cores, wce)
				verifyRun(t, name, m.in, nil, res, err, &rec, want, ok, true)
				if res.Status == sat.Sat && m.cost(res.Model) != res.Cost {
					t.Fatalf("%s: cost %d, soft cost %d", name, res.Cost, m.cost(res.Model))
				}
			}
		}
	}
}

// TestCoreBoostedExact: at most one of x1..x6 may be true, each false
// one costs 3, and the first model has them all false (cost 18). One core
// of all six (the test solver names no smaller one) leaves a totalizer
// whose outputs o_3..o_6 are not yet soft literals when the linear phase
// starts; the optimum 15 falsifies five of them, so it is found only if
// those outputs enter the reformulated objective with their own weight.
func TestCoreBoostedExact(t *testing.T) {
	var in instance
	var xs, none []sat.Lit
	for range 6 {
		x := in.f.NewVar().Pos()
		xs, none = append(xs, x), append(none, x.Not())
		in.obj = append(in.obj, sat.Term{Coef: 3, Lit: x.Not()})
	}
	for i := range xs {
		for j := range i {
			in.f.AddClause(xs[i].Not(), xs[j].Not())
		}
	}
	o := optimize.DefaultOptions()
	o.Strategy = optimize.CoreBoosted
	o.Tuning = optimize.Tuning{CorePhaseCores: 1, NoWCE: true, MinimizeBudget: -1, ExhaustBudget: -1}
	var rec record
	rec.hook(&o)
	res, err := optimize.Solve(t.Context(), &lazy{Solver: engines(&in.f)["check"], relax: none}, in.obj, o)
	verifyRun(t, "boosted", in, nil, res, err, &rec, 15, true, true)
	if rec.costs[0] != 18 || res.Cores != 1 {
		t.Fatalf("solutions %v after %d cores; want the first at 18 and one core", rec.costs, res.Cores)
	}
}
