package optimize

// Core-guided search: OLL (Andres, Kaufmann, Matheis, Schaub 2012;
// Morgado, Dodaro, Marques-Silva 2014) as RC2 runs it (Ignatiev, Morgado,
// Marques-Silva 2019).
//
// The objective is first normalised into soft literals: each variable's
// coefficients are merged into one, c·x; c > 0 gives the soft literal ¬x
// of weight c, c < 0 the soft literal x of weight −c and the constant c,
// so that cost = lb + Σ weight·[soft literal false] with lb the least
// cost. The search assumes the soft literals. A model satisfies all the
// assumed ones; an Unsat answer names failed assumptions, a core K: every
// model falsifies one of them. With m the least weight in K, every model
// then costs at least lb + m, and
//
//	Σ_{s∈K} w_s·[s false] = Σ_{s∈K} (w_s − m)·[s false] + m + m·Σ_{k≥2} [#false(K) ≥ k]
//
// so the core is relaxed: lb grows by m, each weight in K drops by m
// (literals at 0 leave the assumptions), and a totalizer over the
// negations of K (encode.IncTotalizer) gives outputs o_k = "#false ≥ k",
// whose negations become new soft literals of weight m each. This is the
// reformulation; it is exact: for every assignment, with each o_k at its
// true value,
//
//	cost = lb + Σ_{soft literals} weight·[false] + Σ_{outputs not yet soft} m·[o_k].
//
// Outputs become soft literals lazily (RC2's "increasing the bound"):
// ¬o_2 at once, ¬o_(k+1) when ¬o_k appears in a core; until then ¬o_k
// implies them all false in every model that assumes it. Unlike RC2,
// which gives ¬o_(k+1) the weight of the core that named ¬o_k, each
// output keeps the totalizer's own weight m, which is what makes the
// identity above exact: CoreBoosted's linear phase and the hardening
// (harden.go) rely on it.
//
// When a model satisfies every soft literal, the identity gives cost =
// lb, proving the optimum. Every model on the way is an upper bound, every
// core a lower bound; the search stops when they meet. The techniques
// around the loop, each in its own file: a first plain solve for an early
// model (anytime output), stratification by weight (stratify.go),
// core trimming and minimisation (coremin.go), weight-aware core
// extraction, which relaxes the cores of one stratum only after its next
// model (wce.go), core exhaustion (exhaust.go), and hardening against the
// best model (harden.go).
//
// Invariants: lb only rises through a core (its least weight) or an
// exhausted bound; every soft literal's weight stays positive while it is
// assumed; run checks lb ≤ ub at every rise, and a final model that
// satisfies every soft literal must cost exactly lb (ErrInconsistent
// otherwise), so a bookkeeping error cannot become a wrong optimum.
//
// B. Andres, B. Kaufmann, O. Matheis, T. Schaub, Unsatisfiability-based
// optimization in clasp, ICLP 2012 technical communications. A. Morgado,
// C. Dodaro, J. Marques-Silva, Core-guided MaxSAT with soft cardinality
// constraints, CP 2014, LNCS 8656, 564–573. A. Ignatiev, A. Morgado, J.
// Marques-Silva, RC2: an efficient MaxSAT solver, JSAT 11 (2019), 53–64.

