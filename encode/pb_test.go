package encode_test

import (
	"errors"
	"fmt"
	"math/rand"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/sat"
)

// pbAC says which methods and comparisons the essays claim
// arc-consistent. No method is for = (that would decide subset sum).
var pbAC = map[encode.PBMethod]map[sat.Op]bool{
	encode.PBBDD:   {sat.AtMost: true, sat.AtLeast: true},
	encode.PBSWC:   {sat.AtMost: true, sat.AtLeast: true},
	encode.PBAdder: {},
	encode.PBGTE:   {sat.AtMost: true, sat.AtLeast: true},
}

// pbCase is a coefficient list over input positions; var indexes the
// input variable of each term (so a term may repeat a variable) and neg
// negates it.
type pbCase struct {
	name  string
	coefs []int64
	vars  []int
	neg   []bool
	nvars int
}

func (c pbCase) terms(vars []sat.Var) []sat.Term {
	ts := make([]sat.Term, len(c.coefs))
	for i, a := range c.coefs {
		v, neg := i, false
		if c.vars != nil {
			v = c.vars[i]
		}
		if c.neg != nil {
			neg = c.neg[i]
		}
		ts[i] = sat.Term{Coef: a, Lit: vars[v].Lit(!neg)}
	}
	return ts
}

func (c pbCase) inputs() int {
	if c.nvars > 0 {
		return c.nvars
	}
	return len(c.coefs)
}

var pbCases = []pbCase{
	{name: "1,2,3,5", coefs: []int64{1, 2, 3, 5}},
	{name: "2,2,3", coefs: []int64{2, 2, 3}},
	{name: "unit", coefs: []int64{1, 1, 1, 1, 1}},
	{name: "5,1,1,1,1,1", coefs: []int64{5, 1, 1, 1, 1, 1}},
	{name: "powers", coefs: []int64{1, 2, 4, 8, 16}},
	{name: "7,6,5,4,3", coefs: []int64{7, 6, 5, 4, 3}},
	{name: "mixed signs", coefs: []int64{3, -2, 1, 4, -1}},
	{name: "zero coef", coefs: []int64{0, 3, 2, 0}},
	{name: "negated lits", coefs: []int64{2, 3, 4}, neg: []bool{true, false, true}},
	{name: "duplicates", coefs: []int64{2, 3, 1, 4}, vars: []int{0, 0, 0, 1}, neg: []bool{false, false, true, false}, nvars: 2},
	{name: "one term", coefs: []int64{4}},
	{name: "empty"},
}

// TestPBExhaustive checks every method and comparison on small coefficient
// sets for every bound from below the smallest sum to above the largest.
func TestPBExhaustive(t *testing.T) {
	for _, m := range encode.PBMethods() {
		for _, op := range ops {
			t.Run(fmt.Sprintf("%v/%v", m, op), func(t *testing.T) {
				acFailures := 0
				for _, c := range pbCases {
					var lo, hi int64
					for _, a := range c.coefs {
						lo, hi = lo+min(a, 0), hi+max(a, 0)
					}
					for k := lo - 1; k <= hi+1; k++ {
						f, vars, _ := inputs(c.inputs())
						ts := c.terms(vars)
						if err := encode.PB(f, sat.PB{Terms: ts, Op: op, K: k}, m); err != nil {
							t.Fatal(err)
						}
						holds := func(mask uint64) bool { return holdsOp(check.EvalTerms(ts, vars, mask), op, k) }
						want := 0
						for mask := uint64(0); mask < 1<<len(vars); mask++ {
							if holds(mask) {
								want++
							}
						}
						if got := exhaust(t, f, vars, holds); got != want {
							t.Fatalf("%s K=%d: %d extend, want %d", c.name, k, got, want)
						}
						if m == encode.PBNative {
							continue
						}
						err := check.CheckAC(f, vars, holds)
						if err != nil {
							acFailures++
							if pbAC[m][op] {
								t.Fatalf("%s K=%d: claimed arc-consistent: %v", c.name, k, err)
							}
						}
					}
				}
				if m != encode.PBNative && !pbAC[m][op] && acFailures == 0 {
					t.Errorf("claimed not arc-consistent, but every case was")
				}
			})
		}
	}
}

