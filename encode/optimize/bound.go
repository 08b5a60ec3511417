package optimize

import (
	"context"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// bounder hands out assumption literals for "cost ≤ b".
type bounder interface {
	// atMost returns a literal that enforces cost ≤ b, for b below the
	// first cost.
	atMost(b int64) sat.Lit
	// above returns the least cost above b that a model could have.
	above(b int64) int64
	// finish retires what the bounder added to the solver.
	finish()
}

// newBounder returns the bounder for o.Bound: for encode.PBGTE the
// generalised totalizer capped at the first cost when encode.GTESize keeps
// it within the budget, and otherwise a guarded native constraint per
// bound on a sat.PBAdder, else the adder network. The error is ctx.Err()
// when ctx ends while the totalizer is built.
func newBounder(ctx context.Context, s sat.Solver, objective []sat.Term, first int64, o Options) (bounder, error) {
	if o.AtMost != nil {
		return callerBounder(o.AtMost), nil
	}
	if o.Bound != encode.PBGTE {
		return &guardedBounder{s: s, objective: objective, method: o.Bound}, nil
	}
	budget := o.GTEBudget
	if budget <= 0 {
		budget = DefaultGTEBudget
	}
	if _, clauses := encode.GTESize(objective, first, encode.UpperBounds, budget); clauses > budget {
		if encode.PBNative.Applies(s) {
			return &guardedBounder{s: s, objective: objective, method: encode.PBNative}, nil
		}
		a, err := encode.NewAdderBound(s, objective)
		if err != nil {
			panic("optimize: internal error: validated objective rejected: " + err.Error())
		}
		return &adderBounder{a: a}, nil
	}
	g, err := encode.NewGTEContext(ctx, s, objective, first, encode.UpperBounds)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		panic("optimize: internal error: validated objective rejected: " + err.Error())
	}
	return &gteBounder{g: g, values: g.Values(), first: first}, nil
}

// gteBounder uses one generalised totalizer capped at the first cost.
type gteBounder struct {
	g      *encode.GTE
	values []int64 // reachable costs below the first, ascending
	first  int64
}

func (b *gteBounder) atMost(c int64) sat.Lit { return b.g.AtMost(c) }

func (b *gteBounder) above(c int64) int64 {
	for _, v := range b.values {
		if v > c {
			return v
		}
	}
	return b.first
}

func (b *gteBounder) finish() {}

// adderBounder uses one adder network with a guarded comparator per
// bound.
type adderBounder struct{ a *encode.AdderBound }

func (b *adderBounder) atMost(c int64) sat.Lit { return b.a.AtMost(c) }
func (b *adderBounder) above(c int64) int64    { return c + 1 }
func (b *adderBounder) finish()                {}

// guardedBounder encodes cost ≤ b afresh for every bound, guarded by an
// activation literal.
type guardedBounder struct {
	s         sat.Solver
	objective []sat.Term
	method    encode.PBMethod
	used      []sat.Lit
}

func (b *guardedBounder) atMost(c int64) sat.Lit {
	a := b.s.NewVar().Pos()
	b.used = append(b.used, a)
	err := encode.PB(encode.Guard(b.s, a), sat.PB{Terms: b.objective, Op: sat.AtMost, K: c}, b.method)
	if err != nil {
		panic("optimize: internal error: validated bound rejected: " + err.Error())
	}
	return a
}

func (b *guardedBounder) above(c int64) int64 { return c + 1 }

func (b *guardedBounder) finish() {
	for _, a := range b.used {
		b.s.AddClause(a.Not())
	}
}

// callerBounder is the caller's own bound literals (Options.AtMost).
type callerBounder func(b int64) sat.Lit

func (f callerBounder) atMost(b int64) sat.Lit { return f(b) }
func (f callerBounder) above(b int64) int64    { return b + 1 }
func (f callerBounder) finish()                {}
