package gini_test

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
)

// A solver answers incremental queries under assumptions and explains an
// UNSAT answer with the assumptions it used.
func ExampleNew() {
	s := gini.New()
	x, y, z := s.NewVar(), s.NewVar(), s.NewVar()
	s.AddClause(x.Pos(), y.Pos()) // x ∨ y
	s.AddClause(y.Neg(), z.Pos()) // y → z

	st, _ := s.Solve(context.Background(), x.Neg())
	fmt.Println(st, s.Value(y.Pos()), s.Value(z.Pos()))

	st, _ = s.Solve(context.Background(), z.Neg(), x.Neg())
	fmt.Println(st, len(s.Failed()))

	s.AddClause(x.Neg())
	s.AddClause(z.Neg())
	st, _ = s.Solve(context.Background())
	fmt.Println(st, s.Failed())
	// Output:
	// SAT true true
	// UNSAT 2
	// UNSAT []
}

// A cancelled context stops the search; the solver stays usable.
func ExampleSolver_Solve_cancel() {
	s := gini.New()
	s.AddClause(1, 2)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, err := s.Solve(ctx)
	fmt.Println(st, err)
	st, err = s.Solve(context.Background(), sat.Lit(-1))
	fmt.Println(st, err, s.Value(2))
	// Output:
	// UNKNOWN context canceled
	// SAT <nil> true
}
