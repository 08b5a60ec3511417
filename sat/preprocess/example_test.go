package preprocess_test

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/preprocess"
)

// Simplify a formula, keeping variable 1 (say, an assumption) frozen,
// then map a model of the simplified formula back to the original.
func ExampleSimplify() {
	var f sat.Formula
	f.AddClause(1, 2)     // 1 ∨ 2
	f.AddClause(-2, 3)    // 2 → 3
	f.AddClause(-3, 4, 5) // 3 → 4 ∨ 5
	f.AddClause(-4, -5)   // ¬(4 ∧ 5)
	f.AddClause(2, 4)     // 2 ∨ 4

	res, err := preprocess.Simplify(context.Background(), &f, preprocess.Options{Frozen: []sat.Var{1}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("status:", res.Status)
	fmt.Println("clauses:", res.Stats.ClausesBefore, "->", res.Stats.ClausesAfter)

	// Any model of res.Formula will do; here variable 1 is false.
	model := sat.NewAssignment(f.NumVars)
	if err := res.Formula.Check(model); err != nil {
		fmt.Println(err)
		return
	}
	full := res.Extend(model)
	fmt.Println("frozen variable 1 kept:", full[1] == model[1])
	fmt.Println("check against the original:", f.Check(full))
	// Output:
	// status: SAT
	// clauses: 5 -> 0
	// frozen variable 1 kept: true
	// check against the original: <nil>
}
