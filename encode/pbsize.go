package encode

// Measuring a pseudo-Boolean encoding before writing it.
//
// Some encodings of one constraint are far larger than the constraint:
// a BDD over many diverse coefficients can have a node for nearly every
// subset sum below K, and an OPB file of a few kilobytes then needs
// gigabytes of clauses (issue 27: one grew to 1.1 GB in 10 s). PBSize
// runs the encoder into a sink that only counts, and stops it as soon as
// the count passes a budget or a context ends, so a caller can choose a
// smaller method (the adder network is O(n log Σ) for any coefficients)
// or a native constraint before anything is written. The count costs
// about what writing the encoding would, and never more than the budget.

import (
	"context"
	"math"

	"github.com/satsolve/satsolve/sat"
)

// PBSize returns the variables and clauses that PB(s, c, m) adds into a
// sink that does not take native constraints (for PBNative: 0 and 0). It
// stops counting once the clauses pass stop (then clauses > stop; stop
// ≤ 0 means no bound) or ctx ends (then the error is ctx.Err()), looking
// at ctx every 4,096 clauses. The error also reports a constraint that
// fails c.Validate. It panics on an unknown method.
func PBSize(ctx context.Context, c sat.PB, m PBMethod, stop int64) (vars, clauses int64, err error) {
	if int(m) >= len(pbNames) {
		panic("encode: unknown " + m.String())
	}
	if err := c.Validate(); err != nil {
		return 0, 0, err
	}
	if m == PBNative {
		return 0, 0, nil
	}
	if stop <= 0 {
		stop = math.MaxInt64
	}
	var top sat.Var
	for _, t := range c.Terms {
		top = max(top, t.Lit.Var())
	}
	k := &countSink{ctx: ctx, next: top, stop: stop}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopCount); !ok {
				panic(r)
			}
			vars, clauses, err = k.vars, k.clauses, ctx.Err()
		}
	}()
	encodePB(k, c, m)
	return k.vars, k.clauses, nil
}

// countSink counts what is written into it.
type countSink struct {
	ctx           context.Context
	next          sat.Var
	vars, clauses int64
	stop          int64
}

// stopCount is the panic value by which a countSink ends a count.
type stopCount struct{}

func (k *countSink) NewVar() sat.Var {
	k.next++
	k.vars++
	return k.next
}

func (k *countSink) AddClause(lits ...sat.Lit) {
	for _, l := range lits {
		k.next = max(k.next, l.Var())
	}
	k.clauses++
	if k.clauses > k.stop || k.clauses&4095 == 0 && k.ctx.Err() != nil {
		panic(stopCount{})
	}
}
