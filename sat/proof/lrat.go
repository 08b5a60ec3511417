package proof

// The LRAT checker follows the definition of the format (Cruz-Filipe,
// Heule, Hunt, Kaufmann and Schneider-Kamp, "Efficient Certified RAT
// Verification", CADE 2017). It reads the proof forward once. For each
// added clause C with hints h1 h2 …: assign the negation of C; each hint
// must name a live clause that is unit under the assignment (its one
// unassigned literal is then assigned) or falsified (a conflict: C is
// checked). Hints are the whole propagation: no watch lists, no search,
// so checking is linear in the size of the proof.
//
// RAT steps: when the positive hints end without a conflict, the clause
// must be RAT on its first literal p. Its remaining hints come in groups
// "-D h1 h2 …": for the live clause D containing ¬p, assign the negation
// of D without ¬p on top of the assignment so far (if that makes a literal
// of D true, the resolvent is a tautology and the group is done) and
// follow the group's hints to a conflict. Every live clause containing ¬p
// needs a group, unless the resolvent is already a tautology. Finding
// those clauses takes one pass over the live clauses (RAT steps are rare:
// CDCL solvers and sat/cdcl write RUP steps only).
//
// Memory: the formula and the live clauses (deletions free their space;
// the arena is compacted when more than half of it is garbage), plus one
// step. The first failing step is reported with its line.

import (
	"errors"
	"fmt"
	"io"

	"github.com/satsolve/satsolve/sat"
)

type lratChecker struct {
	vars    *varMap
	arena   []uint32 // clauses: length, then literal codes
	garbage int
	table   clauseTable
	val     []int8 // per literal code: 1 true, -1 false, 0 unassigned
	trail   []uint32
	stamp   []uint32 // per literal code, for removing duplicate literals
	stampN  uint32
	lits    []uint32 // scratch: the codes of the step being checked
	res     Result
}

// CheckLRAT checks that the LRAT proof read from r refutes f: every step
// must check and the proof must derive the empty clause. The formula's
// clauses are ids 1, 2, …, in order. It returns nil when the proof is
// verified; a *StepError naming the first failing step (or the end of a
// proof without the empty clause) when it is not; a *ParseError for a
// malformed step; another error when reading fails.
func CheckLRAT(f *sat.Formula, r io.Reader, opts Options) (Result, error) {
	if len(f.PBs) > 0 {
		return Result{}, ErrPB
	}
	c := &lratChecker{vars: newVarMap()}
	for i, cl := range f.Clauses {
		if len(cl) == 0 {
			return c.res, nil // the formula holds the empty clause
		}
		c.add(uint64(i+1), c.codes(cl))
	}
	c.res.MaxLive = c.table.live
	rd := NewLRATReader(r, opts.File)
	steps := 0
	var last Pos
	for {
		st, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return c.res, err
		}
		steps++
		last = st.Pos
		if err := opts.tick("forward", steps, 0); err != nil {
			return c.res, err
		}
		fail := func(format string, args ...any) (Result, error) {
			return c.res, &StepError{File: opts.File, Pos: st.Pos, Step: steps, Msg: fmt.Sprintf(format, args...)}
		}
		if st.Delete {
			c.res.Deletions++
			for _, id := range st.IDs {
				if !c.remove(id) {
					c.res.MissingDeletions++
				}
			}
			continue
		}
		c.res.Additions++
		if c.table.get(st.ID) != 0 {
			return fail("clause id %d is already in use", st.ID)
		}
		lits := c.codes(st.Lits)
		if err := c.check(lits, st.Hints); err != nil {
			return fail("lemma %d: %v", st.ID, err)
		}
		c.res.Checked++
		if len(lits) == 0 {
			return c.res, nil
		}
		c.add(st.ID, lits)
		c.res.MaxLive = max(c.res.MaxLive, c.table.live)
	}
	return c.res, &StepError{File: opts.File, Pos: last, Msg: "the proof ends without deriving the empty clause"}
}

// codes converts lits to literal codes in c.lits, dropping duplicates.
func (c *lratChecker) codes(lits []sat.Lit) []uint32 {
	c.stampN++
	if c.stampN == 0 {
		clear(c.stamp)
		c.stampN = 1
	}
	c.lits = c.lits[:0]
	for _, l := range lits {
		x := c.vars.code(l)
		if int(x|1) >= len(c.val) {
			n := max(2*len(c.val), int(x|1)+1)
			c.val = append(c.val, make([]int8, n-len(c.val))...)
			c.stamp = append(c.stamp, make([]uint32, n-len(c.stamp))...)
		}
		if c.stamp[x] != c.stampN {
			c.stamp[x] = c.stampN
			c.lits = append(c.lits, x)
		}
	}
	return c.lits
}

// add stores clause id with literal codes lits.
func (c *lratChecker) add(id uint64, lits []uint32) {
	if c.table.get(id) != 0 {
		c.remove(id) // a formula may repeat no id; lemmas are checked before
	}
	ref := uint64(len(c.arena)) + 1
	c.arena = append(c.arena, uint32(len(lits)))
	c.arena = append(c.arena, lits...)
	c.table.put(id, ref)
}

