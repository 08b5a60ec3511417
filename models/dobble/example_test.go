package dobble_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/satsolve/satsolve/models/dobble"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
)

func newSolver() sat.Solver { return gini.New() }

// The Fano plane: seven cards of three symbols.
func ExamplePlane() {
	d, err := dobble.Plane(2)
	if err != nil {
		panic(err)
	}
	dobble.Write(os.Stdout, d)
	fmt.Println(dobble.Check(d, 3, 1))
	// Output:
	// 0 2 4
	// 1 3 4
	// 0 3 5
	// 1 2 5
	// 0 1 6
	// 2 3 6
	// 4 5 6
	// <nil>
}

func ExampleCheck() {
	d, _ := dobble.Parse(strings.NewReader("cat dog fish\ncat dog owl\n"), "deck.txt")
	fmt.Println(dobble.Check(d, 3, 1))
	// Output: card 1 (line 1) and card 2 (line 2) share 2 symbols (cat, dog), want 1
}

func ExampleParse() {
	_, err := dobble.Parse(strings.NewReader("1 2 3\n1,,4\n"), "deck.txt")
	fmt.Println(err)
	// Output: deck.txt:2:3: empty symbol before comma
}

// No plane of order 6: two orthogonal Latin squares of order 6 do not
// exist (Tarry), and a plane would give five.
func ExampleSolveMOLS() {
	res, err := dobble.SolveMOLS(context.Background(), newSolver, 6, 2, dobble.DefaultMOLSOptions)
	fmt.Println(res.Status, err, res.Cases)
	// Output: UNSAT <nil> 2
}

func ExampleComplete() {
	d, _ := dobble.Parse(strings.NewReader("0 1 3\n1 2 4\n2 3 5\n3 4 6\n4 5 0\n"), "fano-minus-two")
	res, err := dobble.Complete(context.Background(), newSolver, d, 3, 1, dobble.CompleteOptions{All: true})
	if err != nil {
		panic(err)
	}
	dobble.Write(os.Stdout, res.Added[0].Sorted())
	fmt.Println("unique:", len(res.Added) == 1 && res.Exhaustive)
	// Output:
	// 0 2 6
	// 1 5 6
	// unique: true
}

func ExampleMaxDeckNative() {
	res, err := dobble.MaxDeckNative(context.Background(), 12, 4, 1, true)
	fmt.Println(len(res.Deck.Cards), err)
	fmt.Println(res.Proof)
	// Output:
	// 9 <nil>
	// the search proved that no deck of 10 cards exists
}
