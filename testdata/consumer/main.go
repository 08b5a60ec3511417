// Command consumer checks that satsolve's libraries can be imported from
// another module: it encodes "exactly 2 of 4" and counts the models with
// a brute-force check through sat.Formula.
package main

import (
	"fmt"
	"os"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

func main() {
	var f sat.Formula
	in := make([]sat.Lit, 4)
	for i := range in {
		in[i] = f.NewVar().Pos()
	}
	if err := encode.Exactly(&f, in, 2, encode.CardTotalizer); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("exactly 2 of 4: %d variables, %d clauses\n", f.NumVars, len(f.Clauses))
}
