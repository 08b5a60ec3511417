package sattest_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/sattest"
)

// assignments calls f with every assignment of variables 1..n.
func assignments(n int, f func(sat.Assignment)) {
	for mask := 0; mask < 1<<n; mask++ {
		a := sat.NewAssignment(n)
		for v := 1; v <= n; v++ {
			a[v] = mask>>(v-1)&1 == 1
		}
		f(a)
	}
}

func TestPigeonholeCounts(t *testing.T) {
	for p := 0; p <= 4; p++ {
		for h := 0; h <= 4; h++ {
			t.Run(fmt.Sprintf("php_%d_%d", p, h), func(t *testing.T) {
				// Each hole is empty or holds one pigeon, and every pigeon
				// has a hole (it may have several): maps from the h holes
				// to the p pigeons or "empty" that reach every pigeon, by
				// inclusion-exclusion Σ (−1)^i C(p,i) (p−i+1)^h.
				want := 0
				for i := 0; i <= p; i++ {
					term := binomial(p, i) * pow(p-i+1, h)
					if i%2 == 1 {
						term = -term
					}
					want += term
				}
				if got := sattest.Count(sattest.Pigeonhole(p, h)); got != want {
					t.Fatalf("Count = %d, want %d", got, want)
				}
			})
		}
	}
}

func binomial(n, k int) int {
	r := 1
	for i := range k {
		r = r * (n - i) / (i + 1)
	}
	return r
}

func pow(b, e int) int {
	r := 1
	for range e {
		r *= b
	}
	return r
}

func TestRandomKSATShape(t *testing.T) {
	f := sattest.RandomKSAT(42, 30, 100, 4)
	g := sattest.RandomKSAT(42, 30, 100, 4)
	h := sattest.RandomKSAT(43, 30, 100, 4)
	if f.NumVars != 30 || len(f.Clauses) != 100 {
		t.Fatalf("%d variables, %d clauses", f.NumVars, len(f.Clauses))
	}
	same, differ := true, false
	for i, c := range f.Clauses {
		if len(c) != 4 {
			t.Fatalf("clause %v has %d literals", c, len(c))
		}
		vars := map[sat.Var]bool{}
		for _, l := range c {
			if l.Var() < 1 || l.Var() > 30 || vars[l.Var()] {
				t.Fatalf("clause %v: variable out of range or repeated", c)
			}
			vars[l.Var()] = true
		}
		same = same && c.String() == g.Clauses[i].String()
		differ = differ || c.String() != h.Clauses[i].String()
	}
	if !same || !differ {
		t.Fatalf("same seed same formula: %v; other seed other formula: %v", same, differ)
	}
}

func TestPlantedKSAT(t *testing.T) {
	f, hidden := sattest.PlantedKSAT(9, 40, 170, 3)
	if len(f.Clauses) != 170 {
		t.Fatalf("%d clauses", len(f.Clauses))
	}
	if err := f.Check(hidden); err != nil {
		t.Fatal(err)
	}
}

// TestOracleAgainstCheck compares the oracle with sat.Formula.Check on
// every assignment of small random formulas with clauses and PB
// constraints: the assignment, as assumptions, is satisfiable for the
// oracle exactly when Check accepts it; the count is the number accepted.
func TestOracleAgainstCheck(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 5))
			const n = 7
			f := sattest.RandomKSAT(seed, n, 6, 3)
			for range 2 {
				f.AddPB(sattest.RandomPB(rng, n))
			}
			o := sattest.NewOracle(f)
			count := 0
			assignments(n, func(a sat.Assignment) {
				ok := f.Check(a) == nil
				if ok {
					count++
				}
				if o.Satisfiable(a.Lits(n)...) != ok {
					t.Fatalf("assignment %v: oracle %v, Check %v", a.Lits(n), !ok, ok)
				}
			})
			if o.Count() != count {
				t.Fatalf("Count = %d, want %d", o.Count(), count)
			}
			// MinCost against the same enumeration.
			obj := []sat.Term{{Coef: 3, Lit: 1}, {Coef: -2, Lit: -2}, {Coef: 1, Lit: 3}}
			best, found := int64(1<<62), false
			assignments(n, func(a sat.Assignment) {
				if f.Check(a) == nil {
					best, found = min(best, sat.Sum(obj, a)), true
				}
			})
			got, ok := o.MinCost(obj)
			if ok != found || found && got != best {
				t.Fatalf("MinCost = %d, %v; want %d, %v", got, ok, best, found)
			}
		})
	}
}

func TestOracleAssumptions(t *testing.T) {
	var f sat.Formula
	f.AddClause(1, 2)
	f.AddClause(-1)
	o := sattest.NewOracle(&f)
	cases := []struct {
		as   []sat.Lit
		want bool
	}{
		{nil, true},
		{[]sat.Lit{2}, true},
		{[]sat.Lit{-2}, false},
		{[]sat.Lit{5, -6}, true}, // beyond the formula's variables
		{[]sat.Lit{5, -5}, false},
		{[]sat.Lit{2, 2}, true},
	}
	for _, c := range cases {
		m, ok := o.Model(c.as...)
		if ok != c.want {
			t.Fatalf("Model(%v) ok = %v, want %v", c.as, ok, c.want)
		}
		if ok {
			if err := f.CheckUnder(m, c.as); err != nil {
				t.Fatalf("Model(%v) = %v: %v", c.as, m, err)
			}
		}
	}
	o.AddPB(sat.PB{Terms: []sat.Term{{Coef: 1, Lit: 2}}, Op: sat.AtMost, K: 0})
	if o.Count() != 0 || o.Satisfiable() {
		t.Fatal("adding ¬x2 as a PB left models")
	}
}
