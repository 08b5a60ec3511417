package encode_test

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/internal/check"
	"github.com/satsolve/satsolve/sat"
)

// At most 2 of 6 literals with Sinz's sequential counter: (n−1)k = 10
// auxiliary variables and 2nk + n − 4k = 22 clauses.
func ExampleAtMost() {
	var f sat.Formula
	var lits []sat.Lit
	for range 6 {
		lits = append(lits, f.NewVar().Pos())
	}
	if err := encode.AtMost(&f, lits, 2, encode.CardSeqCounter); err != nil {
		fmt.Println(err)
	}
	fmt.Println(f.NumVars-6, "auxiliaries,", len(f.Clauses), "clauses")
	// Output: 10 auxiliaries, 22 clauses
}

// Methods come from flags by name; native needs a sink that takes
// pseudo-Boolean constraints, which a Formula does.
func ExampleParseCardMethod() {
	m, err := encode.ParseCardMethod("native")
	if err != nil {
		fmt.Println(err)
		return
	}
	var f sat.Formula
	lits := []sat.Lit{f.NewVar().Pos(), f.NewVar().Pos(), f.NewVar().Pos()}
	fmt.Println(m.Applies(&f), encode.AtLeast(&f, lits, 2, m), f.PBs[0])
	_, err = encode.ParseCardMethod("bubble")
	fmt.Println(err)
	// Output:
	// true <nil> +1 x1 +1 x2 +1 x3 >= 2 ;
	// encode: unknown cardinality method "bubble" (want one of seqcounter, totalizer, sortnet, cardnet, modtotalizer, native)
}

// An incremental totalizer: the bound is assumed, not asserted, so it can
// be tightened between solves.
func ExampleNewCounter() {
	s := check.New() // a tiny test solver; any sat.Solver works
	var lits []sat.Lit
	for range 5 {
		lits = append(lits, s.NewVar().Pos())
	}
	s.AddClause(lits[0])
	s.AddClause(lits[1], lits[2])
	c, err := encode.NewCounter(s, lits, 3, encode.UpperBounds, encode.CardTotalizer)
	if err != nil {
		fmt.Println(err)
		return
	}
	for k := 2; k >= 0; k-- {
		st, _ := s.Solve(context.Background(), c.AtMost(k))
		fmt.Printf("at most %d: %v\n", k, st)
	}
	// Output:
	// at most 2: SAT
	// at most 1: UNSAT
	// at most 0: UNSAT
}

// Pseudo-Boolean constraints take any coefficients; normalisation handles
// negative ones and trivial bounds.
func ExamplePB() {
	var f sat.Formula
	x, y, z := f.NewVar().Pos(), f.NewVar().Pos(), f.NewVar().Pos()
	c := sat.PB{Terms: []sat.Term{{Coef: 3, Lit: x}, {Coef: -2, Lit: y}, {Coef: 2, Lit: z}}, Op: sat.AtMost, K: 1}
	if err := encode.PB(&f, c, encode.PBBDD); err != nil {
		fmt.Println(err)
	}
	s := check.Load(&f)
	for _, a := range [][]sat.Lit{{x, y, z}, {x, y, -z}, {-x, -y, z}} {
		st, _ := s.Solve(context.Background(), a...)
		fmt.Println(a, st)
	}
	// Output:
	// [1 2 3] UNSAT
	// [1 2 -3] SAT
	// [-1 -2 3] UNSAT
}

// Guard makes any encoding conditional: here "if b then exactly one".
func ExampleGuard() {
	var f sat.Formula
	lits := []sat.Lit{f.NewVar().Pos(), f.NewVar().Pos(), f.NewVar().Pos()}
	b := f.NewVar().Pos()
	encode.ExactlyOne(encode.Guard(&f, b), lits, encode.AMOPairwise)
	for _, c := range f.Clauses {
		fmt.Println(c)
	}
	// Output:
	// -1 -2 -4 0
	// -1 -3 -4 0
	// -2 -3 -4 0
	// 1 2 3 -4 0
}

// Bounded integers and a linear constraint over them: x + 2y ≤ 4 with
// x in 0..3 (order encoding) and y in 0..2 (log encoding).
func ExampleLinear() {
	var f sat.Formula
	x := encode.NewInt(&f, 0, 3, encode.IntOrder)
	y := encode.NewInt(&f, 0, 2, encode.IntLog)
	err := encode.Linear(&f, []encode.IntTerm{{Coef: 1, X: x}, {Coef: 2, X: y}}, sat.AtMost, 4, encode.PBBDD)
	if err != nil {
		fmt.Println(err)
	}
	s := check.Load(&f)
	s.AddClause(x.Ge(s, 3)) // x ≥ 3 leaves y ≤ 0
	if st, _ := s.Solve(context.Background()); st == sat.Sat {
		fmt.Println("x =", x.Value(s.Model()), "y =", y.Value(s.Model()))
	}
	// Output: x = 3 y = 0
}
