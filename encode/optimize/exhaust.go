package optimize

// Core exhaustion (Ansótegui, Didier, Gabàs 2015; RC2's "exhaust").
//
// A new totalizer's soft literal ¬o_k says "at most k−1 of the core's
// literals are false". Before the search goes on, exhaustion asks the
// solver for a model under ¬o_k alone: when there is none, every model
// falsifies k of them, so o_k becomes a unit clause, lb rises by the
// totalizer's weight (the output's term in core.go's identity is now
// always charged), and the next output takes its place; it repeats until
// a model exists, the outputs run out, or the budget ends. One totalizer
// then carries the whole bound that would otherwise take a core per
// step. A model found is an upper bound like any other.
//
// Each solve gets what is left of Tuning.ExhaustBudget; running out of it
// only stops the exhaustion, which is never needed for correctness.
//
// C. Ansótegui, F. Didier, J. Gabàs, Exploiting the structure of
// unsatisfiable cores in MaxSAT, IJCAI 2015, 283–289.

import (
	"context"
	"math"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// defaultExhaustBudget is Tuning.ExhaustBudget's default.
const defaultExhaustBudget = 200 * time.Millisecond

// exhaust raises rc's bound while no model allows it.
func (c *oll) exhaust(rc *relaxed) error {
	budget := c.o.Tuning.ExhaustBudget
	if budget == 0 {
		budget = defaultExhaustBudget
	}
	if budget < 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(c.ctx, budget)
	defer cancel()
	for !c.optimal() {
		s := c.byLit[rc.t.Output(rc.next-1).Not()]
		if s == nil || s.sum != rc {
			return nil // hardened or charged away: nothing to raise
		}
		st, _ := c.solve(ctx, []sat.Lit{s.lit})
		switch st {
		case sat.Unknown:
			return c.ctx.Err()
		case sat.Sat:
			_, err := c.found(math.MaxInt64)
			return err
		}
		if f := c.failed([]sat.Lit{s.lit}); len(c.coreOf(f)) == 0 {
			return inconsistent("no model left after a model of cost %d was found", c.ub)
		}
		c.s.AddClause(s.lit.Not())
		c.drop(s)
		if err := c.raise(c.lb + s.weight); err != nil {
			return err
		}
		c.materialise(rc, rc.next)
		if rc.next-1 != s.k+1 {
			return nil // the outputs ran out
		}
	}
	return nil
}
