package satfile_test

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/satsolve/satsolve/sat/satfile"
)

// Read recognises the format, repairs what the tolerant mode tolerates and
// says so in the warnings.
func ExampleRead() {
	in := "c SATLIB style\np cnf 3 2\n 1 -2 0\n 2 3 0\n%\n0\n"
	p, err := satfile.Read(strings.NewReader(in), satfile.Options{File: "uf.cnf"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Format, p.Formula.NumVars, p.Formula.Clauses)
	for _, w := range p.Warnings {
		fmt.Println("warning:", w)
	}
	// Output:
	// cnf 3 [1 -2 0 2 3 0]
	// warning: uf.cnf:5:1: '%' ends the input (SATLIB end marker); the rest is ignored
}

// Strict mode rejects what the tolerant mode only warns about; the error
// carries the position and a class for errors.Is.
func ExampleRead_strict() {
	in := "p cnf 2 1\n1 3 0\n"
	_, err := satfile.Read(strings.NewReader(in), satfile.Options{Mode: satfile.Strict, File: "x.cnf"})
	fmt.Println(err)
	fmt.Println(errors.Is(err, satfile.ErrVarRange))
	// Output:
	// x.cnf:2:3: variable 3 exceeds the header's 2 variables
	// true
}

// A WCNF problem becomes clauses plus an objective to minimise: the soft
// unit (x3) of weight 7 costs 7 when x3 is false, and the soft clause
// (-1 -2) of weight 2 gets the relaxation variable 4.
func ExampleRead_wcnf() {
	in := "h 1 2 3 0\n2 -1 -2 0\n7 3 0\n"
	p, err := satfile.Read(strings.NewReader(in), satfile.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	f := p.Formula
	fmt.Println(p.Format, "own variables:", p.OrigVars, "in all:", f.NumVars)
	fmt.Println("clauses:", f.Clauses)
	fmt.Println("minimise:", f.Objective)
	// Output:
	// wcnf own variables: 3 in all: 4
	// clauses: [1 2 3 0 -1 -2 4 0]
	// minimise: [{2 4} {7 -3}]
}

// WriteCNF writes the strict dialect, with comment lines first.
func ExampleWriteCNF() {
	p, err := satfile.Read(strings.NewReader("1 -2 0 2 3\n"), satfile.Options{Format: satfile.CNF})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := satfile.WriteCNF(os.Stdout, p.Formula, "x1 = a, x2 = b, x3 = c"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// c x1 = a, x2 = b, x3 = c
	// p cnf 3 2
	// 1 -2 0
	// 2 3 0
}

// WriteOPB writes clauses as ">= 1" constraints, after the objective.
func ExampleWriteOPB() {
	in := "min: +2 x1 +1 ~x2 ;\n+1 x1 +1 x2 >= 1 ;\n"
	p, err := satfile.Read(strings.NewReader(in), satfile.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	p.Formula.AddClause(-1, -2)
	if err := satfile.WriteOPB(os.Stdout, p.Formula); err != nil {
		fmt.Println(err)
	}
	// Output:
	// * #variable= 2 #constraint= 2
	// min: +2 x1 +1 ~x2 ;
	// +1 ~x1 +1 ~x2 >= 1 ;
	// +1 x1 +1 x2 >= 1 ;
}
