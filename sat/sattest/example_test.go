package sattest_test

import (
	"fmt"

	"github.com/satsolve/satsolve/sat/sattest"
)

// The oracle counts models by enumeration: PHP(3,3) has one model per
// permutation of the pigeons, PHP(4,3) none.
func ExampleCount() {
	fmt.Println(sattest.Count(sattest.Pigeonhole(3, 3)), sattest.Count(sattest.Pigeonhole(4, 3)))
	// Output: 6 0
}

// An oracle narrows its model list as constraints arrive and answers
// queries under assumptions.
func ExampleNewOracle() {
	f := sattest.RandomKSAT(1, 6, 10, 3)
	o := sattest.NewOracle(f)
	before := o.Count()
	o.AddClause(1)
	fmt.Println(before >= o.Count(), o.Satisfiable(-1), o.Satisfiable(1, -1))
	// Output: true false false
}
