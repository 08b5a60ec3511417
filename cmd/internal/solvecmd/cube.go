package solvecmd

import (
	"errors"
	"fmt"
	"strings"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/satfile"
)

// readCube reads the iCNF file at path ("-": standard input) and returns
// the problem of its cube n: the clauses before the cube line, as iCNF
// defines it, and the cube's literals to assume. This is the job a cluster
// runs for one cube of "satsolve cube --jobs".
func readCube(e *cli.Env, path string, n int) (*satfile.Problem, []sat.Lit, error) {
	var x *satfile.ICNF
	var err error
	if path == "-" {
		x, err = satfile.ReadICNF(e.Stdin, "<stdin>")
	} else {
		x, err = satfile.ReadICNFFile(path)
	}
	if err != nil {
		return nil, nil, err
	}
	if n >= len(x.Cubes) {
		return nil, nil, fmt.Errorf("%s: no cube %d: the file has %s, numbered from 0", path, n, english.Count(len(x.Cubes), "cube"))
	}
	c := x.Cubes[n]
	f := &sat.Formula{NumVars: x.Formula.NumVars, Clauses: x.Formula.Clauses[:c.Clauses]}
	return &satfile.Problem{Format: satfile.CNF, Formula: f, OrigVars: f.NumVars}, c.Lits, nil
}

// icnfHint adds to the error of reading an iCNF file as CNF how such a
// file is solved.
func icnfHint(err error) error {
	if errors.Is(err, satfile.ErrWrongFormat) && strings.Contains(err.Error(), "inccnf") {
		return fmt.Errorf("%w: solve one cube with --cube N, or all of them with 'satsolve cubes run'", err)
	}
	return err
}
