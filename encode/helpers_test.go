package encode_test

import (
	"math/bits"
	"testing"

	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/sat"
)

// inputs returns a formula with n fresh input variables.
func inputs(n int) (*sat.Formula, []sat.Var, []sat.Lit) {
	f := &sat.Formula{}
	vars := make([]sat.Var, n)
	lits := make([]sat.Lit, n)
	for i := range vars {
		vars[i] = f.NewVar()
		lits[i] = vars[i].Pos()
	}
	return f, vars, lits
}

// size returns the auxiliary variables and clauses f has beyond n inputs.
func size(f *sat.Formula, n int) (int, int) { return f.NumVars - n, len(f.Clauses) }

func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// cardCount is the number of assignments of n inputs with Σ op k, as a
// binomial sum.
func cardCount(n int, op sat.Op, k int) int {
	c := 0
	for i := 0; i <= n; i++ {
		if holdsOp(int64(i), op, int64(k)) {
			c += binomial(n, i)
		}
	}
	return c
}

func holdsOp(sum int64, op sat.Op, k int64) bool {
	switch op {
	case sat.AtMost:
		return sum <= k
	case sat.AtLeast:
		return sum >= k
	}
	return sum == k
}

var ops = []sat.Op{sat.AtMost, sat.AtLeast, sat.Equal}

// exhaust runs check.Exhaust and fails the test on a disagreement; it
// returns the number of input assignments that extend to a model.
func exhaust(t *testing.T, f *sat.Formula, vars []sat.Var, holds func(uint64) bool) int {
	t.Helper()
	n, err := check.Exhaust(f, vars, holds)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func popcount(m uint64) int { return bits.OnesCount64(m) }
