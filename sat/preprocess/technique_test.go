package preprocess

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

func formula(clauses ...[]sat.Lit) *sat.Formula {
	f := &sat.Formula{}
	for _, c := range clauses {
		f.AddClause(c...)
	}
	return f
}

func cls(lits ...sat.Lit) []sat.Lit { return lits }

// occurs reports whether variable v occurs in g.
func occurs(g *sat.Formula, v sat.Var) bool {
	for _, c := range g.Clauses {
		for _, l := range c {
			if l.Var() == v {
				return true
			}
		}
	}
	return false
}

// sameClauses reports whether g has exactly the clauses want (each given
// sorted by variable), in any order.
func sameClauses(g *sat.Formula, want ...[]sat.Lit) bool {
	var got, exp []string
	for _, c := range g.Clauses {
		got = append(got, sat.Clause(c).String())
	}
	for _, c := range want {
		exp = append(exp, sat.Clause(c).String())
	}
	slices.Sort(got)
	slices.Sort(exp)
	return slices.Equal(got, exp)
}

// TestTechniques runs each technique on a formula built to exercise it
// and checks the outcome the technique must reach, on top of every
// generic property checked by the oracle.
func TestTechniques(t *testing.T) {
	unitsOnly := Options{Techniques: Units}
	cases := []struct {
		name  string
		f     *sat.Formula
		opts  Options
		check func(r *Result) error
	}{
		{"tautology dropped", formula(cls(1, -1, 2), cls(2, 3), cls(-2, 3)), unitsOnly, func(r *Result) error {
			if r.Stats.Tautologies != 1 || !sameClauses(r.Formula, cls(2, 3), cls(-2, 3)) {
				return fmt.Errorf("want the tautology gone and the rest intact")
			}
			return nil
		}},
		{"duplicate literals merged", formula(cls(2, 1, 2, 1), cls(-1, -2)), unitsOnly, func(r *Result) error {
			if !sameClauses(r.Formula, cls(1, 2), cls(-1, -2)) {
				return fmt.Errorf("want (1 2) and (-1 -2)")
			}
			return nil
		}},
		{"unit propagation", formula(cls(1), cls(-1, 2), cls(-2, 3, 4), cls(-3, 5), cls(1, 6)), unitsOnly, func(r *Result) error {
			if r.Stats.Fixed != 2 || !sameClauses(r.Formula, cls(3, 4), cls(-3, 5)) {
				return fmt.Errorf("want 1 and 2 fixed, leaving (3 4) (-3 5)")
			}
			return nil
		}},
		{"conflicting units", formula(cls(1), cls(-1), cls(2, 3)), unitsOnly, wantStatus(sat.Unsat)},
		{"propagation conflict", formula(cls(1), cls(-1, 2), cls(-1, -2)), unitsOnly, wantStatus(sat.Unsat)},
		{"empty input clause", formula(cls(1, 2), cls()), unitsOnly, wantStatus(sat.Unsat)},
		{"no clauses", formula(), Options{}, wantStatus(sat.Sat)},
		{"subsumption", formula(cls(1, 2), cls(1, 2, 3), cls(1, 2, -4, 5), cls(1, 3)), Options{Techniques: Subsumption}, func(r *Result) error {
			if r.Stats.Subsumed != 2 || !sameClauses(r.Formula, cls(1, 2), cls(1, 3)) {
				return fmt.Errorf("want the two supersets of (1 2) removed")
			}
			return nil
		}},
		{"duplicate clause subsumed", formula(cls(1, 2), cls(2, 1), cls(-1, -2)), Options{Techniques: Subsumption}, func(r *Result) error {
			if r.Stats.Subsumed != 1 || len(r.Formula.Clauses) != 2 {
				return fmt.Errorf("want one copy of (1 2) removed")
			}
			return nil
		}},
		{"strengthening", formula(cls(1, 2), cls(-1, 2, 3), cls(-2, -3)), Options{Techniques: Strengthening}, func(r *Result) error {
			if r.Stats.Strengthened != 1 || !sameClauses(r.Formula, cls(1, 2), cls(2, 3), cls(-2, -3)) {
				return fmt.Errorf("want (-1 2 3) strengthened to (2 3)")
			}
			return nil
		}},
		{"strengthening to a unit", formula(cls(1, 2), cls(-1, 2), cls(-2, 3, 4)), Options{Techniques: Strengthening}, func(r *Result) error {
			if r.Stats.Fixed != 1 || !sameClauses(r.Formula, cls(3, 4)) {
				return fmt.Errorf("want 2 fixed, leaving (3 4)")
			}
			return nil
		}},
		{"pure literal", formula(cls(1, 2), cls(1, 3), cls(-2, -3, 4), cls(-4, 2)), Options{Techniques: Elimination}, wantStatus(sat.Sat)},
		{"frozen variable kept through elimination", formula(cls(1, 2), cls(1, 3), cls(-2, -3)), Options{Techniques: Elimination, Frozen: []sat.Var{1}},
			func(r *Result) error {
				// ∃2,3 (1∨2)(1∨3)(¬2∨¬3) is the unit (1).
				if r.Status != sat.Sat || !sameClauses(r.Formula, cls(1)) {
					return fmt.Errorf("want exactly the unit (1) kept for the frozen variable")
				}
				return nil
			}},
		{"bound refuses growth", boundFormula(), Options{Techniques: Elimination, Frozen: []sat.Var{2, 3, 4, 5, 6, 7}}, func(r *Result) error {
			if r.Stats.Eliminated != 0 || !occurs(r.Formula, 1) {
				return fmt.Errorf("9 resolvents for 6 clauses: variable 1 must stay")
			}
			return nil
		}},
		{"grow allows growth", boundFormula(), Options{Techniques: Elimination, Grow: 3, Frozen: []sat.Var{2, 3, 4, 5, 6, 7}}, func(r *Result) error {
			if r.Stats.Eliminated != 1 || r.Stats.Resolvents != 9 || occurs(r.Formula, 1) {
				return fmt.Errorf("with Grow 3, variable 1 must go, replaced by 9 resolvents")
			}
			return nil
		}},
		{"clause limit refuses long resolvents", formula(cls(1, 2, 3), cls(-1, 4, 5)), Options{Techniques: Elimination, ClauseLimit: 3, Frozen: []sat.Var{2, 3, 4, 5}}, func(r *Result) error {
			if r.Stats.Eliminated != 0 {
				return fmt.Errorf("the resolvent has 4 literals: variable 1 must stay")
			}
			return nil
		}},
		{"clause limit admits short resolvents", formula(cls(1, 2, 3), cls(-1, 4, 5)), Options{Techniques: Elimination, ClauseLimit: 4, Frozen: []sat.Var{2, 3, 4, 5}}, func(r *Result) error {
			if r.Stats.Eliminated != 1 || !sameClauses(r.Formula, cls(2, 3, 4, 5)) {
				return fmt.Errorf("want variable 1 replaced by (2 3 4 5)")
			}
			return nil
		}},
		{"tautological resolvents are not counted", formula(cls(1, 2), cls(1, -3), cls(-1, -2), cls(-1, 3)), Options{Techniques: Elimination, Frozen: []sat.Var{2, 3}},
			func(r *Result) error {
				// Resolvents: (2 -2) taut, (2 3), (-3 -2), (-3 3) taut: 2 ≤ 4.
				if r.Stats.Eliminated != 1 || r.Stats.Resolvents != 2 || !sameClauses(r.Formula, cls(2, 3), cls(-2, -3)) {
					return fmt.Errorf("want variable 1 replaced by (2 3) (-2 -3)")
				}
				return nil
			}},
		{"equivalence", formula(cls(1, -2), cls(-1, 2), cls(2, 3, 4), cls(-3, -4)), Options{Techniques: Equivalence}, func(r *Result) error {
			if r.Stats.Substituted != 1 || occurs(r.Formula, 2) || !sameClauses(r.Formula, cls(1, 3, 4), cls(-3, -4)) {
				return fmt.Errorf("want 2 replaced by its representative 1")
			}
			return nil
		}},
		{"equivalence to a negation", formula(cls(1, 2), cls(-1, -2), cls(2, 3), cls(-3, 4)), Options{Techniques: Equivalence}, func(r *Result) error {
			if r.Stats.Substituted != 1 || !sameClauses(r.Formula, cls(-1, 3), cls(-3, 4)) {
				return fmt.Errorf("want 2 replaced by -1")
			}
			return nil
		}},
		{"equivalence prefers a frozen representative", formula(cls(1, -2), cls(-1, 2), cls(2, 3, 4)), Options{Techniques: Equivalence, Frozen: []sat.Var{2}}, func(r *Result) error {
			if r.Stats.Substituted != 1 || occurs(r.Formula, 1) || !occurs(r.Formula, 2) {
				return fmt.Errorf("want 1 replaced by the frozen 2")
			}
			return nil
		}},
		{"two frozen equivalent variables both stay", formula(cls(1, -2), cls(-1, 2), cls(2, 3, 4)), Options{Techniques: Equivalence, Frozen: []sat.Var{1, 2}}, func(r *Result) error {
			if r.Stats.Substituted != 0 || !occurs(r.Formula, 1) || !occurs(r.Formula, 2) {
				return fmt.Errorf("want no substitution")
			}
			return nil
		}},
		{"literal equivalent to its negation", formula(cls(-1, 2), cls(-2, -1), cls(1, 3), cls(-3, 1), cls(4, 5, 6)), Options{Techniques: Equivalence}, wantStatus(sat.Unsat)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if msg := checkSimplify(context.Background(), tc.f, tc.opts); msg != "" {
				t.Fatal(msg)
			}
			r, err := Simplify(context.Background(), tc.f, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if err := tc.check(r); err != nil {
				t.Errorf("%v\ngot %v (status %v, stats %+v)", err, r.Formula.Clauses, r.Status, r.Stats)
			}
		})
	}
}

// boundFormula has variable 1 in three positive and three negative
// clauses with distinct partners: 9 resolvents against 6 clauses.
func boundFormula() *sat.Formula {
	return formula(cls(1, 2), cls(1, 3), cls(1, 4), cls(-1, 5), cls(-1, 6), cls(-1, 7))
}

func wantStatus(s sat.Status) func(*Result) error {
	return func(r *Result) error {
		if r.Status != s {
			return fmt.Errorf("want status %v", s)
		}
		return nil
	}
}
