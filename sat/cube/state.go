package cube

import "github.com/satsolve/satsolve/sat"

// The splitter's propagation engine: counter-based unit propagation, as in
// march's handling of long clauses. Every clause keeps how many of its
// literals are true and how many are false; assigning a literal walks the
// occurrence lists of both of its polarities. That costs more per
// assignment than two watched literals, but it knows at every moment how
// far each clause has shrunk, which is what the look-ahead measure counts,
// and undoing an assignment is the same walk backwards.

// code is a literal's index into per-literal arrays: 2v for v, 2v+1 for -v.
type code = uint32

func litCode(l sat.Lit) code {
	if l < 0 {
		return code(-l)<<1 | 1
	}
	return code(l) << 1
}

// state is a formula under a partial assignment.
type state struct {
	nvars   int
	clauses [][]sat.Lit
	occ     [][]int32 // clauses holding each literal, by code
	val     []int8    // per variable: 0 free, +1 true, -1 false
	nsat    []int32   // per clause: literals true
	nfalse  []int32   // per clause: literals false
	trail   []sat.Lit // assigned literals, in order
	queue   int       // trail[queue:] are assigned but not yet propagated
	nunsat  int       // clauses with no true literal
	empty   bool      // the formula has an empty clause

	// Look-ahead bookkeeping: the clauses a propagation shortened (each
	// once, by stamp) so that the measure can weigh what they became.
	stamp   []uint32
	now     uint32
	touched []int32
}

// newState normalises f's clauses (duplicate literals merged, tautologies
// dropped: neither changes the models) and returns the state with nothing
// assigned. Unit clauses are queued, not yet propagated.
func newState(f *sat.Formula) *state {
	s := &state{nvars: f.NumVars}
	s.val = make([]int8, f.NumVars+1)
	s.occ = make([][]int32, 2*(f.NumVars+1))
	seen := make([]int8, f.NumVars+1)
	for _, c := range f.Clauses {
		var n sat.Clause
		taut := false
		for _, l := range c {
			v, sign := l.Var(), int8(1)
			if l < 0 {
				sign = -1
			}
			switch seen[v] {
			case 0:
				seen[v] = sign
				n = append(n, l)
			case -sign:
				taut = true
			}
		}
		for _, l := range c {
			seen[l.Var()] = 0
		}
		if taut {
			continue
		}
		if len(n) == 0 {
			s.empty = true
			continue
		}
		i := int32(len(s.clauses))
		s.clauses = append(s.clauses, n)
		for _, l := range n {
			s.occ[litCode(l)] = append(s.occ[litCode(l)], i)
		}
	}
	s.nsat = make([]int32, len(s.clauses))
	s.nfalse = make([]int32, len(s.clauses))
	s.stamp = make([]uint32, len(s.clauses))
	s.nunsat = len(s.clauses)
	return s
}

// value returns +1, -1 or 0 for l true, false or free.
func (s *state) value(l sat.Lit) int8 {
	v := s.val[l.Var()]
	if l < 0 {
		return -v
	}
	return v
}

// enqueue makes l true, unless it is already; it returns false when l is
// false. The counters are updated when propagate processes l.
func (s *state) enqueue(l sat.Lit) bool {
	switch s.value(l) {
	case 1:
		return true
	case -1:
		return false
	}
	if l < 0 {
		s.val[-l] = -1
	} else {
		s.val[l] = 1
	}
	s.trail = append(s.trail, l)
	return true
}

// propagate assigns l (when not 0) and then processes the trail until
// every assigned literal's clauses are counted, enqueuing the units found.
// It returns false on a conflict; every assignment made stays on the trail
// for undo, processed or not.
func (s *state) propagate(l sat.Lit) bool {
	if s.empty {
		return false
	}
	if l != 0 && !s.enqueue(l) {
		return false
	}
	for s.queue < len(s.trail) {
		if !s.process(s.trail[s.queue]) {
			return false
		}
	}
	return true
}

// process counts the assigned literal trail[queue] in its clauses and
// enqueues the units it leaves. A clause's false count lags behind the
// values while literals wait on the queue, so a clause is rescanned by
// value once its count says at most one literal is left: a unit missed
// now is found when the lagging literal is processed.
func (s *state) process(l sat.Lit) bool {
	s.queue++
	for _, c := range s.occ[litCode(l)] {
		if s.nsat[c] == 0 {
			s.nunsat--
		}
		s.nsat[c]++
	}
	ok := true
	for _, c := range s.occ[litCode(-l)] {
		s.nfalse[c]++
		if s.nsat[c] > 0 {
			continue
		}
		if s.stamp[c] != s.now {
			s.stamp[c] = s.now
			s.touched = append(s.touched, c)
		}
		if !ok || int(s.nfalse[c]) < len(s.clauses[c])-1 {
			continue
		}
		var free sat.Lit
		n := 0
		for _, x := range s.clauses[c] {
			switch s.value(x) {
			case 1:
				n = -1
			case 0:
				if n >= 0 {
					free, n = x, n+1
				}
			}
			if n < 0 {
				break
			}
		}
		switch n {
		case 0:
			ok = false
		case 1:
			s.enqueue(free)
		}
	}
	return ok
}

// rootUnits assigns the formula's unit clauses and propagates them; false
// means the formula is refuted by unit propagation.
func (s *state) rootUnits() bool {
	if s.empty {
		return false
	}
	for _, cl := range s.clauses {
		if len(cl) == 1 && !s.enqueue(cl[0]) {
			return false
		}
	}
	return s.propagate(0)
}

// undo unassigns the trail back to length n.
func (s *state) undo(n int) {
	for len(s.trail) > n {
		i := len(s.trail) - 1
		l := s.trail[i]
		s.trail = s.trail[:i]
		s.val[l.Var()] = 0
		if i >= s.queue {
			continue // never counted
		}
		for _, c := range s.occ[litCode(-l)] {
			s.nfalse[c]--
		}
		for _, c := range s.occ[litCode(l)] {
			s.nsat[c]--
			if s.nsat[c] == 0 {
				s.nunsat++
			}
		}
	}
	s.queue = min(s.queue, n)
}

// newStamp starts a look-ahead: the clauses shortened from now on are
// collected in s.touched.
func (s *state) newStamp() {
	s.now++
	if s.now == 0 { // wrapped: clear the old stamps
		clear(s.stamp)
		s.now = 1
	}
	s.touched = s.touched[:0]
}

// satisfied reports whether every clause has a true literal.
func (s *state) satisfied() bool { return s.nunsat == 0 && !s.empty }

// model returns the current assignment with free variables false.
func (s *state) model() sat.Assignment {
	a := sat.NewAssignment(s.nvars)
	for v := 1; v <= s.nvars; v++ {
		a[v] = s.val[v] > 0
	}
	return a
}
