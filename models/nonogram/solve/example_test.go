package solve_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/solve"
	"github.com/satsolve/satsolve/sat/gini"
)

// A 3×3 plus sign as a Tatham game ID: column clues, then row clues.
const plus = "3x3:1/3/1/1/3/1"

func ExampleSAT() {
	ps, err := nonogram.Parse(strings.NewReader(plus), "plus", nonogram.FormatAuto)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := solve.SAT(context.Background(), gini.New(), ps[0], nonogram.Options{Limit: 2})
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

func ExampleNative() {
	// Two diagonal cells: two solutions.
	ps, _ := nonogram.Parse(strings.NewReader("2x2:1/1/1/1"), "diagonal", nonogram.FormatTatham)
	res, err := solve.Native(context.Background(), ps[0], nonogram.Options{Limit: 10})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(res.Solutions), res.Exhausted, res.Verdict())
	// Output: 2 true multiple
}
