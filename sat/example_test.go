package sat_test

import (
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// A Formula is a Sink: encoders write clauses into it, and Check verifies
// any model against it.
func ExampleFormula_Check() {
	var f sat.Formula
	x, y := f.NewVar(), f.NewVar()
	f.AddClause(x.Pos(), y.Pos())
	f.AddClause(x.Neg(), y.Neg())

	fmt.Println(f.Check(sat.NewAssignment(2).Set(x.Pos())))
	fmt.Println(f.Check(sat.NewAssignment(2).Set(x.Pos()).Set(y.Pos())))
	// Output:
	// <nil>
	// clause 2 violated: -1 -2 0
}
