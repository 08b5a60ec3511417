package optimize

// Hardening (Ansótegui, Bonet, Gabàs, Levy 2012; RC2's variant).
//
// With the best model's cost ub and the lower bound lb, core.go's
// identity says that a model falsifying a soft literal of weight w costs
// at least lb + w. When w > ub − lb, no such model beats the best one, so
// the literal can be made a unit clause: every model that costs ub or
// less is kept, and the search no longer needs to assume it. Each later
// core is smaller for it, and propagation prunes the search at once. The
// outputs not yet soft literals are left alone: their literals do not
// exist yet.
//
// Hardening runs after every improvement of either bound. It never makes
// the clauses unsatisfiable while a model is known (that model satisfies
// every hardened literal, or it would cost more than ub), which core.go
// checks: an empty core after a model is ErrInconsistent.
//
// C. Ansótegui, M. L. Bonet, J. Gabàs, J. Levy, Improving SAT-based
// weighted MaxSAT solvers, CP 2012, LNCS 7514, 86–101.

// harden makes every soft literal heavier than ub − lb a unit clause.
func (c *oll) harden() {
	if c.best == nil || c.o.Tuning.NoHarden {
		return
	}
	gap := c.ub - c.lb
	for _, s := range c.softs {
		if !s.gone && s.weight > gap {
			c.s.AddClause(s.lit)
			c.drop(s)
		}
	}
}
