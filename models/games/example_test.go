package games_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/models/games"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
)

// The lecture example: nim-sum 6, so the player to move wins, by taking a
// heap of 7 down to 1, the heap of 6 down to 0 or a heap of 4 down to 2.
func ExampleNim() {
	an, err := games.Nim([]int{8, 8, 7, 7, 7, 6, 4, 4, 4, 2, 1})
	if err != nil {
		panic(err)
	}
	fmt.Println("nim-sum", an.Nimber)
	done := map[string]bool{}
	for _, m := range an.Winning {
		if !done[m.String()] {
			done[m.String()] = true
			fmt.Println(m)
		}
	}
	// Output:
	// nim-sum 6
	// 7 → 1 (take 6)
	// 6 → 0 (take 6)
	// 4 → 2 (take 2)
}

func ExampleOctal_Sequence() {
	kayles, err := games.ParseOctal("0.77")
	if err != nil {
		panic(err)
	}
	seq, err := kayles.Sequence(context.Background(), 15)
	if err != nil {
		panic(err)
	}
	fmt.Println(seq)
	// Output: [0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7]
}

func ExampleOctal_Periodicity() {
	g := games.MustParseOctal("0.137")
	seq, err := g.Sequence(context.Background(), 1000)
	if err != nil {
		panic(err)
	}
	p, ok := g.Periodicity(seq)
	fmt.Println(ok, p.Period, p.Preperiod, p.Exceptions)
	// Output: true 34 52 [0 14 16 17 31 34 51]
}

func ExampleKayles_Analyse() {
	petersen := `0 1
1 2
2 3
3 4
4 0
0 5
1 6
2 7
3 8
4 9
5 7
7 9
9 6
6 8
8 5`
	g, err := games.ReadGraph(strings.NewReader(petersen), "petersen", games.GraphEdges)
	if err != nil {
		panic(err)
	}
	k, err := games.NewKayles(g)
	if err != nil {
		panic(err)
	}
	an, err := k.Analyse(context.Background())
	if err != nil {
		panic(err)
	}
	// Every vertex wins: the Petersen graph is vertex-transitive.
	fmt.Println(an.Nimber, len(an.Winning))
	// Output: 1 10
}

func ExampleCrossCheck() {
	ctx := context.Background()
	gg, native, err := games.MustParseOctal("0.77").GameGraph(ctx, []int{12}, 10000)
	if err != nil {
		panic(err)
	}
	rep, err := games.CrossCheck(ctx, gg, native, func() sat.Solver { return gini.New() }, encode.AMOLadder)
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Positions, rep.Moves, rep.Kernel.Clauses)
	// Output: 101 618 719
}
