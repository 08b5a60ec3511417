package portfolio

import (
	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// AddPB gives the pseudo-Boolean constraint c to every member (the
// sat.PBAdder facet): natively to the members that take PB constraints
// (sat.PBAdder: cdcl, gophersat), and to the others as clauses, encoded
// once with BDDs (encode.PBBDD, satsolve solve's method for backends
// without native constraints) into all of them together. The encoding's
// fresh variables are allocated in every member, so the variable pools
// stay in step; a member that took c natively has them unused (and the
// others are first shown the variables of c that are new to them, which
// the encoding may not mention). c must satisfy c.Validate; AddPB panics
// otherwise.
func (p *Solver) AddPB(c sat.PB) {
	seen := p.maxVar
	for _, t := range c.Terms {
		p.maxVar = max(p.maxVar, t.Lit.Var())
	}
	var clausal []sat.Solver
	for _, m := range p.members {
		if a, ok := m.Solver.(sat.PBAdder); ok {
			a.AddPB(c)
		} else {
			clausal = append(clausal, m.Solver)
		}
	}
	if len(clausal) == 0 {
		return
	}
	for _, m := range clausal {
		for v := seen; v < p.maxVar; v++ {
			m.NewVar()
		}
	}
	if err := encode.PB(clausalSink{p, clausal}, c, encode.PBBDD); err != nil {
		panic("portfolio: AddPB: " + err.Error())
	}
}

// clausalSink is the sink of AddPB's encoding: variables from the whole
// portfolio, clauses to the members without native PB constraints.
type clausalSink struct {
	p       *Solver
	members []sat.Solver
}

func (s clausalSink) NewVar() sat.Var { return s.p.NewVar() }

func (s clausalSink) AddClause(lits ...sat.Lit) {
	for _, m := range s.members {
		m.AddClause(lits...)
	}
}
