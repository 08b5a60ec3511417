package nonogram_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
)

// A 3×3 plus sign as a Tatham game ID: column clues, then row clues.
const plus = "3x3:1/3/1/1/3/1"

func ExampleSolveSAT() {
	ps, err := nonogram.Parse(strings.NewReader(plus), "plus", nonogram.FormatAuto)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := nonogram.SolveSAT(context.Background(), gini.New(), ps[0], nonogram.Options{Limit: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(res.Solutions[0])
	fmt.Println(res.Verdict(), res.Rating())
	// Output:
	// .#.
	// ###
	// .#.
	// unique line-solvable
}

func ExampleSolveNative() {
	// Two diagonal cells: two solutions.
	ps, _ := nonogram.Parse(strings.NewReader("2x2:1/1/1/1"), "diagonal", nonogram.FormatTatham)
	res, err := nonogram.SolveNative(context.Background(), ps[0], nonogram.Options{Limit: 10})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(res.Solutions), res.Exhausted, res.Verdict())
	// Output: 2 true multiple
}

func ExampleEncode() {
	ps, _ := nonogram.Parse(strings.NewReader(plus), "plus", nonogram.FormatAuto)
	var f sat.Formula
	x := nonogram.Encode(&f, ps[0], nil, nonogram.EncodeStarts)
	vars, clauses := x.Size()
	fmt.Println(vars == f.NumVars, clauses == len(f.Clauses))
	l, _ := x.Cell(1, 1)
	fmt.Println("centre cell is variable", l)
	// Output:
	// true true
	// centre cell is variable 5
}

func ExampleParse_error() {
	_, err := nonogram.Parse(strings.NewReader("width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n"), "bad.non", nonogram.FormatAuto)
	fmt.Println(err)
	// Output: bad.non:4: row 1: clue 3 needs at least 3 cells but the row has 2
}
