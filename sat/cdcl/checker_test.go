package cdcl_test

import (
	"fmt"
	"slices"

	"github.com/satsolve/satsolve/sat"
)

// lratChecker is a Tracer that checks every step as it comes, until
// sat/proof's checkers can take over: ids fresh and increasing; Derived
// hints all alive and forming a strict LRAT unit chain (each hint unit
// under the negated clause and the literals implied so far, the last one
// falsified); Deleted ids alive with the same literals. The first
// violation is kept in err; later steps are ignored.
type lratChecker struct {
	alive    map[uint64][]sat.Lit
	lastID   uint64
	origs    uint64
	empty    bool // the empty clause was derived
	err      error
	steps    int
	assigned map[sat.Lit]bool
}

func newChecker() *lratChecker {
	return &lratChecker{alive: map[uint64][]sat.Lit{}, assigned: map[sat.Lit]bool{}}
}

func (c *lratChecker) fail(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("step %d: %s", c.steps, fmt.Sprintf(format, args...))
	}
}

func (c *lratChecker) Original(id uint64, lits []sat.Lit) {
	c.steps++
	c.origs++
	if id != c.lastID+1 {
		c.fail("original id %d, want %d (one counter for all ids)", id, c.lastID+1)
	}
	c.lastID = id
	c.alive[id] = slices.Clone(lits)
}

func (c *lratChecker) Derived(id uint64, lits []sat.Lit, hints []uint64) {
	c.steps++
	if id <= c.lastID {
		c.fail("derived id %d not above %d", id, c.lastID)
	}
	c.lastID = id
	if err := c.check(lits, hints); err != nil {
		c.fail("derived %d %v hints %v: %v", id, lits, hints, err)
	}
	c.alive[id] = slices.Clone(lits)
	if len(lits) == 0 {
		c.empty = true
	}
}

func (c *lratChecker) Deleted(id uint64, lits []sat.Lit) {
	c.steps++
	got, ok := c.alive[id]
	if !ok {
		c.fail("deleted %d is not alive", id)
		return
	}
	a, b := slices.Clone(got), slices.Clone(lits)
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		c.fail("deleted %d with literals %v, alive as %v", id, lits, got)
	}
	delete(c.alive, id)
}

// check runs the LRAT unit chain of hints under the negation of lits.
func (c *lratChecker) check(lits []sat.Lit, hints []uint64) error {
	clear(c.assigned)
	for _, l := range lits {
		c.assigned[-l] = true
	}
	for i, h := range hints {
		cl, ok := c.alive[h]
		if !ok {
			return fmt.Errorf("hint %d (#%d) is not alive", h, i)
		}
		unit := sat.Lit(0)
		open := 0
		for _, l := range cl {
			switch {
			case c.assigned[l]:
				return fmt.Errorf("hint %d (#%d) %v is satisfied", h, i, cl)
			case c.assigned[-l]:
			default:
				if unit != l {
					open++
				}
				unit = l
			}
		}
		switch {
		case open == 0:
			if i != len(hints)-1 {
				return fmt.Errorf("hint %d (#%d) falsified before the end", h, i)
			}
			return nil
		case open > 1:
			return fmt.Errorf("hint %d (#%d) %v is not unit", h, i, cl)
		}
		c.assigned[unit] = true
	}
	return fmt.Errorf("chain of %d hints ends without a conflict", len(hints))
}
