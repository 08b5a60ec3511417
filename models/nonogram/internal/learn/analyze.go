package learn

import (
	"errors"
	"slices"
)

// errNoUIP reports a conflict with no literal at the current decision
// level, which the search's invariants exclude (every line is at its
// fixpoint before a decision).
var errNoUIP = errors.New("learning search: conflict without a literal at the current level")

// analyze derives the first-UIP clause of conflict c (MiniSat's
// analysis, Eén and Sörensson 2003): it resolves the conflict's literals
// with the reasons of the current level's cells, latest first, until one
// literal of the current level is left. It returns the learned clause,
// the asserting literal first and a literal of the backjump level second,
// and the backjump level.
func (s *Learner) analyze(c conflict) ([]lit, int, error) {
	var lits []lit
	if c.clause >= 0 {
		lits = s.clauses[c.clause].lits
	} else {
		s.conflBuf = s.explainLine(c.line, -1, int32(len(s.trail)), s.conflBuf[:0])
		lits = s.conflBuf
	}
	learnt := append(s.learnt[:0], 0)
	cur := int32(s.decisionLevel())
	pathC, idx := 0, len(s.trail)-1
	var p lit
	for {
		for _, q := range lits {
			v := q.cell()
			if s.seen[v] || s.level[v] == 0 {
				continue
			}
			s.seen[v] = true
			s.order.bump(v)
			if s.level[v] == cur {
				pathC++
			} else {
				learnt = append(learnt, q)
			}
		}
		if pathC == 0 {
			for _, q := range learnt[1:] {
				s.seen[q.cell()] = false
			}
			return nil, 0, errNoUIP
		}
		for !s.seen[s.trail[idx].cell()] {
			idx--
		}
		p = s.trail[idx]
		idx--
		s.seen[p.cell()] = false
		pathC--
		if pathC == 0 {
			break
		}
		lits = s.reasonLits(p.cell())
	}
	learnt[0] = p.neg()
	learnt = s.minimize(learnt)
	bt := 0
	for i := 2; i < len(learnt); i++ {
		if s.level[learnt[i].cell()] > s.level[learnt[1].cell()] {
			learnt[1], learnt[i] = learnt[i], learnt[1]
		}
	}
	if len(learnt) > 1 {
		bt = int(s.level[learnt[1].cell()])
	}
	s.learnt = learnt
	return learnt, bt, nil
}

// minimize drops the literals of learnt[1:] (all marked seen) whose
// reason's literals are all in the clause or fixed at level 0 (MiniSat's
// basic minimization), and clears the marks.
func (s *Learner) minimize(learnt []lit) []lit {
	if s.noMinimize {
		for _, q := range learnt[1:] {
			s.seen[q.cell()] = false
		}
		return learnt
	}
	s.minBuf = append(s.minBuf[:0], learnt...)
	j := 1
	for i := 1; i < len(learnt); i++ {
		v := learnt[i].cell()
		if s.reason[v] == reasonDecision || !s.implied(v) {
			learnt[j] = learnt[i]
			j++
		}
	}
	for _, q := range s.minBuf[1:] {
		s.seen[q.cell()] = false
	}
	return learnt[:j]
}

// implied reports whether every literal of cell v's reason is marked seen
// or fixed at level 0.
func (s *Learner) implied(v int) bool {
	for _, q := range s.reasonLits(v) {
		if u := q.cell(); !s.seen[u] && s.level[u] > 0 {
			return false
		}
	}
	return true
}

// lbd counts the decision levels of a clause's literals (Audemard and
// Simon 2009: clauses over few levels are the useful ones).
func (s *Learner) lbd(c []lit) int32 {
	s.levels = s.levels[:0]
	for _, q := range c {
		if l := s.level[q.cell()]; !slices.Contains(s.levels, l) {
			s.levels = append(s.levels, l)
		}
	}
	return int32(len(s.levels))
}

// attach adds clause lits (at least two literals; lits[0] and lits[1] are
// watched) and returns its index.
func (s *Learner) attach(lits []lit, learnt bool) int32 {
	ci := int32(len(s.clauses))
	s.clauses = append(s.clauses, clause{lits: slices.Clone(lits), learnt: learnt})
	if learnt {
		s.clauses[ci].lbd = s.lbd(lits)
		s.nLearnt++
	}
	s.watches[lits[0]] = append(s.watches[lits[0]], watch{ci: ci, blocker: lits[1]})
	s.watches[lits[1]] = append(s.watches[lits[1]], watch{ci: ci, blocker: lits[0]})
	return ci
}

// learn adds the learned clause after the backjump and asserts its first
// literal.
func (s *Learner) learn(learnt []lit) {
	if s.onLearn != nil {
		s.onLearn(learnt)
	}
	if len(learnt) == 1 {
		s.assign(learnt[0], reasonDecision)
		return
	}
	s.assign(learnt[0], s.attach(learnt, true))
}

// locked reports whether clause ci is the reason of an assigned cell.
func (s *Learner) locked(ci int32) bool {
	x := s.clauses[ci].lits[0]
	return s.value(x) == 1 && s.reason[x.cell()] == ci
}

// reduce deletes about half of the learned clauses, those over the most
// decision levels (ties: the older), keeping clauses over two levels or
// fewer and the reasons of assigned cells, and then compacts the clause
// list.
func (s *Learner) reduce() {
	var idx []int32
	for ci := range s.clauses {
		c := &s.clauses[ci]
		if c.learnt && !c.deleted && c.lbd > 2 && !s.locked(int32(ci)) {
			idx = append(idx, int32(ci))
		}
	}
	slices.SortStableFunc(idx, func(a, b int32) int { return int(s.clauses[b].lbd - s.clauses[a].lbd) })
	for _, ci := range idx[:len(idx)/2] {
		s.clauses[ci].deleted, s.clauses[ci].lits = true, nil
		s.nLearnt--
	}
	s.compactClauses()
}

// compactClauses drops the slots of deleted clauses, so that the clause
// list holds only live clauses (its length was the number of clauses ever
// learned, about 40 bytes each, unbounded over a long search). The
// clauses are renumbered in order; the reasons of assigned cells (never a
// deleted clause: reduce keeps the locked ones) and the watches follow,
// and the watches of deleted clauses go.
func (s *Learner) compactClauses() {
	remap := s.remap[:0]
	j := int32(0)
	for ci := range s.clauses {
		if s.clauses[ci].deleted {
			remap = append(remap, -1)
			continue
		}
		remap = append(remap, j)
		s.clauses[j] = s.clauses[ci]
		j++
	}
	clear(s.clauses[j:])
	s.clauses = s.clauses[:j]
	s.remap = remap
	for v, r := range s.reason {
		if r >= 0 {
			if remap[r] < 0 {
				s.reason[v] = reasonDecision // unassigned: never read
				continue
			}
			s.reason[v] = remap[r]
		}
	}
	for x, ws := range s.watches {
		k := 0
		for _, w := range ws {
			if ci := remap[w.ci]; ci >= 0 {
				ws[k] = watch{ci: ci, blocker: w.blocker}
				k++
			}
		}
		s.watches[x] = ws[:k]
	}
}
