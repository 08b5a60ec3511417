package optimize

// Core-boosted linear search (Berg, Demirović, Stuckey 2019).
//
// Core-guided search raises the lower bound quickly but finds good models
// late; linear search finds models and proves optima well once the
// objective is small, and suffers when it is large and diverse. Core
// boosting runs the first, then the second on what the first made of the
// objective: by core.go's identity, cost = lb + R with
//
//	R = Σ_{soft literals} weight·[false] + Σ_{outputs not yet soft} m·[o_k]
//
// exact for every assignment whose totalizer outputs are at their true
// values, and an overestimate otherwise (an output can only be true
// beyond its count). R has fewer terms with fewer distinct weights than
// the objective (the cores merged them), and its bound ub − lb is smaller
// than the objective's, so the bound's encoding (bound.go: a generalised
// totalizer, a native constraint, or an adder network) is small.
//
// The linear phase then assumes "R ≤ ub − lb − 1": a model costs at most
// lb + R ≤ ub − 1 (checked: ErrInconsistent otherwise), and Unsat means
// every assignment has R ≥ ub − lb, so cost ≥ ub: the best model is
// optimal. Outputs not yet soft literals enter R only up to the one that
// alone makes R reach ub − lb (the totalizer is extended that far), since
// beyond it the bound is broken anyway.
//
// The core phase ends when Tuning.CorePhase has passed (default:
// defaultCorePhase, or a third of the time to the context's deadline when
// that is shorter), stopping a solve still running, or once
// Tuning.CorePhaseCores cores have been charged; cores still pending
// (wce.go) are relaxed first.
//
// J. Berg, E. Demirović, P. J. Stuckey, Core-boosted linear search for
// incomplete MaxSAT, CPAIOR 2019, LNCS 11494, 39–56.

import (
	"context"
	"fmt"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// defaultCorePhase is Tuning.CorePhase's default.
const defaultCorePhase = 5 * time.Second

// corePhase is the deadline of the core phase.
type corePhase struct {
	ctx    context.Context
	cancel context.CancelFunc
	cores  int // the run's core count at which the phase ends; 0: none
	run    *run
}

func (p *corePhase) over() bool {
	return p.ctx.Err() != nil || p.cores > 0 && p.run.cores >= p.cores
}

// startPhase starts the core phase's clock.
func (c *oll) startPhase() *corePhase {
	d := c.o.Tuning.CorePhase
	if d <= 0 {
		d = defaultCorePhase
		if dl, ok := c.ctx.Deadline(); ok {
			d = min(d, time.Until(dl)/3)
		}
	}
	ctx, cancel := context.WithTimeout(c.ctx, d)
	return &corePhase{ctx: ctx, cancel: cancel, cores: c.o.Tuning.CorePhaseCores, run: c.run}
}

// reformulated returns R's terms for the bound gap = ub − lb.
func (c *oll) reformulated(gap int64) []sat.Term {
	c.compact()
	var terms []sat.Term
	for _, s := range c.softs {
		terms = append(terms, sat.Term{Coef: s.weight, Lit: s.lit.Not()})
	}
	for _, rc := range c.sums {
		n := rc.t.Inputs()
		if rc.next > n {
			continue
		}
		// Outputs next..last; o_last alone (with the ones below it)
		// makes R reach gap.
		steps := (gap + rc.weight - 1) / rc.weight
		last := int64(rc.next) - 1 + steps
		if last > int64(n) {
			last = int64(n)
		}
		rc.t.Extend(int(last))
		for k := rc.next; k <= int(last); k++ {
			terms = append(terms, sat.Term{Coef: rc.weight, Lit: rc.t.Output(k)})
		}
	}
	return terms
}

// linearPhase runs linear search over R.
func (c *oll) linearPhase() error {
	if c.optimal() {
		return nil
	}
	gap := c.ub - c.lb
	terms := c.reformulated(gap)
	if err := sat.ValidateTerms(terms); err != nil {
		return fmt.Errorf("optimize: reformulated objective: %w", err)
	}
	o := c.o
	o.AtMost = nil // the caller's literals bound the cost, not R
	bd, err := newBounder(c.ctx, c.s, terms, gap, o)
	if err != nil {
		return err
	}
	defer bd.finish()
	for !c.optimal() {
		b := c.ub - c.lb - 1
		st, err := c.solve(c.ctx, []sat.Lit{bd.atMost(b)})
		switch st {
		case sat.Unknown:
			return err
		case sat.Unsat:
			return c.raise(c.ub)
		}
		m := c.s.Model()
		r := sat.Sum(terms, m)
		if r > b {
			return fmt.Errorf("%w: model of reformulated cost %d found under the bound %d", sat.ErrBadModel, r, b)
		}
		before := c.ub
		cost, err := c.found(c.lb + r)
		if err != nil {
			return err
		}
		if cost >= before {
			return inconsistent("a model of reformulated cost %d costs %d, not below %d", r, cost, before)
		}
	}
	return nil
}
