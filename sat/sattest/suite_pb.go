package sattest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

func testPB(t *testing.T, h *harness) {
	t.Run("Edges", func(t *testing.T) { testPBEdges(t, h) })
	t.Run("Random", func(t *testing.T) { testPBRandom(t, h) })
}

func testPBEdges(t *testing.T, h *harness) {
	const big = 1 << 60
	cases := []struct {
		name    string
		clauses []sat.Clause
		pbs     []sat.PB
		want    sat.Status
		forced  []sat.Lit
	}{
		{"EmptyAtLeastOne", nil, []sat.PB{{Op: sat.AtLeast, K: 1}}, sat.Unsat, nil},
		{"EmptyAtLeastZero", nil, []sat.PB{{Op: sat.AtLeast, K: 0}}, sat.Sat, nil},
		{"EmptyAtMostMinusOne", nil, []sat.PB{{Op: sat.AtMost, K: -1}}, sat.Unsat, nil},
		{"EmptyEqualZero", nil, []sat.PB{{Op: sat.Equal}}, sat.Sat, nil},
		{"LiteralAndNegation", nil, []sat.PB{{Terms: terms(2, 1, 3, -1), Op: sat.AtLeast, K: 3}}, sat.Sat, []sat.Lit{-1}},
		{"DuplicateLiteral", nil, []sat.PB{{Terms: terms(1, 1, 1, 1), Op: sat.AtLeast, K: 2}}, sat.Sat, []sat.Lit{1}},
		{"ZeroCoefficient", nil, []sat.PB{{Terms: terms(0, 1, 1, 2), Op: sat.AtLeast, K: 1}}, sat.Sat, []sat.Lit{2}},
		{"NegativeCoefficients", nil, []sat.PB{{Terms: terms(-2, 1, -1, 2), Op: sat.AtLeast, K: -1}}, sat.Sat, []sat.Lit{-1}},
		{"EqualUnique", nil, []sat.PB{{Terms: terms(3, 1, 2, 2, 1, 3), Op: sat.Equal, K: 4}}, sat.Sat, []sat.Lit{1, -2, 3}},
		{"AtMostNegated", nil, []sat.PB{{Terms: terms(1, -1, 1, -2), Op: sat.AtMost, K: 0}}, sat.Sat, []sat.Lit{1, 2}},
		{"CardinalityUnderUnits", []sat.Clause{{1}, {-2}, {-3}}, []sat.PB{{Terms: terms(1, 1, 1, 2, 1, 3), Op: sat.AtLeast, K: 2}}, sat.Unsat, nil},
		{"BigCoefficients", nil, []sat.PB{{Terms: terms(big, 1, big, 2), Op: sat.AtLeast, K: big + 1}}, sat.Sat, []sat.Lit{1, 2}},
		{"BigInfeasible", nil, []sat.PB{{Terms: terms(big, 1, big-1, 2), Op: sat.AtLeast, K: 2 * big}}, sat.Unsat, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := h.fresh()
			for _, cl := range c.clauses {
				m.add(cl...)
			}
			for _, pb := range c.pbs {
				m.addPB(pb)
			}
			h.expect(t, m, c.want)
			for _, l := range c.forced {
				if !m.s.Value(l) {
					t.Fatalf("literal %v is forced but false in %v", l, m.s.Model())
				}
			}
		})
	}
}

// testPBRandom mixes clauses and random PB constraints of every comparison
// with negative and zero coefficients, and queries under assumptions,
// comparing with the oracle.
func testPBRandom(t *testing.T, h *harness) {
	const n, steps = 8, 16
	for seed := uint64(1); seed <= 3; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 0xbeef))
			f := RandomKSAT(seed, n, 5, 3)
			for range 3 {
				f.AddPB(RandomPB(rng, n))
			}
			o := NewOracle(f)
			m := h.fresh()
			m.load(f)
			for step := range steps {
				if rng.IntN(3) == 0 {
					c := RandomPB(rng, n)
					o.AddPB(c)
					m.addPB(c)
					continue
				}
				as := randomLits(rng, n, rng.IntN(4))
				want := sat.Unsat
				if o.Satisfiable(as...) {
					want = sat.Sat
				}
				t.Logf("step %d: %d models left, assumptions %v, want %v", step, o.Count(), as, want)
				h.expect(t, m, want, as...)
			}
		})
	}
}

