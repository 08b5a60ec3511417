package cdcl

import (
	"context"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// xorChains returns two chains of 3-literal XORs over the same inputs
// a1..an, t_i = t_{i-1} ⊕ a_i and u_i = u_{i-1} ⊕ a_i from t_0 = u_0,
// with t_n ≠ u_n: unsatisfiable, as the dubois family is. Each XOR is its
// four clauses; every variable but the ends is in two or three XORs.
func xorChains(n int) [][]sat.Lit {
	a := func(i int) sat.Var { return sat.Var(i) }           // 1..n
	t := func(i int) sat.Var { return sat.Var(n + 1 + i) }   // t_0..t_n
	u := func(i int) sat.Var { return sat.Var(2*n + 2 + i) } // u_0..u_n
	var cls [][]sat.Lit
	xor := func(x, y, z sat.Var, odd bool) { // x ⊕ y ⊕ z = odd
		for m := 0; m < 8; m++ {
			neg := [3]bool{m&1 != 0, m&2 != 0, m&4 != 0}
			parity := neg[0] != neg[1] != neg[2]
			// The clause excludes the assignment where each variable
			// takes the value that makes its literal false.
			if parity == odd {
				continue
			}
			cls = append(cls, []sat.Lit{x.Lit(neg[0]), y.Lit(neg[1]), z.Lit(neg[2])})
		}
	}
	for i := 1; i <= n; i++ {
		xor(t(i), t(i-1), a(i), false)
		xor(u(i), u(i-1), a(i), false)
	}
	cls = append(cls, []sat.Lit{t(0).Lit(false), u(0).Lit(true)}, []sat.Lit{t(0).Lit(true), u(0).Lit(false)})
	cls = append(cls, []sat.Lit{t(n).Lit(false), u(n).Lit(false)}, []sat.Lit{t(n).Lit(true), u(n).Lit(true)})
	return cls
}

// TestElimFixpoint checks that one elimination round runs to its fixpoint:
// along an XOR chain a variable becomes eliminable only once its
// neighbour is gone, so a single pass over the variables (the round before
// this test) left most of the chain and the search needed hundreds of
// conflicts (dubois100: 27,023), where the fixpoint refutes it without
// search, as MiniSat's SatELite does.
func TestElimFixpoint(t *testing.T) {
	for _, n := range []int{5, 20, 60} {
		o := DefaultOptions()
		o.Preprocess = 1
		o.Probe, o.Vivify, o.Subsume = 0, 0, 0
		s, err := NewWith(o)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range xorChains(n) {
			s.AddClause(c...)
		}
		st, err := s.Solve(context.Background())
		if st != sat.Unsat {
			t.Fatalf("n=%d: %v, %v; want Unsat", n, st, err)
		}
		if s.stats.Conflicts != 0 || s.stats.Eliminated == 0 {
			t.Errorf("n=%d: %d conflicts, %d variables eliminated; want 0 conflicts (refuted by elimination)", n, s.stats.Conflicts, s.stats.Eliminated)
		}
		// The same chains with consistent ends are satisfiable, and the
		// model (extended over the eliminated variables) is checked by
		// Solve itself.
		s2, _ := NewWith(o)
		cls := xorChains(n)
		cls[len(cls)-2][1] = cls[len(cls)-2][1].Not()
		cls[len(cls)-1][1] = cls[len(cls)-1][1].Not()
		for _, c := range cls {
			s2.AddClause(c...)
		}
		if st, err := s2.Solve(context.Background()); st != sat.Sat {
			t.Fatalf("n=%d, consistent ends: %v, %v; want Sat", n, st, err)
		}
	}
}
