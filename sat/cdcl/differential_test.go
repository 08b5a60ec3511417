package cdcl_test

import (
	"context"
	"os/exec"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/external"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/sattest"
)

// backends returns cdcl with default options and in each fixed mode, gini,
// and minisat when installed.
func backends(t *testing.T) []sattest.Backend {
	mode := func(stable int) func() sat.Solver {
		return func() sat.Solver {
			o := cdcl.DefaultOptions()
			o.Stable = stable
			s, err := cdcl.NewWith(o)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
	}
	bs := []sattest.Backend{
		{Name: "cdcl", New: func() sat.Solver { return cdcl.New() }},
		{Name: "cdcl-focused", New: mode(0)},
		{Name: "cdcl-stable", New: mode(2)},
		{Name: "gini", New: func() sat.Solver { return gini.New() }},
	}
	if _, err := exec.LookPath("minisat"); err == nil {
		bs = append(bs, sattest.Backend{Name: "minisat", New: func() sat.Solver {
			s, err := external.New("minisat")
			if err != nil {
				t.Fatal(err)
			}
			return s
		}})
	}
	return bs
}

// TestDifferential runs the project's standard differential set: random
// 3-SAT at the threshold (n = 20..150) and pigeonhole formulas, where cdcl
// in every mode, gini and minisat must agree and every model must pass.
func TestDifferential(t *testing.T) {
	perSize := 3
	if testing.Short() {
		perSize = 1
	}
	sattest.Differential(t, 1, perSize, backends(t)...)
}

// TestProofs checks the proofs of refutations that need real search:
// pigeonhole formulas and unsatisfiable random 3-SAT, in each mode, with
// the LRAT checker on every step and the empty clause at the end.
func TestProofs(t *testing.T) {
	var insts []sattest.Instance
	for n := 2; n <= 7; n++ {
		insts = append(insts, sattest.Instance{Name: "php", Formula: sattest.Pigeonhole(n+1, n)})
	}
	for seed := uint64(1); seed <= 40; seed++ {
		insts = append(insts, sattest.Instance{Name: "rand", Formula: sattest.RandomKSAT(seed, 60, 300, 3)})
	}
	for stable := range 3 {
		for _, inst := range insts {
			o := cdcl.DefaultOptions()
			o.Stable = stable
			o.ReduceInt = 50
			s, _ := cdcl.NewWith(o)
			chk := newChecker()
			s.SetTracer(chk)
			for _, c := range inst.Formula.Clauses {
				s.AddClause(c...)
			}
			st, err := s.Solve(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if chk.err != nil {
				t.Fatalf("%s (stable=%d): %v", inst.Name, stable, chk.err)
			}
			if st == sat.Unsat && !chk.empty {
				t.Fatalf("%s (stable=%d): UNSAT without the empty clause", inst.Name, stable)
			}
			if st == sat.Unsat && inst.Name == "php" {
				continue
			}
			if inst.Name == "php" {
				t.Fatalf("php: %v", st)
			}
		}
	}
}
