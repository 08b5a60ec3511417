package sattest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

func testAddAfterSat(t *testing.T, h *harness) {
	m := h.fresh()
	m.add(1, 2)
	h.expect(t, m, sat.Sat)
	m.add(-1)
	h.expect(t, m, sat.Sat)
	if !m.s.Value(2) {
		t.Fatal("clause 1 2 with -1 added later: 2 must be true")
	}
	m.add(-2)
	h.expect(t, m, sat.Unsat)
	h.expect(t, m, sat.Unsat)
	h.expect(t, m, sat.Unsat, 3)
	m.add(3, 4)
	h.expect(t, m, sat.Unsat)
}

// testQueriesAfterUnsat is gini's trigger: queries, with and without
// assumptions, on a clause set that is unsatisfiable by itself.
func testQueriesAfterUnsat(t *testing.T, h *harness) {
	m := h.fresh()
	m.load(Pigeonhole(4, 3))
	h.expect(t, m, sat.Unsat)
	h.expect(t, m, sat.Unsat)
	for i := range 8 {
		a := PigeonholeVar(i%4, i%3, 3)
		b := PigeonholeVar((i+1)%4, (i+2)%3, 3)
		h.expect(t, m, sat.Unsat, a.Pos(), b.Neg())
	}
	m.add(13, 14)
	h.expect(t, m, sat.Unsat, 13)
	h.expect(t, m, sat.Unsat)
}

func testUnsatUnderAssumptionsThenSat(t *testing.T, h *harness) {
	m := h.fresh()
	m.load(Pigeonhole(3, 3))
	for i := range 6 {
		// Pigeons 0 and 1 in the same hole: refuted by propagation.
		j := i % 3
		h.expect(t, m, sat.Unsat, PigeonholeVar(0, j, 3).Pos(), PigeonholeVar(1, j, 3).Pos())
		h.expect(t, m, sat.Sat, PigeonholeVar(2, j, 3).Pos())
	}
	h.expect(t, m, sat.Sat)
}

// testRandomIncremental interleaves clause additions and queries under
// random assumptions on small random formulas, comparing every answer with
// the oracle.
func testRandomIncremental(t *testing.T, h *harness) {
	const n, steps = 10, 40
	for seed := uint64(1); seed <= 3; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 0xc0ffee))
			f := RandomKSAT(seed, n, 22, 3)
			o := NewOracle(f)
			m := h.fresh()
			m.load(f)
			for step := range steps {
				if rng.IntN(3) == 0 {
					c := randomLits(rng, n, 1+rng.IntN(3))
					o.AddClause(c...)
					m.add(c...)
					continue
				}
				as := randomLits(rng, n+2, rng.IntN(5))
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

// randomLits draws k literals over variables 1..n, repeats and
// complementary pairs allowed.
func randomLits(rng *rand.Rand, n, k int) []sat.Lit {
	c := make([]sat.Lit, k)
	for i := range c {
		c[i] = sat.Var(1 + rng.IntN(n)).Lit(rng.IntN(2) == 0)
	}
	return c
}
