package cdcl_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"slices"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/external"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/sattest"
)

var (
	randomCount = flag.Int("cdcl.random", 10000, "number of seeded random instances in TestRandom")
	minisatEach = flag.Int("cdcl.minisat", 25, "compare with minisat on every n-th random instance (1: all; 0: never)")
)

// randomClause draws a clause over variables 1..n: mostly three literals,
// sometimes one, two or up to eight, with duplicate literals and
// tautologies now and then.
func randomClause(rng *rand.Rand, n int) []sat.Lit {
	var k int
	switch r := rng.IntN(20); {
	case r == 0:
		k = 1
	case r < 4:
		k = 2
	case r < 15:
		k = 3
	default:
		k = 4 + rng.IntN(5)
	}
	c := make([]sat.Lit, 0, k+1)
	for range k {
		c = append(c, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0))
	}
	switch rng.IntN(30) {
	case 0:
		c = append(c, c[0]) // duplicate
	case 1:
		c = append(c, -c[0]) // tautology
	}
	return c
}

// randomOptions returns options that make every schedule fire often, so
// that short runs exercise reductions, restarts and mode switches.
func randomOptions(rng *rand.Rand) cdcl.Options {
	o := cdcl.DefaultOptions()
	o.Stable = rng.IntN(3)
	o.Phase = rng.IntN(2)
	if rng.IntN(2) == 0 {
		o.ReduceInt = 10 + rng.IntN(50)
		o.StableInit = 1 + rng.IntN(100)
		o.Reluctant = 1 + rng.IntN(20)
		o.RestartInt = 1 + rng.IntN(5)
	}
	if rng.IntN(4) == 0 {
		o.MinimizeDepth = rng.IntN(3)
	}
	if rng.IntN(2) == 0 {
		// The first round waits for InprocessInt conflicts, and these
		// instances have few: schedule it after the first ones.
		o.InprocessInt = 1 + rng.IntN(10)
	}
	o.ChronoLevels = []int{0, 1, 2, 100}[rng.IntN(4)]
	o.Chrono = rng.IntN(4) % 2
	if o.Chrono == 0 && rng.IntN(2) == 0 {
		o.Chrono = 1
	}
	if rng.IntN(4) == 0 {
		o.ReduceLimit = 1 + rng.IntN(100)
	}
	return o
}

// TestRandom drives cdcl through seeded random incremental sequences:
// clauses added in batches, solves under random assumptions. Instances
// with at most 12 variables are checked against the brute-force oracle,
// larger ones against gini, and every n-th also against minisat (through
// sat/external, when installed). Every model is checked by the solver and
// again here; every failed-assumption set must be a subset of the
// assumptions that the reference also refutes; every proof step is
// checked by the LRAT checker, and a refutation must end in the empty
// clause.
func TestRandom(t *testing.T) {
	count := *randomCount
	if testing.Short() {
		count /= 10
	}
	_, err := exec.LookPath("minisat")
	haveMinisat := err == nil && *minisatEach > 0
	stats := map[string]int{}
	for seed := range uint64(count) {
		rng := rand.New(rand.NewPCG(seed, 0xcdc1))
		name := fmt.Sprintf("seed%d", seed)
		useMinisat := haveMinisat && seed%uint64(*minisatEach) == 0
		switch seed % 10 {
		case 0, 1, 2, 3, 4, 5, 6:
			randomOracle(t, name, rng, stats, useMinisat)
		default:
			randomThreshold(t, name, rng, stats, useMinisat)
		}
		if t.Failed() {
			return
		}
	}
	t.Logf("%d instances: %v", count, stats)
}

// tracer is cdcl.Tracer.
type tracer = cdcl.Tracer

// wrapTracer, when set (while debugging), wraps the proof checker of
// randomOracleWith, e.g. to print the proof.
var wrapTracer func(*lratChecker) tracer

// randomOracle runs an incremental sequence on at most 12 variables.
func randomOracle(t *testing.T, name string, rng *rand.Rand, stats map[string]int, useMinisat bool) {
	randomOracleWith(t, name, rng, stats, useMinisat, nil)
}