// RandomPB draws a pseudo-Boolean constraint over variables 1..n: two to
// five terms with coefficients in [-4, 4] (zero included) on random
// literals (repeats and complementary pairs allowed), a random comparison,
// and a bound within one of the reachable range, so the constraint is
// sometimes trivial, sometimes infeasible, usually neither.
func RandomPB(rng *rand.Rand, n int) sat.PB {
	terms := make([]sat.Term, 2+rng.IntN(4))
	var lo, hi int64
	for i := range terms {
		c := int64(rng.IntN(9) - 4)
		terms[i] = sat.Term{Coef: c, Lit: sat.Var(1 + rng.IntN(n)).Lit(rng.IntN(2) == 0)}
		if c < 0 {
			lo += c
		} else {
			hi += c
		}
	}
	k := lo - 1 + rng.Int64N(hi-lo+3)
	return sat.PB{Terms: terms, Op: sat.Op(rng.IntN(3)), K: k}
}

// RandomPBMix draws a PB constraint over variables 1..n of one of four kinds:
// a cardinality constraint (unit coefficients), small positive
// coefficients, small coefficients of both signs (zero included), or
// large ones (up to 2^55, some negative); two to ten terms on random
// literals (repeats and complementary pairs allowed), a random comparison,
// and a bound within one of the reachable range.
func RandomPBMix(rng *rand.Rand, n int) sat.PB {
	terms := make([]sat.Term, 2+rng.IntN(9))
	kind := rng.IntN(4)
	var lo, hi int64
	for i := range terms {
		var c int64
		switch kind {
		case 0:
			c = 1
		case 1:
			c = 1 + rng.Int64N(9)
		case 2:
			c = rng.Int64N(19) - 9
		default:
			c = 1 + rng.Int64N(1<<55)
			if rng.IntN(4) == 0 {
				c = -c
			}
		}
		terms[i] = sat.Term{Coef: c, Lit: sat.Var(1 + rng.IntN(n)).Lit(rng.IntN(2) == 0)}
		if c < 0 {
			lo += c
		} else {
			hi += c
		}
	}
	var k int64
	if kind == 3 {
		k = lo + rng.Int64N(hi-lo+1)
	} else {
		k = lo - 1 + rng.Int64N(hi-lo+3)
	}
	return sat.PB{Terms: terms, Op: sat.Op(rng.IntN(3)), K: k}
}

// MidBound returns a bound for c's comparison that about halves the
// assignments of its terms (the middle of the reachable range, give or
// take a quarter of it), so that c constrains the search without
// deciding it.
func MidBound(c sat.PB) int64 {
	var lo, hi, spread int64
	for _, t := range c.Terms {
		if t.Coef < 0 {
			lo += t.Coef
		} else {
			hi += t.Coef
		}
	}
	spread = (hi - lo) / 4
	mid := lo + (hi-lo)/2
	if spread == 0 {
		return mid
	}
	return mid - spread/2 + int64(uint64(c.K)%uint64(spread))
}

// BlockingClauses returns clauses equivalent to c: one clause excluding each
// assignment of c's variables that falsifies it, a clausification
// independent of every encoder, for differential tests. There are up to
// 2^k clauses for k variables: it is for small constraints.
func BlockingClauses(c sat.PB) []sat.Clause {
	var vars []sat.Var
	seen := map[sat.Var]bool{}
	for _, t := range c.Terms {
		if v := t.Lit.Var(); !seen[v] {
			seen[v] = true
			vars = append(vars, v)
		}
	}
	var out []sat.Clause
	maxVar := 0
	for _, v := range vars {
		maxVar = max(maxVar, int(v))
	}
	a := sat.NewAssignment(maxVar)
	for bits := 0; bits < 1<<len(vars); bits++ {
		var cl sat.Clause
		for i, v := range vars {
			a[v] = bits>>i&1 != 0
			cl = append(cl, v.Lit(!a[v]))
		}
		if !c.Holds(a) {
			out = append(out, cl)
		}
	}
	return out
}

// terms builds a term list from coefficient, literal pairs.
func terms(pairs ...int64) []sat.Term {
	ts := make([]sat.Term, len(pairs)/2)
	for i := range ts {
		ts[i] = sat.Term{Coef: pairs[2*i], Lit: sat.Lit(pairs[2*i+1])}
	}
	return ts
}
