package cdcl

// Backtracking: undo the assignments above a decision level.
//
// Every unassigned variable keeps its value as its saved phase (phase
// saving: K. Pipatsrisawat, A. Darwiche, A lightweight component caching
// scheme for satisfiability solvers, SAT 2007), goes back into the EVSIDS
// heap, and moves the VMTF search pointer when it was bumped later than
// the pointer's variable, so both decision structures keep their
// invariants (evsids.go, vmtf.go). The callers that leave a long trail
// (analyze, restart) first update the target and best phases (phase.go).

// backtrack undoes every assignment above level lvl. After chronological
// backtracking the trail may hold, above lim[lvl], literals of level ≤ lvl
// (implied late): those stay assigned, move down in trail order, and are
// propagated again, since clauses they made satisfied through literals now
// unassigned may have become unit (A. Nadel, V. Ryvchin, Chronological
// backtracking, SAT 2018; CaDiCaL's backtrack.cpp).
func (s *Solver) backtrack(lvl int) {
	if len(s.lim) <= lvl {
		return
	}
	start := int(s.lim[lvl])
	if s.pb.head > start {
		s.pbUndo(start)
	}
	j := start
	outOfOrder := s.outOfOrder
	for i := start; i < len(s.trail); i++ {
		l := s.trail[i]
		x := l.v()
		if outOfOrder && int(s.level[x]) <= lvl {
			s.trail[j] = l
			s.trailPos[x] = int32(j)
			j++
			continue
		}
		s.vals[l] = 0
		s.vals[l^1] = 0
		if l&1 != 0 {
			s.saved[x] = -1
		} else {
			s.saved[x] = 1
		}
		s.heap.Push(x, s.score)
		s.unassignedQueue(x)
	}
	s.trail = s.trail[:j]
	s.lim = s.lim[:lvl]
	s.qhead = min(s.qhead, start)
	if lvl == 0 {
		s.outOfOrder = false
	}
}

// newLevel opens a decision level.
func (s *Solver) newLevel() {
	s.lim = append(s.lim, int32(len(s.trail)))
	if n := len(s.lim) + 1; n > len(s.stamp) {
		s.stamp = growTo(s.stamp, 2*n)
	}
}