func TestPBSizes(t *testing.T) {
	type tc struct {
		a []int64
		k int64
	}
	// Normalised instances: 1 ≤ aᵢ ≤ K < Σaᵢ, not all aᵢ = K, and
	// Σa − K ≥ max a so the complemented BDD needs no units either.
	cases := []tc{
		{[]int64{1, 2, 3, 5}, 5},
		{[]int64{3, 3, 2, 2, 1}, 5},
		{[]int64{1, 1, 1, 1, 1, 1}, 3},
		{[]int64{4, 1, 3, 2, 4, 1, 2}, 8},
		{[]int64{5, 7, 3, 6, 2, 9, 4, 8}, 20},
		{[]int64{1, 2, 4, 8, 16, 3}, 17},
		{[]int64{10, 1, 10, 1, 10}, 12},
	}
	for _, c := range cases {
		var sum int64
		for _, a := range c.a {
			sum += a
		}
		bdd := map[sat.Op]sz{
			sat.AtMost:  bddSize(c.a, c.k),
			sat.AtLeast: bddSize(c.a, sum-c.k),
		}
		bdd[sat.Equal] = bdd[sat.AtMost].plus(bdd[sat.AtLeast])
		swc := map[sat.Op]sz{sat.AtMost: swcAtMostSize(c.a, c.k), sat.AtLeast: swcAtLeastSize(c.a, c.k)}
		swc[sat.Equal] = swc[sat.AtMost].plus(swc[sat.AtLeast])
		gte := map[sat.Op]sz{}
		g, _ := gteSize(c.a, c.k+1, true, false)
		gte[sat.AtMost] = g.plus(sz{0, 1})
		g, _ = gteSize(c.a, c.k, false, true)
		gte[sat.AtLeast] = g.plus(sz{0, 1})
		g, _ = gteSize(c.a, c.k+1, true, true)
		gte[sat.Equal] = g.plus(sz{0, 2})
		add, present := adderSize(c.a)
		adder := map[sat.Op]sz{
			sat.AtMost:  add.plus(sz{0, adderCompareSize(present, c.k, sat.AtMost)}),
			sat.AtLeast: add.plus(sz{0, adderCompareSize(present, c.k, sat.AtLeast)}),
		}
		adder[sat.Equal] = add.plus(sz{0, adderCompareSize(present, c.k, sat.AtMost) + adderCompareSize(present, c.k, sat.AtLeast)})
		want := map[encode.PBMethod]map[sat.Op]sz{encode.PBBDD: bdd, encode.PBSWC: swc, encode.PBGTE: gte, encode.PBAdder: adder}
		for m, byOp := range want {
			for _, op := range ops {
				t.Run(fmt.Sprintf("%v/%v/%v<=%d", m, op, c.a, c.k), func(t *testing.T) {
					f, _, lits := inputs(len(c.a))
					ts := make([]sat.Term, len(c.a))
					for i, a := range c.a {
						ts[i] = sat.Term{Coef: a, Lit: lits[i]}
					}
					if err := encode.PB(f, sat.PB{Terms: ts, Op: op, K: c.k}, m); err != nil {
						t.Fatal(err)
					}
					v, cl := size(f, len(c.a))
					if w := byOp[op]; v != w.vars || cl != w.clauses {
						t.Fatalf("size %d vars %d clauses, want %d and %d", v, cl, w.vars, w.clauses)
					}
				})
			}
		}
	}
	// An anchor: x1+2x2+3x3+5x4 ≤ 5 has the BDD (by hand) x4? (x1..x3
	// all false) : (1x1+2x2+3x3 ≤ 5): 1 + 2 + 1 + 1 = 5 nodes in
	// decreasing order 5,3,2,1: level 5: 1 node; level 3: "≤0" and "≤5"
	// (2 nodes); level 2: "≤0" and "≤2" (2); level 1: "≤0" (1).
	if got := bddSize([]int64{1, 2, 3, 5}, 5); got.vars != 6 {
		t.Errorf("hand-counted BDD: got %d nodes, want 6", got.vars)
	}
}

func TestPBNativePassThrough(t *testing.T) {
	var f sat.Formula
	c := sat.PB{Terms: []sat.Term{{Coef: 3, Lit: 1}, {Coef: -2, Lit: -2}, {Coef: 0, Lit: 3}}, Op: sat.AtLeast, K: -7}
	if err := encode.PB(&f, c, encode.PBNative); err != nil {
		t.Fatal(err)
	}
	if len(f.PBs) != 1 || len(f.Clauses) != 0 || f.PBs[0].String() != c.String() {
		t.Fatalf("native PB changed: %v", f.PBs)
	}
}

func TestPBBadData(t *testing.T) {
	bad := map[string]sat.PB{
		"zero literal": {Terms: []sat.Term{{Coef: 1, Lit: 0}}, Op: sat.AtMost, K: 1},
		"overflow":     {Terms: []sat.Term{{Coef: sat.MaxCoefSum, Lit: 1}, {Coef: 1, Lit: 2}}, Op: sat.AtMost},
		"bad op":       {Terms: []sat.Term{{Coef: 1, Lit: 1}}, Op: 9},
	}
	for name, c := range bad {
		for _, m := range encode.PBMethods() {
			var f sat.Formula
			err := encode.PB(&f, c, m)
			if err == nil {
				t.Errorf("%s with %v: no error", name, m)
			}
			if name == "overflow" && !errors.Is(err, sat.ErrCoefRange) {
				t.Errorf("%s with %v: %v does not wrap ErrCoefRange", name, m, err)
			}
		}
	}
}

// TestPBRandom adds seeded random constraints (signed coefficients,
// repeated and negated variables, any bound) to the fixed cases.
func TestPBRandom(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	rounds := 150
	if testing.Short() {
		rounds = 40
	}
	for round := range rounds {
		nv := 2 + r.Intn(5)
		f0, vars, _ := inputs(nv)
		var ts []sat.Term
		var lo, hi int64
		for range 1 + r.Intn(nv+2) {
			c := int64(r.Intn(21) - 8)
			ts = append(ts, sat.Term{Coef: c, Lit: vars[r.Intn(nv)].Lit(r.Intn(3) > 0)})
			lo, hi = lo+min(c, 0), hi+max(c, 0)
		}
		op := ops[r.Intn(3)]
		k := lo - 1 + r.Int63n(hi-lo+3)
		holds := func(mask uint64) bool { return holdsOp(check.EvalTerms(ts, vars, mask), op, k) }
		for _, m := range encode.PBMethods() {
			t.Run(fmt.Sprintf("%d/%v", round, m), func(t *testing.T) {
				f := f0.Copy()
				if err := encode.PB(f, sat.PB{Terms: ts, Op: op, K: k}, m); err != nil {
					t.Fatal(err)
				}
				exhaust(t, f, vars, holds)
				if pbAC[m][op] {
					if err := check.CheckAC(f, vars, holds); err != nil {
						t.Fatalf("%v %v %d: %v", ts, op, k, err)
					}
				}
			})
		}
	}
}
