package sattest

import (
	"fmt"
	"math/rand/v2"

	"github.com/satsolve/satsolve/sat"
)

// RandomKSAT returns a random k-CNF over variables 1..n with m clauses, drawn
// from the fixed-clause-length model: each clause has k distinct variables,
// each negated with probability ½. The same seed always gives the same
// formula. It panics unless 1 ≤ k ≤ n and m ≥ 0.
func RandomKSAT(seed uint64, n, m, k int) *sat.Formula {
	if k < 1 || k > n || m < 0 {
		panic(fmt.Sprintf("sattest: RandomKSAT(n=%d, m=%d, k=%d) out of range", n, m, k))
	}
	rng := rand.New(rand.NewPCG(seed, 0x5a7501e))
	f := &sat.Formula{NumVars: n}
	for range m {
		f.AddClause(randomClause(rng, n, k)...)
	}
	return f
}

// randomClause draws k distinct variables of 1..n with random signs.
func randomClause(rng *rand.Rand, n, k int) []sat.Lit {
	c := make([]sat.Lit, 0, k)
	for len(c) < k {
		v := sat.Var(1 + rng.IntN(n))
		if containsVar(c, v) {
			continue
		}
		c = append(c, v.Lit(rng.IntN(2) == 0))
	}
	return c
}

func containsVar(c []sat.Lit, v sat.Var) bool {
	for _, l := range c {
		if l.Var() == v {
			return true
		}
	}
	return false
}

// PigeonholeVar returns the variable "pigeon i sits in hole j" of
// Pigeonhole(p, h), for 0 ≤ i < p and 0 ≤ j < h.
func PigeonholeVar(i, j, h int) sat.Var { return sat.Var(i*h + j + 1) }

// Pigeonhole returns PHP(p, h) in the pairwise encoding: every pigeon sits in
// some hole (p clauses of length h) and no hole holds two pigeons
// (h·p(p−1)/2 binary clauses). It is unsatisfiable exactly when p > h, and
// resolution proofs of that grow exponentially in h (Haken 1985), which
// makes PHP(h+1, h) a reliable hard instance for CDCL solvers. It panics on
// negative arguments.
func Pigeonhole(p, h int) *sat.Formula {
	if p < 0 || h < 0 {
		panic(fmt.Sprintf("sattest: Pigeonhole(%d, %d) out of range", p, h))
	}
	f := &sat.Formula{NumVars: p * h}
	for i := range p {
		c := make([]sat.Lit, h)
		for j := range h {
			c[j] = PigeonholeVar(i, j, h).Pos()
		}
		f.AddClause(c...)
	}
	for j := range h {
		for a := range p {
			for b := a + 1; b < p; b++ {
				f.AddClause(PigeonholeVar(a, j, h).Neg(), PigeonholeVar(b, j, h).Neg())
			}
		}
	}
	return f
}

// PlantedKSAT returns a random k-CNF over variables 1..n with m clauses
// that is satisfiable by construction, and the hidden model: clauses are
// drawn as in RandomKSAT and redrawn until the hidden assignment satisfies
// them. It panics unless 1 ≤ k ≤ n and m ≥ 0.
func PlantedKSAT(seed uint64, n, m, k int) (*sat.Formula, sat.Assignment) {
	if k < 1 || k > n || m < 0 {
		panic(fmt.Sprintf("sattest: PlantedKSAT(n=%d, m=%d, k=%d) out of range", n, m, k))
	}
	rng := rand.New(rand.NewPCG(seed, 0x91a47ed))
	hidden := sat.NewAssignment(n)
	for v := 1; v <= n; v++ {
		hidden[v] = rng.IntN(2) == 0
	}
	f := &sat.Formula{NumVars: n}
	for len(f.Clauses) < m {
		if c := randomClause(rng, n, k); sat.Clause(c).Satisfied(hidden) {
			f.AddClause(c...)
		}
	}
	return f, hidden
}
