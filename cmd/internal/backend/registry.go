package backend

import (
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/gophersat"
	"github.com/satsolve/satsolve/sat/walk"
)

// An engine is one in-process solver a spec can name.
type engine struct {
	name string
	// help says what the engine is, for the flag's help.
	help string
	new  func() sat.Solver
}

// engines are the in-process solvers, in the order the help lists them.
var engines = []engine{
	{"cdcl", "satsolve's own CDCL engine; cdcl:NAME=V:NAME=V sets options, cdcl:help lists them", func() sat.Solver { return cdcl.New() }},
	{"gini", "", func() sat.Solver { return gini.New() }},
	{"gophersat", "", func() sat.Solver { return gophersat.New() }},
	{"walk", "local search: finds models, never proves UNSAT", func() sat.Solver { return walk.New() }},
}

// lookup returns the engine called name.
func lookup(name string) (engine, bool) {
	for _, e := range engines {
		if e.name == name {
			return e, true
		}
	}
	return engine{}, false
}
