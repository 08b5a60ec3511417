package cdcl_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/sattest"
)

var pbCount = flag.Int("cdcl.pb", 3000, "number of seeded random instances in TestPBRandom")

// pbOptions returns random options (randomOptions) with native PB
// constraints (no expansion into clauses) three times in four.
func pbOptions(rng *rand.Rand) cdcl.Options {
	o := randomOptions(rng)
	if rng.IntN(4) != 0 {
		o.PBClauses = 0
	}
	return o
}

// TestPBRandom runs random incremental sequences of clauses, PB
// constraints and solves under assumptions on at most 14 variables against
// the brute-force oracle and against gini given the PB constraints as
// clauses: every answer must agree, every model satisfy the clauses, the
// PB constraints and the assumptions, and every failed set be refuted by
// the oracle.
func TestPBRandom(t *testing.T) {
	count := *pbCount
	if testing.Short() {
		count /= 10
	}
	for seed := range uint64(count) {
		runPBRandom(t, seed)
	}
}

func runPBRandom(t *testing.T, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 0x9b))
	n := 4 + rng.IntN(11)
	o := pbOptions(rng)
	s, err := cdcl.NewWith(o)
	if err != nil {
		t.Fatal(err)
	}
	g := gini.New()
	form := &sat.Formula{NumVars: n}
	oracle := sattest.NewOracle(form)
	for range n {
		s.NewVar()
		g.NewVar()
	}
	where := func(step int) string { return fmt.Sprintf("seed %d (n %d, options %+v) step %d", seed, n, o, step) }
	steps := 4 + rng.IntN(12)
	for step := range steps {
		switch r := rng.IntN(10); {
		case r < 3:
			for range 1 + rng.IntN(n) {
				c := randomClause(rng, n)
				s.AddClause(c...)
				g.AddClause(c...)
				form.AddClause(c...)
				oracle.AddClause(c...)
			}
		case r < 6:
			for range 1 + rng.IntN(3) {
				c := sattest.RandomPBMix(rng, n)
				s.AddPB(c)
				form.AddPB(c)
				oracle.AddPB(c)
				for _, cl := range sattest.BlockingClauses(c) {
					g.AddClause(cl...)
				}
			}
		default:
			var as []sat.Lit
			for range rng.IntN(4) {
				as = append(as, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0))
			}
			checkPBSolve(t, where(step), s, g, form, oracle, as)
		}
	}
	checkPBSolve(t, where(steps), s, g, form, oracle, nil)
}

// checkPBSolve solves s and g under as and checks both against the oracle.
func checkPBSolve(t *testing.T, where string, s *cdcl.Solver, g sat.Solver, form *sat.Formula, oracle *sattest.Oracle, as []sat.Lit) {
	t.Helper()
	st := checkOracle(t, where, s, form, oracle, as)
	gst, err := g.Solve(context.Background(), as...)
	if err != nil || gst != st {
		t.Fatalf("%s: Solve(%v): cdcl %v, gini on the clausified formula %v (%v)", where, as, st, gst, err)
	}
}

// TestPBGini runs random incremental sequences on 30 to 120 variables,
// where the search needs hundreds of conflicts (random 3-SAT under the
// threshold and PB constraints over ten variables at most), against gini
// given the PB constraints as clauses: the answers must agree, cdcl's
// models must satisfy everything, and gini must refute cdcl's failed
// assumptions. It reports the PB propagations and conflicts it saw, which
// must not be few.
func TestPBGini(t *testing.T) {
	count := *pbCount / 10
	if testing.Short() {
		count /= 10
	}
	var implied, conflicts, all uint64
	for seed := range uint64(count) {
		rng := rand.New(rand.NewPCG(seed, 0x7a))
		n := 30 + rng.IntN(91)
		o := pbOptions(rng)
		s, _ := cdcl.NewWith(o)
		g := gini.New()
		form := &sat.Formula{NumVars: n}
		for range n {
			s.NewVar()
			g.NewVar()
		}
		for step := range 6 {
			for range 3*n/5 + rng.IntN(3*n/10) {
				c := make([]sat.Lit, 3)
				for i := range c {
					c[i] = sat.Var(1 + rng.IntN(n)).Lit(rng.IntN(2) == 0)
				}
				s.AddClause(c...)
				g.AddClause(c...)
				form.AddClause(c...)
			}
			for range 1 + rng.IntN(3) {
				c := sattest.RandomPBMix(rng, n)
				if c.Op == sat.Equal {
					c.Op = sat.AtMost
				}
				c.K = sattest.MidBound(c)
				s.AddPB(c)
				form.AddPB(c)
				for _, cl := range sattest.BlockingClauses(c) {
					g.AddClause(cl...)
				}
			}
			var as []sat.Lit
			for range rng.IntN(6) {
				as = append(as, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0))
			}
			st, err := s.Solve(context.Background(), as...)
			gst, gerr := g.Solve(context.Background(), as...)
			where := fmt.Sprintf("seed %d (n %d, options %+v) step %d", seed, n, o, step)
			switch {
			case err != nil || gerr != nil:
				t.Fatalf("%s: %v, %v", where, err, gerr)
			case st != gst:
				t.Fatalf("%s: Solve(%v): cdcl %v, gini on the clausified formula %v", where, as, st, gst)
			case st == sat.Sat:
				if err := form.CheckUnder(s.Model(), as); err != nil {
					t.Fatalf("%s: Solve(%v): model fails: %v", where, as, err)
				}
			default:
				if fst, _ := g.Solve(context.Background(), s.Failed()...); fst != sat.Unsat {
					t.Fatalf("%s: Solve(%v): Failed() = %v, gini says %v", where, as, s.Failed(), fst)
				}
			}
			if st == sat.Unsat && len(s.Failed()) == 0 {
				break
			}
		}
		implied += s.Statistics().PBImplied
		conflicts += s.Statistics().PBConflicts
		all += s.Statistics().Conflicts
	}
	t.Logf("%d literals implied by PB constraints, %d PB conflicts, %d conflicts", implied, conflicts, all)
	if implied < uint64(count) || conflicts < uint64(count)/10 {
		t.Errorf("too few PB propagations (%d) or conflicts (%d) for the test to mean much", implied, conflicts)
	}
}

