package sattest

import (
	"fmt"
	"math"

	"github.com/satsolve/satsolve/sat"
)

// MaxOracleVars is the largest number of variables an Oracle enumerates.
const MaxOracleVars = 20

// Oracle answers questions about a small formula by brute force: it keeps
// the list of all its models (every assignment of variables 1..n that
// satisfies its clauses and pseudo-Boolean constraints), and narrows the
// list as constraints are added. It is the reference the conformance suite
// compares solvers against.
type Oracle struct {
	n      int
	models []uint32 // bit v-1 is the value of variable v
}

// NewOracle enumerates the models of f over variables 1..f.NumVars. It
// panics if f has more than MaxOracleVars variables.
func NewOracle(f *sat.Formula) *Oracle {
	if f.NumVars > MaxOracleVars {
		panic(fmt.Sprintf("sattest: oracle limited to %d variables, formula has %d", MaxOracleVars, f.NumVars))
	}
	o := &Oracle{n: f.NumVars}
	clauses := make([]maskClause, len(f.Clauses))
	for i, c := range f.Clauses {
		clauses[i] = o.compile(c)
	}
next:
	for a := uint32(0); a < 1<<o.n; a++ {
		for _, c := range clauses {
			if !c.holds(a) {
				continue next
			}
		}
		for _, c := range f.PBs {
			if !pbHolds(c, a) {
				continue next
			}
		}
		o.models = append(o.models, a)
	}
	return o
}

// Count returns the number of models of the formula over variables 1..n.
// It panics if f has more than MaxOracleVars variables.
func Count(f *sat.Formula) int { return NewOracle(f).Count() }

// NumVars returns the number of variables the oracle enumerates.
func (o *Oracle) NumVars() int { return o.n }

// Count returns the number of models left.
func (o *Oracle) Count() int { return len(o.models) }

// AddClause removes the models that falsify the clause. It panics on a
// literal whose variable is outside 1..NumVars.
func (o *Oracle) AddClause(lits ...sat.Lit) {
	c := o.compile(lits)
	o.filter(c.holds)
}

// AddPB removes the models that violate c. It panics on a literal whose
// variable is outside 1..NumVars.
func (o *Oracle) AddPB(c sat.PB) {
	for _, t := range c.Terms {
		o.checkLit(t.Lit)
	}
	o.filter(func(a uint32) bool { return pbHolds(c, a) })
}

// Satisfiable reports whether some model makes every assumption true.
// Assumptions on variables above NumVars are unconstrained, so they only
// fail by contradicting each other.
func (o *Oracle) Satisfiable(assumptions ...sat.Lit) bool {
	_, ok := o.Model(assumptions...)
	return ok
}

// Model returns a model that makes every assumption true, and whether one
// exists. The model covers variables 1..NumVars and every assumed variable.
func (o *Oracle) Model(assumptions ...sat.Lit) (sat.Assignment, bool) {
	if contradictory(assumptions) {
		return nil, false
	}
	var pos, neg uint32
	var extra []sat.Lit
	for _, l := range assumptions {
		switch v := l.Var(); {
		case int(v) > o.n:
			extra = append(extra, l)
		case l.IsPos():
			pos |= 1 << (v - 1)
		default:
			neg |= 1 << (v - 1)
		}
	}
	for _, a := range o.models {
		if a&pos == pos && a&neg == 0 {
			m := o.assignment(a)
			for _, l := range extra {
				m = m.Set(l)
			}
			return m, true
		}
	}
	return nil, false
}

// MinCost returns the least value of Σ objective over the models, and
// whether there is a model at all. Objective literals must be within
// 1..NumVars.
func (o *Oracle) MinCost(objective []sat.Term) (int64, bool) {
	for _, t := range objective {
		o.checkLit(t.Lit)
	}
	best, found := int64(math.MaxInt64), false
	for _, a := range o.models {
		if c := sat.Sum(objective, o.assignment(a)); c < best {
			best, found = c, true
		}
	}
	return best, found
}

func (o *Oracle) assignment(a uint32) sat.Assignment {
	m := sat.NewAssignment(o.n)
	for v := 1; v <= o.n; v++ {
		m[v] = a>>(v-1)&1 == 1
	}
	return m
}

func (o *Oracle) filter(keep func(uint32) bool) {
	out := o.models[:0]
	for _, a := range o.models {
		if keep(a) {
			out = append(out, a)
		}
	}
	o.models = out
}

func (o *Oracle) checkLit(l sat.Lit) {
	if l == 0 || int(l.Var()) > o.n {
		panic(fmt.Sprintf("sattest: literal %v outside the oracle's %d variables", l, o.n))
	}
}

// maskClause is a clause as two bit masks: it holds under a when a sets one
// of pos or clears one of neg.
type maskClause struct{ pos, neg uint32 }

func (c maskClause) holds(a uint32) bool { return a&c.pos != 0 || ^a&c.neg != 0 }

func (o *Oracle) compile(lits []sat.Lit) maskClause {
	var c maskClause
	for _, l := range lits {
		o.checkLit(l)
		if l.IsPos() {
			c.pos |= 1 << (l.Var() - 1)
		} else {
			c.neg |= 1 << (l.Var() - 1)
		}
	}
	return c
}

func pbHolds(c sat.PB, a uint32) bool {
	var s int64
	for _, t := range c.Terms {
		if (a>>(t.Lit.Var()-1)&1 == 1) == t.Lit.IsPos() {
			s += t.Coef
		}
	}
	switch c.Op {
	case sat.AtLeast:
		return s >= c.K
	case sat.AtMost:
		return s <= c.K
	default:
		return s == c.K
	}
}

// contradictory reports whether lits holds some literal and its negation.
func contradictory(lits []sat.Lit) bool {
	set := make(map[sat.Lit]bool, len(lits))
	for _, l := range lits {
		if set[l.Not()] {
			return true
		}
		set[l] = true
	}
	return false
}
