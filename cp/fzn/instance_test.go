package fzn

import (
	"context"
	"testing"

	"github.com/satsolve/satsolve/cp"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
)

// TestInstance encodes models into a solver apart from solving, solves,
// and checks the models through Instance's check: a model passes, the
// same model with its literals flipped one by one is rejected whenever it
// decodes to values that break the FlatZinc.
func TestInstance(t *testing.T) {
	queens, err := ReadFile("../../testdata/fzn/queens4.fzn", Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, enc := range cp.Encodings() {
		s := cdcl.New()
		check, err := Instance(context.Background(), queens, cp.Options{IntEncoding: enc}, s)
		if err != nil {
			t.Fatal(err)
		}
		if st, err := s.Solve(context.Background()); st != sat.Sat || err != nil {
			t.Fatalf("%v: %v %v", enc, st, err)
		}
		model := s.Model()
		if err := check(model); err != nil {
			t.Fatalf("%v: the solver's model fails the check: %v", enc, err)
		}
		rejected := 0
		for v := 1; v < len(model); v++ {
			bad := append(sat.Assignment(nil), model...)
			bad[v] = !bad[v]
			if check(bad) != nil {
				rejected++
			}
		}
		if rejected == 0 {
			t.Errorf("%v: no flipped model rejected", enc)
		}
	}
	// An unsatisfiable model (an empty domain, answered by cp before
	// encoding) gives an unsatisfiable instance.
	m := mustRead(t, "var 1..3: x :: output_var;\nconstraint set_in(x, {});\nsolve satisfy;\n")
	f := &sat.Formula{}
	if _, err := Instance(context.Background(), m, cp.Options{}, f); err != nil {
		t.Fatal(err)
	}
	s := cdcl.New()
	for _, c := range f.Clauses {
		s.AddClause(c...)
	}
	for range f.NumVars {
		s.NewVar()
	}
	if st, _ := s.Solve(context.Background()); st != sat.Unsat {
		t.Errorf("the instance of an empty domain is %v", st)
	}
}
