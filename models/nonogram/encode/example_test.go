package encode_test

import (
	"fmt"
	"strings"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/encode"
	"github.com/satsolve/satsolve/sat"
)

func ExampleEncode() {
	// A 3×3 plus sign as a Tatham game ID: column clues, then row clues.
	ps, _ := nonogram.Parse(strings.NewReader("3x3:1/3/1/1/3/1"), "plus", nonogram.FormatAuto)
	var f sat.Formula
	x := encode.Encode(&f, ps[0], nil, nonogram.EncodeStarts)
	vars, clauses := x.Size()
	fmt.Println(vars == f.NumVars, clauses == len(f.Clauses))
	l, _ := x.Cell(1, 1)
	fmt.Println("centre cell is variable", l)
	// Output:
	// true true
	// centre cell is variable 5
}