// TestPBLinearSearch minimises random objectives over random clauses and
// PB constraints the way linear SAT-UNSAT search does, tightening a native
// bound Σ wᵢxᵢ ≤ best − 1 after every model, and compares the optimum with
// brute force.
func TestPBLinearSearch(t *testing.T) {
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 0x51))
		n := 4 + rng.IntN(11)
		o := pbOptions(rng)
		s, _ := cdcl.NewWith(o)
		form := &sat.Formula{NumVars: n}
		for range rng.IntN(2 * n) {
			c := randomClause(rng, n)
			s.AddClause(c...)
			form.AddClause(c...)
		}
		for range rng.IntN(4) {
			c := sattest.RandomPBMix(rng, n)
			s.AddPB(c)
			form.AddPB(c)
		}
		var obj []sat.Term
		for v := 1; v <= n; v++ {
			obj = append(obj, sat.Term{Coef: rng.Int64N(20) - 5, Lit: sat.Var(v).Lit(rng.IntN(2) == 0)})
		}
		want, feasible := bruteMin(form, obj, n)
		best, found := int64(0), false
		for {
			st, err := s.Solve(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if st != sat.Sat {
				break
			}
			m := s.Model()
			if err := form.Check(m); err != nil {
				t.Fatalf("seed %d: model fails: %v", seed, err)
			}
			best, found = sat.Sum(obj, m), true
			s.AddPB(sat.PB{Terms: obj, Op: sat.AtMost, K: best - 1})
		}
		if found != feasible || found && best != want {
			t.Fatalf("seed %d: optimum %d (found %v), brute force %d (feasible %v)", seed, best, found, want, feasible)
		}
	}
}

// bruteMin returns the least value of obj over the models of f on n
// variables, and whether f has one.
func bruteMin(f *sat.Formula, obj []sat.Term, n int) (int64, bool) {
	a := sat.NewAssignment(n)
	best, found := int64(0), false
	for bits := 0; bits < 1<<n; bits++ {
		for v := 1; v <= n; v++ {
			a[v] = bits>>(v-1)&1 != 0
		}
		if f.Check(a) != nil {
			continue
		}
		if c := sat.Sum(obj, a); !found || c < best {
			best, found = c, true
		}
	}
	return best, found
}

// TestPBTracer checks that a PB constraint and a proof do not mix: AddPB
// panics with a tracer attached, and SetTracer panics after AddPB.
func TestPBTracer(t *testing.T) {
	pb := sat.PB{Terms: []sat.Term{{Coef: 2, Lit: 1}, {Coef: 1, Lit: 2}, {Coef: 1, Lit: 3}}, Op: sat.AtLeast, K: 2}
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s did not panic", name)
			}
		}()
		f()
	}
	s := cdcl.New()
	s.SetTracer(newChecker())
	mustPanic("AddPB with a tracer", func() { s.AddPB(pb) })
	s = cdcl.New()
	s.AddPB(pb)
	mustPanic("SetTracer after AddPB", func() { s.SetTracer(newChecker()) })
}

