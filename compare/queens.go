package compare

import (
	"fmt"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// MaxAMOInputs bounds the inputs of AMO: the solved instance has n²
// variables and 6n − 2 constraints (pairwise: about 2n³ clauses).
const MaxAMOInputs = 100

// AMO returns the subject "at most one (or exactly one) of n inputs" with
// every at-most-one method. The solved instance is the n-queens problem on
// an n×n board: exactly one queen per row, at most one (exactly one with
// exactly) per column, at most one per diagonal, every one of them encoded
// with the method.
func AMO(n int, exactly bool) (*Subject, error) {
	if n < 1 || n > MaxAMOInputs {
		return nil, fmt.Errorf("n must be between 1 and %d, not %d", MaxAMOInputs, n)
	}
	subj := &Subject{
		What:   fmt.Sprintf("at most one of x1 … x%d", n),
		Task:   fmt.Sprintf("%d-queens: exactly one queen per row, at most one per column and per diagonal, all with the method", n),
		Inputs: n,
	}
	if exactly {
		subj.What = fmt.Sprintf("exactly one of x1 … x%d", n)
		subj.Task = fmt.Sprintf("%d-queens: exactly one queen per row and per column, at most one per diagonal, all with the method", n)
	}
	for _, m := range encode.AMOMethods() {
		subj.Methods = append(subj.Methods, Method{
			Name: m.String(),
			Encode: func(s sat.Sink, in []sat.Lit) error {
				if exactly {
					encode.ExactlyOne(s, in, m)
				} else {
					encode.AtMostOne(s, in, m)
				}
				return nil
			},
			Instance: func(s sat.Sink) (func(sat.Assignment) error, error) {
				return queens(s, n, exactly, m), nil
			},
		})
	}
	return subj, nil
}

// queenLines returns the lines of an n×n board as lists of cells (row,
// column): rows, columns, then diagonals and anti-diagonals.
func queenLines(n int) (rows, cols, diags [][][2]int) {
	for i := 0; i < n; i++ {
		var r, c [][2]int
		for j := 0; j < n; j++ {
			r = append(r, [2]int{i, j})
			c = append(c, [2]int{j, i})
		}
		rows, cols = append(rows, r), append(cols, c)
	}
	for d := -(n - 1); d <= n-1; d++ {
		var down, up [][2]int
		for i := 0; i < n; i++ {
			if j := i + d; j >= 0 && j < n {
				down = append(down, [2]int{i, j})
			}
			if j := n - 1 - i + d; j >= 0 && j < n {
				up = append(up, [2]int{i, j})
			}
		}
		diags = append(diags, down, up)
	}
	return rows, cols, diags
}

// queens writes the n-queens instance with AMO method m into s and returns
// its check, which counts the queens on every line.
func queens(s sat.Sink, n int, exactCols bool, m encode.AMOMethod) func(sat.Assignment) error {
	cell := make([][]sat.Lit, n)
	for i := range cell {
		cell[i] = make([]sat.Lit, n)
		for j := range cell[i] {
			cell[i][j] = s.NewVar().Pos()
		}
	}
	lits := func(line [][2]int) []sat.Lit {
		out := make([]sat.Lit, len(line))
		for i, c := range line {
			out[i] = cell[c[0]][c[1]]
		}
		return out
	}
	rows, cols, diags := queenLines(n)
	for _, r := range rows {
		encode.ExactlyOne(s, lits(r), m)
	}
	for _, c := range cols {
		if exactCols {
			encode.ExactlyOne(s, lits(c), m)
		} else {
			encode.AtMostOne(s, lits(c), m)
		}
	}
	for _, d := range diags {
		encode.AtMostOne(s, lits(d), m)
	}
	return func(a sat.Assignment) error {
		count := func(line [][2]int) int {
			q := 0
			for _, c := range line {
				if a.Lit(cell[c[0]][c[1]]) {
					q++
				}
			}
			return q
		}
		for i, r := range rows {
			if q := count(r); q != 1 {
				return fmt.Errorf("row %d holds %d queens", i+1, q)
			}
		}
		for j, c := range cols {
			if q := count(c); q > 1 || exactCols && q != 1 {
				return fmt.Errorf("column %d holds %d queens", j+1, q)
			}
		}
		for _, d := range diags {
			if q := count(d); q > 1 {
				return fmt.Errorf("the diagonal through row %d, column %d holds %d queens", d[0][0]+1, d[0][1]+1, q)
			}
		}
		return nil
	}
}
