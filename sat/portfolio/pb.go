package portfolio

import (
	"context"
	"slices"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// AddPB gives the pseudo-Boolean constraint c to every member (the
// sat.PBAdder facet): at once and natively to the members that take PB
// constraints (sat.PBAdder: cdcl, gophersat), and as clauses to the others
// at the next Solve, which encodes the constraints added since the last
// one into all of them together under its context (clausify picks the
// encoding). The encoding's fresh variables are allocated in every
// member, so the variable pools stay in step; a member that took c
// natively has them unused. The members without native constraints are
// shown c's new variables at once, since the caller may declare more
// before the next Solve. c must satisfy c.Validate; AddPB panics
// otherwise.
//
// A Solve whose context ends while it encodes leaves the clausal members
// with part of an encoding: they are retired (no longer run, nor given
// anything) and the Solve answers Unknown with the context's error; the
// members with native constraints go on alone. When no member is left,
// every later Solve fails, as after an interrupted AddList.
func (p *Solver) AddPB(c sat.PB) {
	if err := c.Validate(); err != nil {
		panic("portfolio: AddPB: " + err.Error())
	}
	seen := p.maxVar
	for _, t := range c.Terms {
		p.maxVar = max(p.maxVar, t.Lit.Var())
	}
	clausal := false
	for _, m := range p.members {
		if a, ok := m.Solver.(sat.PBAdder); ok {
			a.AddPB(c)
			continue
		}
		clausal = true
		for v := seen; v < p.maxVar; v++ {
			m.Solver.NewVar()
		}
	}
	if clausal {
		p.pending = append(p.pending, sat.PB{Terms: slices.Clone(c.Terms), Op: c.Op, K: c.K})
	}
}

// flushPB encodes the pending PB constraints into the members without
// native ones (AddPB); see AddPB for what an interruption does.
func (p *Solver) flushPB(ctx context.Context) error {
	var clausal, native []Member
	for _, m := range p.members {
		if _, ok := m.Solver.(sat.PBAdder); ok {
			native = append(native, m)
		} else {
			clausal = append(clausal, m)
		}
	}
	sink := clausalSink{p, clausal}
	for _, c := range p.pending {
		err := ctx.Err()
		if err == nil {
			err = sat.EncodeContext(ctx, sink, func(s sat.Sink) error { return encode.PB(s, c, clausify(c)) })
		}
		if err != nil {
			p.pending = p.pending[:0]
			p.members = native
			if len(native) == 0 {
				p.partial = true
			}
			return err
		}
	}
	p.pending = p.pending[:0]
	return nil
}

// clausalSink is the sink of flushPB's encoding: variables from the whole
// portfolio, clauses to the members without native PB constraints.
type clausalSink struct {
	p       *Solver
	members []Member
}

func (s clausalSink) NewVar() sat.Var { return s.p.NewVar() }

func (s clausalSink) AddClause(lits ...sat.Lit) {
	for _, m := range s.members {
		m.Solver.AddClause(lits...)
	}
}

// bddMax bounds the encoding flushPB chooses: a BDD of at most bddMax
// clauses, else the adder network, whose size is O(n log Σcᵢ) whatever
// the coefficients, so that memory stays a bounded multiple of the input
// (a BDD can be exponential: one of pbp_dec_air02's took 8.6 GB). The
// count stops at bddMax, so that choosing costs little: satsolve solve's
// rule for backends without native constraints, a BDD up to 8 times the
// adder network, took 2.3 s (wall, on a loaded machine) for one 48-term
// knapsack.
const bddMax = 1 << 14

// clausify returns the encoding of c for the members without native PB
// constraints.
func clausify(c sat.PB) encode.PBMethod {
	if _, bdd, err := encode.PBSize(context.Background(), c, encode.PBBDD, bddMax); err == nil && bdd <= bddMax {
		return encode.PBBDD
	}
	return encode.PBAdder
}