// randomOracleWith is randomOracle with the drawn options passed through
// adjust first.
func randomOracleWith(t *testing.T, name string, rng *rand.Rand, stats map[string]int, useMinisat bool, adjust func(*cdcl.Options)) {
	n := 3 + rng.IntN(10)
	opts := randomOptions(rng)
	if adjust != nil {
		adjust(&opts)
	}
	s, err := cdcl.NewWith(opts)
	if err != nil {
		t.Fatal(err)
	}
	chk := newChecker()
	if wrapTracer != nil {
		s.SetTracer(wrapTracer(chk))
	} else {
		s.SetTracer(chk)
	}
	f := &sat.Formula{NumVars: n}
	o := sattest.NewOracle(f)
	steps := 1 + rng.IntN(8)
	for step := range steps {
		for range rng.IntN(int(float64(n)*1.5 + 2)) {
			c := randomClause(rng, n)
			s.AddClause(c...)
			f.AddClause(c...)
			o.AddClause(c...)
			stats["clauses"]++
		}
		var as []sat.Lit
		if step > 0 || rng.IntN(2) == 0 {
			for range rng.IntN(4) {
				as = append(as, sat.Var(1+rng.IntN(n+1)).Lit(rng.IntN(2) == 0))
			}
		}
		want := o.Satisfiable(as...)
		what := fmt.Sprintf("%s step %d (n=%d, opts %+v) assumptions %v", name, step, n, opts, as)
		st := solveCheck(t, s, f, as, what)
		stats[st.String()]++
		if (st == sat.Sat) != want {
			t.Fatalf("%s: cdcl says %v, oracle says satisfiable=%v", what, st, want)
		}
		if st == sat.Unsat {
			failed := s.Failed()
			if o.Satisfiable(failed...) {
				t.Fatalf("%s: Failed() = %v, but the oracle satisfies it", what, failed)
			}
			if len(failed) == 0 && !chk.empty {
				t.Fatalf("%s: clauses refuted, but no empty clause in the proof", what)
			}
		}
		if chk.err != nil {
			t.Fatalf("%s: proof: %v", what, chk.err)
		}
		if useMinisat && step == steps-1 {
			compareWith(t, "minisat", f, as, st, what)
		}
	}
	countWork(stats, s)
}

// countWork adds what the inprocessing techniques did to stats, so that a
// test can show they ran.
func countWork(stats map[string]int, s *cdcl.Solver) {
	st := s.Statistics()
	stats["inprocessings"] += int(st.Inprocessings)
	stats["subsumed"] += int(st.Subsumed + st.SubsumeStrengthened)
	stats["eliminated"] += int(st.Eliminated)
	stats["vivified"] += int(st.Vivified)
	stats["failed"] += int(st.FailedLiterals)
	stats["restored"] += int(st.Restored)
}

// randomThreshold solves random 3-SAT near the threshold on 20–80
// variables, first alone, then under a few assumption sets, against gini.
func randomThreshold(t *testing.T, name string, rng *rand.Rand, stats map[string]int, useMinisat bool) {
	n := 20 + rng.IntN(60)
	ratio := 3.8 + rng.Float64()*0.9
	f := sattest.RandomKSAT(rng.Uint64(), n, int(ratio*float64(n)), 3)
	opts := randomOptions(rng)
	s, _ := cdcl.NewWith(opts)
	chk := newChecker()
	s.SetTracer(chk)
	g := gini.New()
	for _, c := range f.Clauses {
		s.AddClause(c...)
		g.AddClause(c...)
	}
	for q := range 3 {
		var as []sat.Lit
		for range q * 2 {
			as = append(as, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0))
		}
		what := fmt.Sprintf("%s query %d (n=%d, m=%d, opts %+v) assumptions %v", name, q, n, len(f.Clauses), opts, as)
		st := solveCheck(t, s, f, as, what)
		stats["threshold-"+st.String()]++
		gs, err := g.Solve(context.Background(), as...)
		if err != nil || gs != st {
			t.Fatalf("%s: cdcl says %v, gini says %v (%v)", what, st, gs, err)
		}
		if st == sat.Unsat {
			failed := s.Failed()
			if fs, _ := refSolve(f, failed); fs != sat.Unsat {
				t.Fatalf("%s: Failed() = %v, but gini finds %v under it", what, failed, fs)
			}
			if len(failed) == 0 && !chk.empty {
				t.Fatalf("%s: clauses refuted, but no empty clause in the proof", what)
			}
		}
		if chk.err != nil {
			t.Fatalf("%s: proof: %v", what, chk.err)
		}
		if useMinisat && q == 0 {
			compareWith(t, "minisat", f, as, st, what)
		}
	}
	countWork(stats, s)
}

