package cdcl

// Recursive minimisation of the learnt clause (N. Sörensson, A. Biere,
// Minimizing learned clauses, SAT 2009; CaDiCaL's minimize.cpp).
//
// A literal of the learnt clause can be dropped when it is implied by the
// others: following reasons backwards from it, every path ends in a clause
// literal or a level-0 literal. The search is a depth-first walk with
// three marks per variable: seen (in the clause), removable (shown
// implied), poison (shown not implied). Two cheap tests prune it (Knuth's
// and Van Gelder's observations, as CaDiCaL uses them): a variable at a
// level that has no clause literal, or earlier on the trail than every
// clause literal of its level, can only be implied by that level's
// decision, so it is poison at once; and a clause literal alone at its
// level is never removable. Depth is bounded by MinimizeDepth.
//
// Proof: the reasons of the removed literals and of every variable marked
// removable join the hint chain (analyze.go explains the order). A
// removable variable's reason has only seen, removable or level-0
// antecedents, so it is unit in the chain wherever it stands in trail
// order, even when the removal that marked it failed higher up.

// minimize drops implied literals from s.learnt[1:].
func (s *Solver) minimize() {
	if s.opts.MinimizeDepth == 0 || len(s.learnt) < 2 {
		return
	}
	for _, l := range s.learnt[1:] {
		x := l.v()
		lv := s.level[x]
		if int(lv) >= len(s.levelSeen) {
			s.levelSeen = growTo(s.levelSeen, int(lv)+1)
			s.levelPos = growTo(s.levelPos, int(lv)+1)
		}
		if s.levelSeen[lv] == 0 {
			s.levels = append(s.levels, lv)
			s.levelPos[lv] = s.trailPos[x]
		} else if p := s.trailPos[x]; p < s.levelPos[lv] {
			s.levelPos[lv] = p
		}
		s.levelSeen[lv]++
	}
	s.minStack = s.minStack[:0]
	j := 1
	for _, l := range s.learnt[1:] {
		x := l.v()
		if s.levelSeen[s.level[x]] >= 2 && s.reason[x] != noRef && s.implied(x, 0) {
			if s.tracer != nil {
				s.chain = append(s.chain, int32(x))
			}
			continue
		}
		s.learnt[j] = l
		j++
	}
	s.learnt = s.learnt[:j]
	for _, lv := range s.levels {
		s.levelSeen[lv] = 0
	}
	s.levels = s.levels[:0]
	for _, f := range s.minStack {
		s.mark[f.x] &^= markPoison | markRemovable
		if s.tracer != nil && f.removable {
			s.chain = append(s.chain, f.x)
		}
	}
}

// minFrame records a variable marked during minimisation.
type minFrame struct {
	x         int32
	removable bool
}

// implied reports whether variable x's literal is implied by the clause
// literals (seen) and level-0 literals through reasons.
func (s *Solver) implied(x int, depth int) bool {
	m := s.mark[x]
	lv := s.level[x]
	switch {
	case lv == 0:
		if s.tracer != nil {
			s.unitHint(x)
		}
		return true
	case m&markRemovable != 0:
		return true
	case depth > 0 && m&markSeen != 0:
		return true
	case m&markPoison != 0:
		return false
	}
	if depth > s.opts.MinimizeDepth || int(lv) >= len(s.levelSeen) ||
		s.levelSeen[lv] == 0 || s.trailPos[x] < s.levelPos[lv] {
		s.poison(x)
		return false
	}
	r := s.reason[x]
	if r >= pbFlag { // a decision (noRef) or a PB constraint
		if r == noRef {
			s.poison(x)
			return false
		}
		r = s.pbReason(r, x)
	}
	tracing := s.tracer != nil
	for _, o := range s.lits(r) {
		y := o.v()
		if y == x {
			continue
		}
		// The cases implied decides without recursion, inline: most
		// antecedents are clause literals, already removable, or fixed.
		if m := s.mark[y]; m&(markSeen|markRemovable) != 0 || (!tracing && s.level[y] == 0) {
			continue
		} else if m&markPoison != 0 && s.level[y] != 0 {
			s.poison(x)
			return false
		}
		if !s.implied(y, depth+1) {
			s.poison(x)
			return false
		}
	}
	if depth > 0 {
		s.mark[x] |= markRemovable
		s.minStack = append(s.minStack, minFrame{int32(x), true})
	}
	return true
}

// poison marks x as not implied (clause literals need no mark).
func (s *Solver) poison(x int) {
	if s.mark[x]&(markSeen|markPoison) == 0 {
		s.mark[x] |= markPoison
		s.minStack = append(s.minStack, minFrame{int32(x), false})
	}
}