// FuzzPB drives the engine with a random incremental sequence of clauses,
// PB constraints and solves under assumptions, decoded from the input, on
// at most 12 variables, against the brute-force oracle: every answer must
// match, every model satisfy the clauses, PB constraints and assumptions,
// and every failed set be refuted by the oracle.
//
// Input: byte 0 chooses the options (mode, phase, fast schedules and
// inprocessing, native constraints only); then each operation starts with
// a byte b: b%4 == 0 solves under (b/4)%5 assumptions taken from the next
// bytes; b%4 == 1 adds a clause of 1 + (b/4)%6 literals; otherwise a PB
// constraint of 1 + (b/4)%8 terms follows, each a coefficient byte (a
// signed byte, times 2^54 when b%4 == 3) and a literal byte, then the
// comparison (b/32)%3 and a bound byte scaled the same way. A literal byte
// l is variable 1 + (l/2)%12, negated when l is odd.
func FuzzPB(f *testing.F) {
	f.Add([]byte{0, 6, 2, 1, 2, 3, 4, 5, 1, 5, 4, 0})
	f.Add([]byte{0x40, 0x22, 1, 0, 1, 2, 1, 4, 1, 6, 2, 0x1e, 1, 1, 1, 3, 1, 5, 1, 7, 1, 9, 1, 11, 3, 4, 4, 1, 2})
	f.Add([]byte{0x47, 0x1b, 0xff, 0, 0x7f, 2, 0x80, 4, 1, 0, 13, 0, 2, 4, 8})
	f.Add([]byte{0x43, 0x9e, 3, 0, 3, 2, 3, 4, 5, 6, 5, 8, 5, 10, 2, 9, 4, 3, 5})
	f.Fuzz(runPB)
}

// runPB runs one FuzzPB input.
func runPB(t *testing.T, data []byte) {
	if len(data) == 0 || len(data) > 400 {
		return
	}
	o := cdcl.DefaultOptions()
	b := data[0]
	o.Stable = int(b % 3)
	o.Phase = int(b/3) % 2
	if b&0x40 != 0 {
		o.ReduceInt, o.StableInit, o.Reluctant, o.RestartInt = 10, 3, 1, 1
		o.InprocessInt = 1
	}
	if b&0x80 == 0 {
		o.PBClauses = 0
	}
	s, err := cdcl.NewWith(o)
	if err != nil {
		t.Fatal(err)
	}
	defer watch(data)()
	const n = 12
	form := &sat.Formula{NumVars: n}
	oracle := sattest.NewOracle(form)
	lit := func(x byte) sat.Lit { return sat.Var(1 + int(x/2)%n).Lit(x%2 == 0) }
	next := func(i *int) byte {
		if *i >= len(data) {
			return 0
		}
		*i++
		return data[*i-1]
	}
	for i := 1; i < len(data); {
		op := data[i]
		i++
		switch op % 4 {
		case 0:
			var as []sat.Lit
			for k := int(op/4) % 5; k > 0 && i < len(data); k-- {
				as = append(as, lit(next(&i)))
			}
			checkOracle(t, "FuzzPB", s, form, oracle, as)
		case 1:
			var ls []sat.Lit
			for k := int(op/4)%6 + 1; k > 0 && i < len(data); k-- {
				ls = append(ls, lit(next(&i)))
			}
			s.AddClause(ls...)
			form.AddClause(ls...)
			oracle.AddClause(ls...)
		default:
			scale := int64(1)
			if op%4 == 3 {
				scale = 1 << 54
			}
			var c sat.PB
			for k := int(op/4)%8 + 1; k > 0; k-- {
				coef := int64(int8(next(&i))) * scale
				c.Terms = append(c.Terms, sat.Term{Coef: coef, Lit: lit(next(&i))})
			}
			c.Op = sat.Op(int(op/32) % 3)
			c.K = int64(int8(next(&i))) * scale
			if c.Validate() != nil {
				continue
			}
			s.AddPB(c)
			form.AddPB(c)
			oracle.AddPB(c)
		}
	}
	checkOracle(t, "FuzzPB", s, form, oracle, nil)
}

// checkOracle solves s under as and checks the answer with the oracle:
// the same status, a model of form and as, or a failed set the oracle
// refutes. It returns the status.
func checkOracle(t *testing.T, where string, s *cdcl.Solver, form *sat.Formula, oracle *sattest.Oracle, as []sat.Lit) sat.Status {
	t.Helper()
	st, err := s.Solve(context.Background(), as...)
	want := oracle.Satisfiable(as...)
	switch {
	case err != nil:
		t.Fatalf("%s: Solve(%v) = %v, %v", where, as, st, err)
	case (st == sat.Sat) != want:
		t.Fatalf("%s: Solve(%v) = %v, oracle says satisfiable=%v", where, as, st, want)
	case st == sat.Sat:
		if err := form.CheckUnder(s.Model(), as); err != nil {
			t.Fatalf("%s: Solve(%v): model fails: %v", where, as, err)
		}
	default:
		if failed := s.Failed(); oracle.Satisfiable(failed...) {
			t.Fatalf("%s: Solve(%v): Failed() = %v is satisfiable", where, as, failed)
		}
	}
	return st
}
