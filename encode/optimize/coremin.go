package optimize

// Core trimming and minimisation (RC2's "trim" and "minz", after
// Marques-Silva's deletion-based MUS extraction).
//
// A smaller core charges the same weight (its least weight is at least
// the larger core's) and builds a smaller totalizer whose outputs are
// tighter, so the cores after it come faster. Two cheap steps shrink
// each core before it is charged:
//
//   - trimming solves again under the core's literals alone, up to
//     trimRounds times, keeping the failed subset while it shrinks (free
//     on a solver that names its failed assumptions);
//   - deletion tries the literals one at a time, lightest first: the core
//     without one is solved under a time budget; Unsat drops it (and
//     whatever else the failed set leaves out), Sat keeps it and offers
//     the model as an upper bound, running out of budget stops.
//
// Both only ever replace the core by a subset that is still a core, so
// the lower bound the core charges stays valid whatever the budget. The
// budget for one core is Tuning.MinimizeBudget; each solve gets what is
// left of it, and the run's own context still ends everything at once.
//
// J. Marques-Silva, Minimal unsatisfiability: models, algorithms and
// applications, ISMVL 2010, 9–14. A. Ignatiev, A. Morgado, J.
// Marques-Silva, RC2: an efficient MaxSAT solver, JSAT 11 (2019), 53–64.

import (
	"cmp"
	"context"
	"math"
	"slices"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// trimRounds is the most trimming solves per core.
const trimRounds = 3

// defaultMinimizeBudget is Tuning.MinimizeBudget's default.
const defaultMinimizeBudget = 200 * time.Millisecond

// maxMinimize is the largest core that deletion tries to shrink: one
// solve per literal is too many beyond it.
const maxMinimize = 1000

// minimize returns a subset of core that is still a core.
func (c *oll) minimize(core []*soft) ([]*soft, error) {
	budget := c.o.Tuning.MinimizeBudget
	if budget == 0 {
		budget = defaultMinimizeBudget
	}
	if budget < 0 || len(core) < 2 {
		return core, nil
	}
	ctx, cancel := context.WithTimeout(c.ctx, budget)
	defer cancel()
	core, err := c.trim(ctx, core)
	if err != nil || len(core) < 2 || len(core) > maxMinimize {
		return core, err
	}
	slices.SortStableFunc(core, func(a, b *soft) int { return cmp.Compare(a.weight, b.weight) })
	for i := 0; i < len(core) && len(core) > 1; {
		rest := append(slices.Clone(core[:i]), core[i+1:]...)
		st, _ := c.solve(ctx, lits(rest))
		switch st {
		case sat.Unknown:
			return core, c.ctx.Err() // nil when only the budget ran out
		case sat.Sat:
			if _, err := c.found(math.MaxInt64); err != nil {
				return core, err
			}
			i++
		case sat.Unsat:
			smaller := c.coreOf(c.failed(lits(rest)))
			if len(smaller) == 0 {
				return core, inconsistent("no model left after a model of cost %d was found", c.ub)
			}
			core = keepOrder(rest, smaller)
		}
	}
	return core, nil
}

// trim solves under the core alone while the failed set shrinks.
func (c *oll) trim(ctx context.Context, core []*soft) ([]*soft, error) {
	if c.fa == nil {
		return core, nil
	}
	for range trimRounds {
		st, err := c.solve(ctx, lits(core))
		switch st {
		case sat.Unknown:
			return core, c.ctx.Err()
		case sat.Sat:
			// The core's literals are consistent after all: the solver
			// named more than it needed, so keep the core unshrunk.
			if _, err := c.found(math.MaxInt64); err != nil {
				return core, err
			}
			return core, inconsistent("a core's literals hold together in a model")
		}
		if err != nil {
			return core, err
		}
		smaller := c.coreOf(c.failed(lits(core)))
		if len(smaller) == 0 {
			return core, inconsistent("no model left after a model of cost %d was found", c.ub)
		}
		if len(smaller) == len(core) {
			return core, nil
		}
		core = keepOrder(core, smaller)
	}
	return core, nil
}

// lits returns the literals of softs.
func lits(softs []*soft) []sat.Lit {
	out := make([]sat.Lit, len(softs))
	for i, s := range softs {
		out[i] = s.lit
	}
	return out
}

// keepOrder returns the softs of from that are in sub, in from's order.
func keepOrder(from, sub []*soft) []*soft {
	in := make(map[*soft]bool, len(sub))
	for _, s := range sub {
		in[s] = true
	}
	var out []*soft
	for _, s := range from {
		if in[s] {
			out = append(out, s)
		}
	}
	return out
}
