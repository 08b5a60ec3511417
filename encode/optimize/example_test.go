package optimize_test

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/sat"
)

// At least two of x, y, z, minimising 3x + 2y + 4z: the optimum takes x
// and y. Any sat.Solver works; this one is the encoders' test solver.
func ExampleMinimize() {
	s := check.New()
	x, y, z := s.NewVar().Pos(), s.NewVar().Pos(), s.NewVar().Pos()
	s.AddClause(x, y)
	s.AddClause(y, z)
	s.AddClause(x, z)
	obj := []sat.Term{{Coef: 3, Lit: x}, {Coef: 2, Lit: y}, {Coef: 4, Lit: z}}
	for _, st := range []optimize.Strategy{optimize.LinearSatUnsat, optimize.Binary} {
		opt, err := optimize.Minimize(context.Background(), s, obj, st)
		fmt.Println(st, opt.Status, opt.Optimal, opt.Cost, err)
	}
	// Output:
	// linear SAT true 5 <nil>
	// binary SAT true 5 <nil>
}
