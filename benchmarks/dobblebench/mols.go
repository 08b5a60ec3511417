package main

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/models/dobble"
	"github.com/satsolve/satsolve/sat"
)

// mols measures the refutation of 2-MOLS(6), which proves that no plane
// of order 6 exists, and the search for 2-MOLS(7).
func (r *report) mols() error {
	fmt.Println("## Order 6 is impossible: two orthogonal Latin squares of order 6")
	fmt.Println()
	fmt.Printf("\"reduced\": first rows of both squares and the first column of the first fixed (the issue's symmetry breaking); \"cycles\": plus the first column of the second square fixed to one derangement per cycle type (5 and 3+2), solved one case at a time or as one formula with case selectors. CPU limit %v. Times: wall / CPU.\n\n", r.timeout)
	fmt.Println("| instance | symmetry | backend | variables | clauses | result | time |")
	fmt.Println("|---|---|---|---|---|---|---|")
	type row struct {
		n       int
		sym     dobble.MOLSSymmetry
		oneFile bool
		be      backend
	}
	rows := []row{
		{6, dobble.MOLSReduced, true, giniBackend},
		{6, dobble.MOLSCycles, false, giniBackend},
		{6, dobble.MOLSCycles, true, giniBackend},
		{6, dobble.MOLSCycles, false, gophersatBackend},
		{6, dobble.MOLSCycles, true, gophersatBackend},
		{7, dobble.MOLSReduced, true, giniBackend},
		{7, dobble.MOLSCycles, false, giniBackend},
		{7, dobble.MOLSCycles, false, gophersatBackend},
	}
	if r.cadical {
		rows = append(rows, row{6, dobble.MOLSReduced, true, cadicalBackend}, row{6, dobble.MOLSCycles, true, cadicalBackend}, row{7, dobble.MOLSCycles, true, cadicalBackend})
	}
	for _, rw := range rows {
		if !r.rows.Next() {
			continue
		}
		opt := dobble.DefaultMOLSOptions
		opt.Symmetry = rw.sym
		f := &sat.Formula{}
		dobble.EncodeMOLSCases(f, rw.n, 2, opt)
		var st sat.Status
		t, gaveUp, err := r.measure(func(ctx context.Context) (bool, error) {
			var err error
			st, err = solveMOLS(ctx, rw.n, opt, rw.oneFile, rw.be)
			return st == sat.Unknown, err
		})
		if err != nil {
			return err
		}
		want := sat.Sat
		if rw.n == 6 {
			want = sat.Unsat
		}
		result := st.String()
		switch {
		case gaveUp:
			result = fmt.Sprintf("no answer in %v CPU", r.timeout)
		case st != want:
			return fmt.Errorf("2-MOLS(%d): %v, want %v", rw.n, st, want)
		}
		how := rw.sym.String()
		if rw.sym == dobble.MOLSCycles {
			how += map[bool]string{true: ", one formula", false: ", case by case"}[rw.oneFile]
		}
		fmt.Printf("| 2-MOLS(%d) | %s | %s | %d | %d | %s | %v |\n", rw.n, how, rw.be.name, f.NumVars, len(f.Clauses), result, t)
	}
	fmt.Println()
	return nil
}

// solveMOLS decides 2-MOLS(n); SolveMOLS checks any squares found.
func solveMOLS(ctx context.Context, n int, opt dobble.MOLSOptions, oneFile bool, be backend) (sat.Status, error) {
	opt.Together = oneFile
	res, err := dobble.SolveMOLS(ctx, be.new, n, 2, opt)
	if res.Status == sat.Unknown && ctx.Err() != nil {
		return sat.Unknown, nil
	}
	return res.Status, err
}
