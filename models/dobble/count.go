package dobble

import "github.com/satsolve/satsolve/sat"

// Size is the size of an encoding: the variables it created and the
// clauses (and native constraints) it added.
type Size struct {
	Vars, Clauses, PBs int
}

// counting wraps a sink and counts what goes through it.
type counting struct {
	s    sat.Sink
	size *Size
}

func (c *counting) NewVar() sat.Var { c.size.Vars++; return c.s.NewVar() }

func (c *counting) AddClause(lits ...sat.Lit) { c.size.Clauses++; c.s.AddClause(lits...) }

type countingPB struct {
	*counting
	pb sat.PBAdder
}

func (c *countingPB) AddPB(p sat.PB) { c.size.PBs++; c.pb.AddPB(p) }

// count returns a sink that writes into s and adds to size; it takes
// native constraints when s does.
func count(s sat.Sink, size *Size) sat.Sink {
	c := &counting{s: s, size: size}
	if p, ok := s.(sat.PBAdder); ok {
		return &countingPB{counting: c, pb: p}
	}
	return c
}
