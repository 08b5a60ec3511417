package gophersat_test

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gophersat"
)

// By default every solve runs in a child process, so the program (here the
// test binary, through TestMain) calls gophersat.ServeIfChild first thing.
func ExampleNew() {
	s := gophersat.New()
	s.AddClause(1, 2)
	s.AddPB(sat.PB{ // 3·x1 + 2·x2 + x3 ≤ 2
		Terms: []sat.Term{{Coef: 3, Lit: 1}, {Coef: 2, Lit: 2}, {Coef: 1, Lit: 3}},
		Op:    sat.AtMost,
		K:     2,
	})
	st, _ := s.Solve(context.Background())
	fmt.Println(st, s.Value(1), s.Value(2), s.Value(3))
	// Output:
	// SAT false true false
}

// Minimize finds an optimal model; negative coefficients and negated
// literals are allowed.
func ExampleSolver_Minimize() {
	s := gophersat.New(gophersat.WithMode(gophersat.InProcess))
	s.AddClause(1, 2, 3)
	s.AddClause(-1, -2)
	opt, err := s.Minimize(context.Background(), []sat.Term{
		{Coef: 4, Lit: 1}, {Coef: 3, Lit: 2}, {Coef: 5, Lit: 3}, {Coef: -1, Lit: -3},
	})
	fmt.Println(opt.Status, opt.Optimal, opt.Cost, opt.Model.Lits(3), err)
	// Output:
	// SAT true 2 [-1 2 -3] <nil>
}
