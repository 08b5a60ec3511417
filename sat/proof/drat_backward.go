package proof

import (
	"errors"
	"slices"
)

// errInternal reports a state that a correct checker never reaches: the
// formula refuted by unit propagation at a step before the one the
// forward pass stopped at.
var errInternal = errors.New("proof: internal error: the top-level assignment conflicts during the backward pass")

// backward marks the clauses of the final conflict and checks the marked
// lemmas from the last step to the first.
func (c *dratChecker) backward(at conflictAt, opts Options) error {
	c.sweep() // no entry of a clause deleted forward may remain (drat_watch.go)
	if c.export != nil {
		c.export.begin()
	}
	c.analyze(at.cls, 0, len(c.trail))
	if c.export != nil {
		c.export.final = c.export.end(len(c.steps))
	}
	for s := at.step - 1; s >= 0; s-- {
		if err := opts.tick("backward", at.step-s, at.step); err != nil {
			return err
		}
		st := c.steps[s]
		if st.del() {
			k := c.attach(st.cls)
			if k < 0 {
				k = c.propagate()
			}
			if k >= 0 {
				return errInternal
			}
			continue
		}
		c.detach(st.cls)
		if c.flags[st.cls]&fCore == 0 {
			continue
		}
		c.res.Checked++
		if err := c.checkLemma(st.cls, s); err != nil {
			return err
		}
	}
	return nil
}

// detach removes lemma i; if it is the reason of a top-level literal, the
// trail is unassigned from that literal on.
func (c *dratChecker) detach(i uint32) {
	c.unwatch(i)
	lits := c.litsOf(i)
	if len(lits) == 0 {
		return
	}
	if v := lits[0] >> 1; c.reason[v] == int32(i)+1 {
		c.truncate(int(c.tpos[v]))
		c.dirty = true
	}
}

// checkLemma checks lemma i of step s by RUP, then RAT on its first
// literal. A failure on a top-level assignment that may lack literals
// (after a truncation) is retried on a recomputed one.
func (c *dratChecker) checkLemma(i uint32, s int) error {
	for {
		if c.export != nil {
			c.export.begin()
		}
		lits := c.litsOf(i)
		if c.rup(lits, -1, 0) || len(lits) > 0 && c.rat(i) {
			if c.export != nil {
				c.export.hints[i] = c.export.end(s)
			}
			return nil
		}
		if !c.dirty {
			break
		}
		if c.reset() >= 0 {
			return errInternal
		}
	}
	if len(c.litsOf(i)) == 0 {
		return c.errorf(c.steps[s], "the empty clause does not follow by unit propagation")
	}
	return c.errorf(c.steps[s], "lemma %s is neither RUP nor RAT on its first literal", c.clauseString(i))
}

// rup reports whether unit propagation on the negation of lits (and, for
// the resolvent with RAT candidate cand ≥ 0, of the literals of cand other
// than notPivot) reaches a conflict. On success the clauses it used are
// marked. The assignment is restored either way.
func (c *dratChecker) rup(lits []uint32, cand int32, notPivot uint32) bool {
	base := len(c.trail)
	clash := uint32(0) // a literal of the clause that is already true
	for _, x := range lits {
		if c.val[x] > 0 {
			clash = x
			break
		}
		if c.val[x] == 0 {
			c.assign(x^1, -1)
		}
	}
	if clash == 0 && cand >= 0 {
		for _, x := range c.litsOf(uint32(cand)) {
			if x == notPivot {
				continue
			}
			if c.val[x] > 0 {
				clash = x
				break
			}
			if c.val[x] == 0 {
				c.assign(x^1, -1)
			}
		}
	}
	conflict := int32(-1)
	if clash == 0 {
		conflict = c.propagate()
	}
	ok := clash != 0 || conflict >= 0
	if ok {
		c.analyze(conflict, clash, base)
	}
	c.truncate(base)
	return ok
}

// rat reports whether lemma i is RAT on its first literal p: for every
// alive clause D containing ¬p, the resolvent of i and D is RUP. As in
// drat-trim, the candidates D are marked.
func (c *dratChecker) rat(i uint32) bool {
	lits := c.litsOf(i)
	notPivot := c.cls[i].pivot ^ 1
	for j := range c.cls {
		if c.flags[j]&fActive == 0 || !contains(c.litsOf(uint32(j)), notPivot) {
			continue
		}
		c.mark(uint32(j))
		if c.export != nil {
			c.export.group(uint32(j))
		}
		if !c.rup(lits, int32(j), notPivot) {
			return false
		}
	}
	c.res.RAT++
	return true
}

// mark marks clause i as needed.
func (c *dratChecker) mark(i uint32) {
	c.flags[i] |= fCore
}

// analyze marks the conflicting clause (if ≥ 0) and the reasons of every
// assignment the conflict depends on; clash is a literal that was already
// true when its negation was to be assigned (0: none). base is where the
// temporary assignments start: below it, a literal whose reasons were
// marked before is not followed again (except when writing LRAT, which
// needs every hint).
func (c *dratChecker) analyze(conflict int32, clash uint32, base int) {
	pending := 0
	see := func(x uint32) {
		v := x >> 1
		if c.seen[v] || c.export == nil && int(c.tpos[v]) < base && c.justified[v] {
			return
		}
		c.seen[v] = true
		c.toSee = append(c.toSee, v)
		pending++
	}
	if conflict >= 0 {
		c.mark(uint32(conflict))
		for _, x := range c.litsOf(uint32(conflict)) {
			see(x)
		}
	}
	if clash != 0 {
		see(clash)
	}
	for p := len(c.trail) - 1; p >= 0 && pending > 0; p-- {
		x := c.trail[p]
		v := x >> 1
		if !c.seen[v] {
			continue
		}
		pending--
		r := c.reason[v] - 1
		if r < 0 {
			continue
		}
		c.mark(uint32(r))
		if c.export != nil {
			c.export.use(uint32(r))
		}
		for _, y := range c.litsOf(uint32(r)) {
			if y != x {
				see(y)
			}
		}
		if p < base {
			c.justified[v] = true
		}
	}
	for _, v := range c.toSee {
		c.seen[v] = false
	}
	c.toSee = c.toSee[:0]
	if c.export != nil {
		c.export.closeChain(conflict)
	}
}

// clauseString returns clause i in DIMACS form.
func (c *dratChecker) clauseString(i uint32) string {
	b := make([]byte, 0, 64)
	for _, x := range c.written(i) {
		b = append(b, c.vars.lit(x).String()...)
		b = append(b, ' ')
	}
	return string(append(b, '0'))
}

// written returns a copy of the literals of clause i with its pivot first
// (the clause itself keeps its watch order).
func (c *dratChecker) written(i uint32) []uint32 {
	lits := slices.Clone(c.litsOf(i))
	for k, x := range lits {
		if x == c.cls[i].pivot {
			lits[0], lits[k] = lits[k], lits[0]
			break
		}
	}
	return lits
}