// clause returns the literals of the clause at reference ref.
func (c *lratChecker) clause(ref uint64) []uint32 {
	n := uint64(c.arena[ref-1])
	return c.arena[ref : ref+n]
}

// remove deletes clause id and reports whether it was alive.
func (c *lratChecker) remove(id uint64) bool {
	ref := c.table.del(id)
	if ref == 0 {
		return false
	}
	c.garbage += 1 + int(c.arena[ref-1])
	if c.garbage > 1<<16 && 2*c.garbage > len(c.arena) {
		c.compact()
	}
	return true
}

// compact copies the live clauses to a fresh arena.
func (c *lratChecker) compact() {
	fresh := make([]uint32, 0, len(c.arena)-c.garbage)
	c.table.relocate(func(ref uint64) uint64 {
		n := uint64(c.arena[ref-1])
		at := uint64(len(fresh)) + 1
		fresh = append(fresh, c.arena[ref-1:ref+n]...)
		return at
	})
	c.arena, c.garbage = fresh, 0
}

func (c *lratChecker) assign(x uint32) {
	c.val[x], c.val[x^1] = 1, -1
	c.trail = append(c.trail, x)
}

// undo unassigns the trail down to length n.
func (c *lratChecker) undo(n int) {
	for _, x := range c.trail[n:] {
		c.val[x], c.val[x^1] = 0, 0
	}
	c.trail = c.trail[:n]
}

// errNoConflict is a chain of hints that ends without a conflict.
var errNoConflict = errors.New("the hints end without a conflict")

// check checks the lemma with literal codes lits and hints.
func (c *lratChecker) check(lits []uint32, hints []int64) error {
	defer c.undo(0)
	for _, x := range lits {
		if c.val[x] > 0 {
			return nil // x and its negation: a tautology
		}
		c.assign(x ^ 1)
	}
	i, err := c.follow(hints)
	if err != errNoConflict {
		return err
	}
	// Not RUP by the positive hints: RAT, with a group per candidate
	// (none at all when no live clause contains the negated pivot).
	if err := c.checkRAT(lits, hints[i:]); err != nil {
		if i == len(hints) {
			return fmt.Errorf("%w (and it is not RAT without hint groups: %v)", errNoConflict, err)
		}
		return err
	}
	return nil
}

// follow propagates along the positive hints at the start of hints. It
// returns nil at a conflict; errNoConflict and the index of the first
// negative hint (or len(hints)) when the positive hints run out first;
// another error for a hint that is neither unit nor falsified.
func (c *lratChecker) follow(hints []int64) (int, error) {
	for i, h := range hints {
		if h < 0 {
			return i, errNoConflict
		}
		ref := c.table.get(uint64(h))
		if ref == 0 {
			return i, fmt.Errorf("hint %d is not a live clause", h)
		}
		unit, open := uint32(0), 0
		for _, x := range c.clause(ref) {
			if c.val[x] >= 0 {
				unit = x
				open++
			}
		}
		switch {
		case open == 0:
			return i, nil
		case open > 1:
			return i, fmt.Errorf("hint %d is not unit (%d literals not falsified)", h, open)
		case c.val[unit] == 0:
			c.assign(unit)
		}
	}
	return len(hints), errNoConflict
}

// checkRAT checks the RAT groups of a lemma whose positive hints did not
// reach a conflict; the assignment holds their consequences.
func (c *lratChecker) checkRAT(lits []uint32, groups []int64) error {
	if len(lits) == 0 {
		return errors.New("the empty clause needs a conflict from its hints (it has no literal for RAT)")
	}
	c.res.RAT++
	notPivot := lits[0] ^ 1
	// Index the groups by candidate id.
	at := make(map[uint64]int)
	for i, h := range groups {
		if h < 0 {
			id := uint64(-h)
			if _, dup := at[id]; dup {
				return fmt.Errorf("two RAT hint groups for clause %d", id)
			}
			at[id] = i + 1
		}
	}
	var err error
	c.table.each(func(id, ref uint64) {
		if err != nil {
			return
		}
		cl := c.clause(ref)
		if !contains(cl, notPivot) {
			return
		}
		start, ok := at[id]
		delete(at, id)
		base := len(c.trail)
		defer c.undo(base)
		for _, x := range cl {
			if x == notPivot {
				continue
			}
			if c.val[x] > 0 {
				return // the resolvent is a tautology
			}
			if c.val[x] == 0 {
				c.assign(x ^ 1)
			}
		}
		if !ok {
			err = fmt.Errorf("RAT on %d: clause %d contains %d and has no hint group", c.vars.lit(lits[0]), id, c.vars.lit(notPivot))
			return
		}
		end := start
		for end < len(groups) && groups[end] > 0 {
			end++
		}
		if _, e := c.follow(groups[start:end]); e != nil {
			err = fmt.Errorf("RAT on %d, candidate %d: %v", c.vars.lit(lits[0]), id, e)
		}
	})
	if err != nil {
		return err
	}
	for id := range at {
		return fmt.Errorf("RAT hint group for clause %d, which is not a live clause containing %d", id, c.vars.lit(notPivot))
	}
	return nil
}

func contains(cl []uint32, x uint32) bool {
	for _, y := range cl {
		if y == x {
			return true
		}
	}
	return false
}
