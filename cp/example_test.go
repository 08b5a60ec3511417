package cp_test

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/cp"
	"github.com/satsolve/satsolve/sat/cdcl"
)

// Six queens on a 6×6 board, one per column: q[i] is the row of the queen
// in column i. SolveAll enumerates every placement; each has been checked
// against the model before it is yielded.
func Example() {
	const n = 6
	m := cp.NewModel()
	q := make([]cp.IntVar, n)
	for i := range q {
		q[i] = m.NewInt(1, n, fmt.Sprintf("q%d", i))
	}
	for i := range q {
		for j := i + 1; j < n; j++ {
			m.IntNe(q[i], q[j])
			d := int64(j - i)
			m.IntLinNe([]int64{1, -1}, []cp.IntVar{q[i], q[j]}, d)  // q[i] − q[j] ≠ j − i
			m.IntLinNe([]int64{1, -1}, []cp.IntVar{q[i], q[j]}, -d) // q[i] − q[j] ≠ i − j
		}
	}
	var first []int64
	res, err := cp.SolveAll(context.Background(), m, cdcl.New(), cp.Options{}, nil, func(s *cp.Solution) bool {
		if first == nil {
			for _, x := range q {
				first = append(first, s.Int(x))
			}
		}
		return true
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Solutions, "solutions, search complete:", res.Complete)
	fmt.Println("one of them has", len(first), "queens")
	// Output:
	// 4 solutions, search complete: true
	// one of them has 6 queens
}

// A small optimisation: the largest 3x + 2y with x + y ≤ 4 and x ≤ 3,
// improving solutions reported as they come.
func ExampleSolve() {
	m := cp.NewModel()
	x, y := m.NewInt(0, 3, "x"), m.NewInt(0, 4, "y")
	m.IntLinLe([]int64{1, 1}, []cp.IntVar{x, y}, 4)
	m.MaximizeLinear([]int64{3, 2}, []cp.IntVar{x, y})
	res, err := cp.Solve(context.Background(), m, cdcl.New(), cp.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v optimum %d (proved: %v) at x=%d y=%d\n", res.Status, res.Objective, res.Complete,
		res.Solution.Int(x), res.Solution.Int(y))
	// Output:
	// SAT optimum 11 (proved: true) at x=3 y=1
}
