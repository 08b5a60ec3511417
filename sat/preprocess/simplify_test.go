package preprocess

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

func TestSimplifyRejectsBadData(t *testing.T) {
	pb := func(l sat.Lit) *sat.Formula {
		return &sat.Formula{NumVars: 2, PBs: []sat.PB{{Terms: []sat.Term{{Coef: 1, Lit: l}}, Op: sat.AtLeast, K: 1}}}
	}
	cases := []struct {
		name string
		f    *sat.Formula
		opts Options
		want string
	}{
		{"zero literal", &sat.Formula{NumVars: 2, Clauses: []sat.Clause{{1, 2}, {1, 0}}}, Options{}, "clause 2: zero literal"},
		{"zero frozen variable", formula(cls(1, 2)), Options{Frozen: []sat.Var{0}}, "frozen variable 0"},
		{"negative frozen variable", formula(cls(1, 2)), Options{Frozen: []sat.Var{-3}}, "frozen variable -3"},
		{"zero literal in a PB", pb(0), Options{}, "pseudo-Boolean constraint 1: zero literal"},
		{"zero literal in the objective", &sat.Formula{NumVars: 1, Objective: []sat.Term{{Coef: 1, Lit: 0}}}, Options{}, "objective: zero literal"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Simplify(context.Background(), tc.f, tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, %v; want an error containing %q", res, err, tc.want)
			}
		})
	}
}

// TestVariablesBeyondNumVars: a formula whose NumVars understates its
// variables (built by hand) is simplified over all of them, and frozen
// variables beyond every variable are harmless.
func TestVariablesBeyondNumVars(t *testing.T) {
	f := &sat.Formula{NumVars: 1, Clauses: []sat.Clause{{1, 5}, {-5, 3}}}
	res, err := Simplify(context.Background(), f, Options{Frozen: []sat.Var{99}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Formula.NumVars != 5 {
		t.Fatalf("NumVars = %d, want 5", res.Formula.NumVars)
	}
	if err := f.Check(res.Extend(nil)); res.Status != sat.Sat || err != nil {
		t.Fatalf("status %v, Extend(nil): %v", res.Status, err)
	}
}

// TestStoppingEarly: a done context or a spent budget stops the work, and
// what is returned keeps every promise.
func TestStoppingEarly(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	cases := []struct {
		name string
		ctx  context.Context
		opts Options
		want StopReason
	}{
		{"cancelled", cancelled, Options{}, Cancelled},
		{"budget", context.Background(), Options{Budget: 5}, BudgetExhausted},
		{"unlimited", context.Background(), Options{Budget: -1}, Completed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for range 50 {
				f := genFormula(r, 12, 30, styleStructure, 1)
				if msg := checkSimplify(tc.ctx, f, tc.opts); msg != "" {
					t.Fatalf("%s\nformula: %v", msg, f.Clauses)
				}
				res, _ := Simplify(tc.ctx, f, tc.opts)
				if res.Status == sat.Unknown && res.Stats.Stopped != tc.want {
					t.Fatalf("Stopped = %v, want %v", res.Stats.Stopped, tc.want)
				}
			}
		})
	}
}

// TestPseudoBooleanVariablesFrozen: the simplifier does not see PB
// constraints or the objective, so their variables must survive, and both
// are copied to the result.
func TestPseudoBooleanVariablesFrozen(t *testing.T) {
	f := formula(cls(1, 2), cls(1, 3), cls(-2, -3, 4))
	f.AddPB(sat.PB{Terms: []sat.Term{{Coef: 2, Lit: 1}, {Coef: 1, Lit: -4}}, Op: sat.AtMost, K: 2})
	f.SetObjective([]sat.Term{{Coef: 3, Lit: 2}})
	res, err := Simplify(context.Background(), f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := res.Formula
	if len(g.PBs) != 1 || g.PBs[0].String() != f.PBs[0].String() || len(g.Objective) != 1 || g.Objective[0] != f.Objective[0] {
		t.Fatalf("PBs %v objective %v not copied", g.PBs, g.Objective)
	}
	if res.Status != sat.Unknown {
		t.Fatalf("status %v with a PB constraint left, want UNKNOWN", res.Status)
	}
	// Every model of g, extended, is a model of f (PB included) with the
	// same values on the PB and objective variables 1, 2 and 4.
	sp := newSpace(f, nil)
	found := false
	for m := range sp.size() {
		a := sp.assignment(m)
		if g.Check(a) != nil {
			continue
		}
		found = true
		e := res.Extend(a)
		if err := f.Check(e); err != nil {
			t.Fatalf("extended model fails: %v", err)
		}
		for _, v := range []sat.Var{1, 2, 4} {
			if e[v] != a[v] {
				t.Fatalf("Extend changed variable %d of a PB constraint or the objective", v)
			}
		}
	}
	if !found {
		t.Fatal("simplified formula has no model")
	}
}

// TestExtendCoverage: Extend grows a short model to every variable and
// keeps the entries of a longer one (a solver may have added variables).
func TestExtendCoverage(t *testing.T) {
	f := formula(cls(1, 2), cls(-2, 3), cls(4))
	res, err := Simplify(context.Background(), f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if e := res.Extend(nil); len(e) != 5 || f.Check(e) != nil {
		t.Fatalf("Extend(nil) = %v", e)
	}
	long := sat.NewAssignment(7).Set(7)
	if e := res.Extend(long); len(e) != 8 || !e[7] || f.Check(e) != nil {
		t.Fatalf("Extend(long) = %v", e)
	}
}

// TestDeterministic: the same input gives the same output.
func TestDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for range 20 {
		f := genFormula(r, 40, 150, styleStructure, 1)
		a, _ := Simplify(context.Background(), f, Options{})
		b, _ := Simplify(context.Background(), f, Options{})
		if fmtClauses(a.Formula) != fmtClauses(b.Formula) || a.Status != b.Status {
			t.Fatal("two runs differ")
		}
	}
}

func fmtClauses(f *sat.Formula) string {
	var b strings.Builder
	for _, c := range f.Clauses {
		b.WriteString(sat.Clause(c).String())
		b.WriteByte('\n')
	}
	return b.String()
}

func TestStrings(t *testing.T) {
	cases := []struct{ got, want string }{
		{Technique(0).String(), "none"},
		{(Units | Subsumption).String(), "units+subsumption"},
		{Default.String(), "units+subsumption+strengthening+elimination+equivalence+gates"},
		{Completed.String(), "completed"},
		{BudgetExhausted.String(), "budget"},
		{Cancelled.String(), "cancelled"},
	}
	for _, tc := range cases {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// TestBudgetShared: the first subsumption pass may not spend the whole
// budget; elimination still runs on what is left.
func TestBudgetShared(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	f := genFormula(r, 30, 300, styleRandom3, 1)
	f.AddClause(31, 1)
	f.AddClause(31, -2)
	full, _ := Simplify(context.Background(), f, Options{Techniques: Units | Subsumption, Budget: -1})
	budget := full.Stats.Steps / 2 // too small for the full pass
	res, err := Simplify(context.Background(), f, Options{Techniques: Units | Subsumption | Elimination, Budget: budget})
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.Eliminated == 0 {
		t.Fatalf("nothing eliminated with a budget of %d steps (the full subsumption pass needs %d)", budget, full.Stats.Steps)
	}
	if occurs(res.Formula, 31) {
		t.Fatal("the pure variable 31 survived")
	}
}
