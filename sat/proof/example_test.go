package proof_test

import (
	"bytes"
	"fmt"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/proof"
)

// Example writes a proof through the engine's hook and checks it with
// both checkers.
func Example() {
	// All four clauses over two variables: unsatisfiable.
	f := &sat.Formula{}
	for _, c := range [][]sat.Lit{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}} {
		f.AddClause(c...)
	}
	var drat, lrat bytes.Buffer
	dw, lw := proof.NewDRATWriter(&drat), proof.NewLRATWriter(&lrat)
	for _, w := range []interface {
		Original(uint64, []sat.Lit)
		Derived(uint64, []sat.Lit, []uint64)
		Flush() error
	}{dw, lw} {
		for i, c := range f.Clauses {
			w.Original(uint64(i+1), c)
		}
		w.Derived(5, []sat.Lit{2}, []uint64{1, 2}) // 2: from 1 2 and -1 2
		w.Derived(6, nil, []uint64{5, 3, 4})       // empty: 2, then 1, then -1 -2
		if err := w.Flush(); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Print(drat.String(), lrat.String())
	_, err := proof.CheckDRAT(f, &drat, proof.Options{})
	fmt.Println("DRAT:", err)
	_, err = proof.CheckLRAT(f, &lrat, proof.Options{})
	fmt.Println("LRAT:", err)
	// Output:
	// 2 0
	// 0
	// 5 2 0 1 2 0
	// 6 0 5 3 4 0
	// DRAT: <nil>
	// LRAT: <nil>
}
