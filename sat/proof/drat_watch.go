package proof

// Watches and unit propagation of the DRAT checker: two watched literals
// per clause (positions 0 and 1 of its literals), a blocking literal in
// each entry, and two lists per literal — one for marked (core) clauses,
// one for the others. Entries are removed lazily: an entry whose clause is
// no longer alive is dropped when a scan meets it, and a sweep drops them
// all when they outnumber the live ones and between the two passes; an
// unmarked list moves the entries of clauses marked since to the core list
// of the same literal as it meets them. No clause comes back to life while
// entries of its earlier life remain: the forward pass deletes for good,
// the backward pass brings deleted clauses back only after the sweep
// between the passes, and the lemmas it removes never come back. Clauses
// of length 1 are not watched: attaching one assigns its literal.

// assign makes literal x true with reason clause r (-1: none).
func (c *dratChecker) assign(x uint32, r int32) {
	v := x >> 1
	c.val[x], c.val[x^1] = 1, -1
	c.reason[v] = r + 1
	c.tpos[v] = int32(len(c.trail))
	c.trail = append(c.trail, x)
}

// truncate unassigns the trail from position p on.
func (c *dratChecker) truncate(p int) {
	for _, x := range c.trail[p:] {
		v := x >> 1
		c.val[x], c.val[x^1] = 0, 0
		c.reason[v] = 0
		c.justified[v] = false
	}
	c.trail = c.trail[:p]
	c.heads[core] = min(c.heads[core], p)
	c.heads[noncore] = min(c.heads[noncore], p)
}

// addWatch adds an entry for clause i on literal x.
func (c *dratChecker) addWatch(i uint32, x, blocker uint32) {
	kind := noncore
	if c.flags[i]&fCore != 0 {
		kind = core
	}
	c.watches[kind][x] = append(c.watches[kind][x], watch{ref: uint32(c.cls[i].off), blocker: blocker})
}

// index returns the index of the clause whose literals start at ref.
func (c *dratChecker) index(ref uint32) uint32 { return c.arena[ref-2] }

// unwatch makes clause i dead; its watch entries become stale and are
// swept when stale entries outnumber the others.
func (c *dratChecker) unwatch(i uint32) {
	c.flags[i] &^= fActive
	if c.cls[i].n >= 2 {
		c.stale += 2
		c.watched -= 2
		if c.stale > c.watched+1024 {
			c.sweep()
		}
	}
}

// sweep drops every stale watch entry.
func (c *dratChecker) sweep() {
	for k := range c.watches {
		for x, ws := range c.watches[k] {
			j := 0
			for _, w := range ws {
				if c.flags[c.index(w.ref)]&fActive != 0 {
					ws[j] = w
					j++
				}
			}
			c.watches[k][x] = ws[:j]
		}
	}
	c.stale = 0
}

// attach makes clause i alive and watched, assigning its literal if it is
// unit under the assignment. It returns i if the clause is falsified,
// otherwise -1.
func (c *dratChecker) attach(i uint32) int32 {
	c.flags[i] |= fActive
	lits := c.litsOf(i)
	switch len(lits) {
	case 0:
		return int32(i)
	case 1:
		switch x := lits[0]; {
		case c.val[x] < 0:
			return int32(i)
		case c.val[x] == 0:
			c.assign(x, int32(i))
		}
		return -1
	}
	// Move up to two literals that are not false to the front.
	open := 0
	for k, x := range lits {
		if c.val[x] >= 0 {
			lits[open], lits[k] = lits[k], lits[open]
			open++
			if open == 2 {
				break
			}
		}
	}
	if open < 2 {
		// Watch the false literal assigned last (the one unassigned first).
		best := open
		for k := open + 1; k < len(lits); k++ {
			if c.tpos[lits[k]>>1] > c.tpos[lits[best]>>1] {
				best = k
			}
		}
		lits[open], lits[best] = lits[best], lits[open]
		if open == 0 {
			best = 1
			for k := 2; k < len(lits); k++ {
				if c.tpos[lits[k]>>1] > c.tpos[lits[best]>>1] {
					best = k
				}
			}
			lits[1], lits[best] = lits[best], lits[1]
		}
	}
	c.addWatch(i, lits[0], lits[1])
	c.addWatch(i, lits[1], lits[0])
	c.watched += 2
	switch {
	case open == 0:
		return int32(i)
	case open == 1 && c.val[lits[0]] == 0:
		c.assign(lits[0], int32(i))
	}
	return -1
}

// propagate propagates the trail to a fixpoint, marked clauses first: one
// literal's unmarked list is scanned only when the marked lists of every
// assigned literal have been. It returns a falsified clause, or -1.
func (c *dratChecker) propagate() int32 {
	for {
		if h := c.heads[core]; h < len(c.trail) {
			c.heads[core]++
			if k := c.visit(core, c.trail[h]^1); k >= 0 {
				return k
			}
			continue
		}
		if h := c.heads[noncore]; h < len(c.trail) {
			c.heads[noncore]++
			if k := c.visit(noncore, c.trail[h]^1); k >= 0 {
				return k
			}
			continue
		}
		return -1
	}
}

// visit scans the list of the given kind of literal f, which has just
// become false, and returns a falsified clause, or -1. An entry whose
// blocking literal is true is kept without looking at its clause (so a
// stale or newly marked entry may wait there until a later scan).
func (c *dratChecker) visit(kind int, f uint32) int32 {
	ws := c.watches[kind][f]
	val, arena, flags := c.val, c.arena, c.flags
	j := 0
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if val[w.blocker] > 0 {
			ws[j] = w
			j++
			continue
		}
		// The clause's index and length sit just before its literals, in
		// the same cache line as the first ones.
		idx := arena[w.ref-2]
		fl := flags[idx]
		if fl&fActive == 0 {
			c.stale--
			continue // stale entry
		}
		lits := arena[w.ref : w.ref+arena[w.ref-1]]
		if lits[0] == f {
			lits[0], lits[1] = lits[1], f
		}
		first := lits[0]
		w.blocker = first
		if val[first] <= 0 {
			found := false
			for k := 2; k < len(lits); k++ {
				if x := lits[k]; val[x] >= 0 {
					lits[1], lits[k] = x, f
					kk := noncore
					if fl&fCore != 0 {
						kk = core
					}
					c.watches[kk][x] = append(c.watches[kk][x], w)
					found = true
					break
				}
			}
			if found {
				continue
			}
		}
		if kind == noncore && fl&fCore != 0 {
			c.watches[core][f] = append(c.watches[core][f], w)
		} else {
			ws[j] = w
			j++
		}
		switch {
		case val[first] < 0:
			j += copy(ws[j:], ws[i+1:])
			c.watches[kind][f] = ws[:j]
			return int32(idx)
		case val[first] == 0:
			c.assign(first, int32(idx))
		}
	}
	c.watches[kind][f] = ws[:j]
	return -1
}

// reset recomputes the top-level assignment from scratch: unassign
// everything, assign the literals of the alive unit clauses, propagate.
// It returns a falsified clause, or -1.
func (c *dratChecker) reset() int32 {
	c.truncate(0)
	c.dirty = false
	for _, i := range c.units {
		if c.flags[i]&fActive == 0 {
			continue
		}
		switch x := c.litsOf(i)[0]; {
		case c.val[x] < 0:
			return int32(i)
		case c.val[x] == 0:
			c.assign(x, int32(i))
		}
	}
	return c.propagate()
}