// solveCheck solves and checks the answer's form: a definite status, the
// model against f and the assumptions, Value against Model.
func solveCheck(t *testing.T, s *cdcl.Solver, f *sat.Formula, as []sat.Lit, what string) sat.Status {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	st, err := s.Solve(ctx, as...)
	if err != nil {
		t.Fatalf("%s: Solve = %v, %v", what, st, err)
	}
	if st == sat.Sat {
		m := s.Model()
		if err := f.CheckUnder(m, as); err != nil {
			t.Fatalf("%s: model fails: %v", what, err)
		}
		for v := sat.Var(1); int(v) <= f.NumVars; v++ {
			if s.Value(v.Pos()) != m.Lit(v.Pos()) {
				t.Fatalf("%s: Value(%d) disagrees with Model", what, v)
			}
		}
	} else {
		for _, l := range s.Failed() {
			if !slices.Contains(as, l) {
				t.Fatalf("%s: Failed() = %v not within the assumptions", what, s.Failed())
			}
		}
	}
	return st
}

// refSolve solves f under as with a fresh gini.
func refSolve(f *sat.Formula, as []sat.Lit) (sat.Status, error) {
	g := gini.New()
	for _, c := range f.Clauses {
		g.AddClause(c...)
	}
	return g.Solve(context.Background(), as...)
}

// compareWith solves f under as with an external solver and fails t if it
// disagrees with st.
func compareWith(t *testing.T, name string, f *sat.Formula, as []sat.Lit, st sat.Status, what string) {
	t.Helper()
	x, err := external.New(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := sattest.Load(x, f); err != nil {
		t.Fatal(err)
	}
	xs, err := x.Solve(context.Background(), as...)
	if err != nil || xs != st {
		t.Fatalf("%s: cdcl says %v, %s says %v (%v)", what, st, name, xs, err)
	}
}

// techniques are the inprocessing techniques, each with the options that
// leave it alone switched on.
var techniques = []struct {
	name string
	only func(*cdcl.Options)
}{
	{"subsume", func(o *cdcl.Options) { o.Subsume = 1 }},
	{"elim", func(o *cdcl.Options) { o.Elim = 1 }},
	{"vivify", func(o *cdcl.Options) { o.Vivify = 1 }},
	{"probe", func(o *cdcl.Options) { o.Probe = 1 }},
}

// onlyTechnique returns an adjustment that turns every inprocessing
// technique off but one, and schedules rounds every few conflicts.
func onlyTechnique(i int) func(*cdcl.Options) {
	return func(o *cdcl.Options) {
		o.Subsume, o.Elim, o.Vivify, o.Probe = 0, 0, 0, 0
		techniques[i].only(o)
		o.Inprocess = 1
		o.InprocessInt = 1
	}
}

// TestTechniques runs each inprocessing technique alone, every ten
// conflicts, through random incremental sequences against the oracle with
// the LRAT checker, and on unsatisfiable random 3-SAT with a proof.
func TestTechniques(t *testing.T) {
	for i, tc := range techniques {
		t.Run(tc.name, func(t *testing.T) {
			stats := map[string]int{}
			for seed := range uint64(600) {
				rng := rand.New(rand.NewPCG(seed, 0x7ec))
				randomOracleWith(t, fmt.Sprintf("%s seed%d", tc.name, seed), rng, stats, false, onlyTechnique(i))
				if t.Failed() {
					return
				}
			}
			for seed := range uint64(30) {
				f := sattest.RandomKSAT(seed, 80, 360, 3)
				o := cdcl.DefaultOptions()
				onlyTechnique(i)(&o)
				s, _ := cdcl.NewWith(o)
				chk := newChecker()
				s.SetTracer(chk)
				_ = sattest.Load(s, f)
				st := solveCheck(t, s, f, nil, fmt.Sprintf("%s rand80 seed %d", tc.name, seed))
				if chk.err != nil {
					t.Fatalf("%s rand80 seed %d: %v", tc.name, seed, chk.err)
				}
				if st == sat.Unsat && !chk.empty {
					t.Fatalf("%s rand80 seed %d: no empty clause", tc.name, seed)
				}
				stats[st.String()]++
				countWork(stats, s)
			}
			t.Logf("%v", stats)
		})
	}
}
