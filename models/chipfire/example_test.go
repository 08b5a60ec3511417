package chipfire_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/models/chipfire"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
)

// The Corry–Perkinson example: A, B, C, E with edges AB, BC, CE, AC and a
// double edge AE.
const cpGame = `A B
B C
C E
A C
A E
A E
divisor: 2 -3 4 -1
`

func ExampleReadGame() {
	game, err := chipfire.ReadGame(strings.NewReader(cpGame), "cp.txt", chipfire.FormatAuto)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := game.Graph
	fmt.Println(g.Names(), "edges:", g.M(), "genus:", g.Genus(), "divisor:", game.Divisor)
	_, err = chipfire.ReadGame(strings.NewReader("A B\nB B\n"), "loop.txt", chipfire.FormatAuto)
	fmt.Println(err)
	// Output:
	// [A B C E] edges: 6 genus: 3 divisor: 2,-3,4,-1
	// loop.txt:2: self-loop at vertex "B"
}

func ExampleReduce() {
	game, _ := chipfire.ReadGame(strings.NewReader(cpGame), "cp.txt", chipfire.FormatAuto)
	r, err := chipfire.Reduce(context.Background(), game.Graph, game.Divisor, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("reduced at A:", r.Divisor, "script:", r.Script, "winnable:", r.Winnable())
	// Output:
	// reduced at A: 2,0,0,0 script: 0,-1,1,0 winnable: true
}

func ExampleGreedy() {
	g, _ := chipfire.NewGraph(4, []chipfire.Edge{{U: 0, V: 1}, {U: 1, V: 2}, {U: 2, V: 3}})
	res, _ := chipfire.Greedy(context.Background(), g, chipfire.Divisor{-3, -3, 3, 3})
	fmt.Println("winnable:", res.Winnable, "borrows:", res.Borrows, "final:", res.Final)
	// Output:
	// winnable: true borrows: 24 final: 0,0,0,0
}

func ExampleSolveWin() {
	game, _ := chipfire.ReadGame(strings.NewReader(cpGame), "cp.txt", chipfire.FormatAuto)
	res, err := chipfire.SolveWin(context.Background(), game.Graph, game.Divisor, gini.New(), chipfire.DefaultOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("winnable:", res.Winnable, "final:", res.Final, "largest |f(v)| allowed:", res.Bound)
	// Output:
	// winnable: true final: 2,0,0,0 largest |f(v)| allowed: 2
}

func ExampleMinMoves() {
	g, _ := chipfire.NewGraph(4, []chipfire.Edge{{U: 0, V: 1}, {U: 1, V: 2}, {U: 2, V: 3}})
	res, err := chipfire.MinMoves(context.Background(), g, chipfire.Divisor{-3, -3, 3, 3}, gini.New(),
		chipfire.MovesOptions{Options: chipfire.DefaultOptions(), Strategy: optimize.Binary})
	if err != nil {
		fmt.Println(err)
		return
	}
	final, _ := g.Apply(chipfire.Divisor{-3, -3, 3, 3}, res.Script)
	fmt.Println("moves:", res.Moves, "optimal:", res.Optimal, "won:", final.Effective())
	// Output:
	// moves: 18 optimal: true won: true
}

func ExampleRank() {
	var edges []chipfire.Edge
	for u := range 4 {
		for v := u + 1; v < 4; v++ {
			edges = append(edges, chipfire.Edge{U: u, V: v})
		}
	}
	k4, _ := chipfire.NewGraph(4, edges)
	newSolver := func() sat.Solver { return gini.New() }
	for _, d := range []chipfire.Divisor{{4, 2, 0, 0}, {1, 1, 1, 0}, {2, -3, 2, 0}} {
		res, err := chipfire.Rank(context.Background(), k4, d, newSolver, chipfire.RankOptions{Options: chipfire.DefaultOptions(), Pure: true})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("r(%v) = %d; D − E unwinnable for E of degree %d\n", d, res.Rank, res.Witness.E.Deg())
	}
	// Output:
	// r(4,2,0,0) = 3; D − E unwinnable for E of degree 4
	// r(1,1,1,0) = 1; D − E unwinnable for E of degree 2
	// r(2,-3,2,0) = -1; D − E unwinnable for E of degree 0
}