import (
	"math"
	"slices"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// soft is one soft literal: the objective charges weight when lit is
// false.
type soft struct {
	lit    sat.Lit
	weight int64
	// sum is the relaxed core whose output this literal bounds (lit =
	// ¬sum.t.Output(k)); nil for a literal of the objective.
	sum *relaxed
	k   int
	// gone marks a literal that left the search: weight 0, or hardened.
	gone bool
}

// relaxed is a relaxed core: the totalizer over the negations of its
// literals, the weight m of each output k ≥ 2, and the first output not
// yet a soft literal.
type relaxed struct {
	t      *encode.IncTotalizer
	weight int64
	next   int
}

// oll is the state of the core-guided search.
type oll struct {
	*run
	softs   []*soft // in creation order; gone ones are dropped by compact
	byLit   map[sat.Lit]*soft
	sums    []*relaxed
	level   int64 // the stratum: literals of weight ≥ level are assumed
	pending []pendingCore
	fa      sat.FailedAssumer // nil: every assumption is in the core
}

// core runs Core, or CoreBoosted when boosted is set.
func (r *run) core(boosted bool) error {
	c := &oll{run: r, byLit: map[sat.Lit]*soft{}}
	c.fa, _ = r.s.(sat.FailedAssumer)
	c.normalise()
	if err := r.first(); err != nil || r.unsat || r.optimal() {
		return err
	}
	c.harden()
	c.level = c.firstLevel()
	var phase *corePhase
	if boosted {
		phase = c.startPhase()
		defer phase.cancel()
	}
	for !r.optimal() {
		ctx := r.ctx
		if phase != nil {
			if phase.over() {
				if err := c.relaxPending(); err != nil {
					return err
				}
				return c.linearPhase()
			}
			ctx = phase.ctx
		}
		assume := c.assumptions()
		st, err := r.solve(ctx, assume)
		switch st {
		case sat.Unknown:
			if phase != nil && r.ctx.Err() == nil && phase.ctx.Err() != nil {
				continue // the phase is over: switch at the top
			}
			return err
		case sat.Sat:
			if err := c.sat(); err != nil {
				return err
			}
		case sat.Unsat:
			if err := c.unsat(assume); err != nil {
				return err
			}
		}
	}
	return nil
}

// normalise turns the objective into soft literals, one per variable
// with a nonzero merged coefficient, in variable order.
func (c *oll) normalise() {
	coef := map[sat.Var]int64{}
	for _, t := range c.objective {
		if t.Lit > 0 {
			coef[t.Lit.Var()] += t.Coef
		} else {
			coef[t.Lit.Var()] -= t.Coef
		}
	}
	vars := make([]sat.Var, 0, len(coef))
	for v, k := range coef {
		if k != 0 {
			vars = append(vars, v)
		}
	}
	slices.Sort(vars)
	for _, v := range vars {
		if k := coef[v]; k > 0 {
			c.add(&soft{lit: v.Neg(), weight: k})
		} else {
			c.add(&soft{lit: v.Pos(), weight: -k})
		}
	}
}

func (c *oll) add(s *soft) {
	c.softs = append(c.softs, s)
	c.byLit[s.lit] = s
}

// drop takes s out of the search.
func (c *oll) drop(s *soft) {
	s.gone = true
	delete(c.byLit, s.lit)
}

// compact removes the literals that left the search.
func (c *oll) compact() {
	c.softs = slices.DeleteFunc(c.softs, func(s *soft) bool { return s.gone })
}

// assumptions returns the soft literals of the current stratum.
func (c *oll) assumptions() []sat.Lit {
	c.compact()
	var a []sat.Lit
	for _, s := range c.softs {
		if s.weight >= c.level {
			a = append(a, s.lit)
		}
	}
	return a
}

// sat handles a model found under the stratum's assumptions.
func (c *oll) sat() error {
	if _, err := c.found(math.MaxInt64); err != nil {
		return err
	}
	if len(c.pending) > 0 {
		err := c.relaxPending()
		c.harden()
		return err
	}
	if c.allIn() {
		// Every soft literal holds: the model costs lb (core.go's
		// identity), which run.result checks.
		if !c.optimal() {
			return inconsistent("a model satisfies every soft literal but costs %d, not the lower bound %d", c.ub, c.lb)
		}
		return nil
	}
	c.level = c.nextLevel()
	c.harden()
	return nil
}

// unsat handles a core among the assumptions assume.
func (c *oll) unsat(assume []sat.Lit) error {
	core := c.coreOf(c.failed(assume))
	if len(core) == 0 {
		// The clauses and the caller's assumptions are unsatisfiable;
		// the first solve had a model, and nothing added since excludes
		// every model.
		return inconsistent("no model left after a model of cost %d was found", c.ub)
	}
	core, err := c.minimize(core)
	if err != nil {
		return err
	}
	return c.process(core)
}

// failed returns the failed assumptions of the last Unsat answer: the
// solver's, or all of assume when it cannot say.
func (c *oll) failed(assume []sat.Lit) []sat.Lit {
	if c.fa == nil {
		return assume
	}
	return c.fa.Failed()
}

// coreOf returns the soft literals among failed (the caller's own
// assumptions are not soft), each once.
func (c *oll) coreOf(failed []sat.Lit) []*soft {
	var core []*soft
	seen := map[*soft]bool{}
	for _, l := range failed {
		if s := c.byLit[l]; s != nil && !seen[s] {
			seen[s] = true
			core = append(core, s)
		}
	}
	return core
}

// process charges a core: lb rises by its least weight m, every weight
// in it drops by m, and the core is relaxed now or, with WCE, after the
// next model.
func (c *oll) process(core []*soft) error {
	c.cores++
	m := int64(math.MaxInt64)
	for _, s := range core {
		m = min(m, s.weight)
	}
	for _, s := range core {
		s.weight -= m
		if s.weight == 0 {
			c.drop(s)
		}
	}
	if err := c.raise(c.lb + m); err != nil {
		return err
	}
	if c.o.Tuning.NoWCE {
		if err := c.relax(core, m); err != nil {
			return err
		}
	} else {
		c.pending = append(c.pending, pendingCore{core: core, weight: m})
	}
	c.harden()
	return nil
}

// relax adds a charged core's totalizer (or, for one literal, its
// negation as a clause) and makes the next output of every totalizer
// whose literal is in the core a soft literal.
func (c *oll) relax(core []*soft, m int64) error {
	for _, s := range core {
		if s.sum != nil {
			c.materialise(s.sum, s.k+1)
		}
	}
	if len(core) == 1 {
		c.s.AddClause(core[0].lit.Not())
		return nil
	}
	lits := make([]sat.Lit, len(core))
	for i, s := range core {
		lits[i] = s.lit.Not()
	}
	rc := &relaxed{t: encode.NewIncTotalizer(c.s, lits, 2), weight: m, next: 2}
	c.sums = append(c.sums, rc)
	c.materialise(rc, 2)
	return c.exhaust(rc)
}

// materialise makes output k of rc a soft literal, if it is the next one
// and exists.
func (c *oll) materialise(rc *relaxed, k int) {
	if k != rc.next || k > rc.t.Inputs() {
		return
	}
	rc.t.Extend(k)
	rc.next = k + 1
	c.add(&soft{lit: rc.t.Output(k).Not(), weight: rc.weight, sum: rc, k: k})
}

// allIn reports whether every soft literal is assumed at the current
// level.
func (c *oll) allIn() bool {
	for _, s := range c.softs {
		if !s.gone && s.weight < c.level {
			return false
		}
	}
	return true
}
