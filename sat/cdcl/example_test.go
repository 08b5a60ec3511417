package cdcl_test

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/sat/cdcl"
)

// A small incremental session: a satisfiable clause set, a query under an
// assumption that fails, and the assumption the solver blames.
func Example() {
	s := cdcl.New()
	s.AddClause(1, 2)
	s.AddClause(-1, 3)
	s.AddClause(-3, -2)

	st, _ := s.Solve(context.Background())
	fmt.Println(st, s.Value(1) || s.Value(2))

	st, _ = s.Solve(context.Background(), 3, 2)
	fmt.Println(st, s.Failed())
	// Output:
	// SAT true
	// UNSAT [2 3]
}
