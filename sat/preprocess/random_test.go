package preprocess

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// Generator styles.
const (
	styleRandom3   = iota // random 3-CNF
	styleMixed            // random clauses of 1 to 6 literals
	styleStructure        // short clauses, equivalences, repeated clauses
	styleBinary           // mostly binary: implication graphs with cycles
	styleCircuit          // AND/OR gate definitions plus a few constraints
)

// genFormula draws a small formula with n variables and about m clauses.
// Variable i is numbered (i-1)*spread+1: with a spread of 64 every
// variable has the same signature bit, so the signature filter lets every
// candidate through and the exact subsumption test decides alone.
// Duplicate literals, tautologies and repeated clauses occur on purpose.
func genFormula(r *rand.Rand, n, m, style, spread int) *sat.Formula {
	f := &sat.Formula{NumVars: (n-1)*spread + 1}
	lit := func() sat.Lit {
		v := sat.Var(r.IntN(n)*spread + 1)
		return v.Lit(r.IntN(2) == 0)
	}
	for range m {
		if style == styleCircuit && r.IntN(4) != 0 { // y = a_1 ∧ … ∧ a_k, y possibly negated
			y := lit()
			var long []sat.Lit
			for range 1 + r.IntN(3) {
				a := lit()
				f.AddClause(-y, a)
				long = append(long, -a)
			}
			f.AddClause(append(long, y)...)
			continue
		}
		var k int
		switch style {
		case styleRandom3:
			k = 3
		case styleMixed:
			k = 1 + r.IntN(6)
		case styleStructure:
			k = []int{2, 2, 2, 3, 3, 4, 1}[r.IntN(7)]
		default:
			k = []int{2, 2, 2, 2, 2, 3}[r.IntN(6)]
		}
		c := make([]sat.Lit, k)
		for i := range c {
			c[i] = lit()
		}
		f.AddClause(c...)
		if style == styleStructure && r.IntN(4) == 0 { // a ↔ b or a ↔ ¬b
			a, b := lit(), lit()
			f.AddClause(a, -b)
			f.AddClause(-a, b)
		}
		if r.IntN(20) == 0 { // a repeated clause
			f.AddClause(f.Clauses[r.IntN(len(f.Clauses))]...)
		}
	}
	return f
}

// genOptions draws options: technique subsets, frozen sets, clause
// limits, growth and budgets small enough to stop at any point.
func genOptions(r *rand.Rand, f *sat.Formula, spread int) Options {
	var o Options
	if r.IntN(3) == 0 {
		o.Techniques = Technique(r.IntN(64))
	}
	if r.IntN(2) == 0 {
		for v := 1; v <= f.NumVars; v += spread {
			if r.IntN(3) == 0 {
				o.Frozen = append(o.Frozen, sat.Var(v))
			}
		}
	}
	switch r.IntN(4) {
	case 0:
		o.ClauseLimit = 1 + r.IntN(4)
	case 1:
		o.ClauseLimit = -1
	}
	if r.IntN(4) == 0 {
		o.Grow = r.IntN(4)
	}
	if r.IntN(4) == 0 {
		o.Budget = int64(1 + r.IntN(300))
	}
	return o
}

// TestDifferential checks thousands of random formulas, with random
// options, against the brute-force oracle (see checkSimplify for the
// properties checked).
func TestDifferential(t *testing.T) {
	count := 8000
	if testing.Short() {
		count = 2000
	}
	cases := []struct {
		name       string
		style      int
		minN, maxN int
		ratio      float64 // clauses per variable
	}{
		{"3cnf-threshold", styleRandom3, 3, 12, 4.3},
		{"3cnf-sparse", styleRandom3, 3, 12, 2.5},
		{"3cnf-dense", styleRandom3, 3, 10, 7},
		{"mixed", styleMixed, 1, 12, 3},
		{"structured", styleStructure, 2, 12, 2},
		{"structured-dense", styleStructure, 2, 10, 4},
		{"binary", styleBinary, 2, 12, 1.2},
		{"binary-dense", styleBinary, 2, 12, 2},
		{"circuit", styleCircuit, 3, 12, 0.8},
		{"circuit-dense", styleCircuit, 3, 12, 1.5},
	}
	for ci, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(ci), 42))
			sats, unsats := 0, 0
			for i := range count / len(cases) {
				n := tc.minN + r.IntN(tc.maxN-tc.minN+1)
				m := int(tc.ratio*float64(n)*(0.5+r.Float64())) + r.IntN(2)
				spread := []int{1, 1, 64, 37}[r.IntN(4)]
				f := genFormula(r, n, m, tc.style, spread)
				opts := genOptions(r, f, spread)
				if msg := checkSimplify(context.Background(), f, opts); msg != "" {
					t.Fatalf("case %d: %s\nformula (%d vars): %v\noptions: %+v", i, msg, f.NumVars, f.Clauses, opts)
				}
				if hasModel(f) {
					sats++
				} else {
					unsats++
				}
			}
			if sats == 0 || unsats == 0 {
				t.Errorf("generator drew %d satisfiable and %d unsatisfiable formulas; want both", sats, unsats)
			}
		})
	}
}
