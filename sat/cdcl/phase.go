package cdcl

// Phases: which value a decision gives its variable.
//
// saved is the value the variable had when it was last unassigned (phase
// saving, Pipatsrisawat and Darwiche 2007). In stable mode a decision
// prefers the target phase (A. Biere, M. Fleury, Chasing target phases,
// POS 2020): the assignment of the longest conflict-free trail seen since
// the last rephase, which steers the search back towards an almost-model.
// best is the longest conflict-free trail since the last rephase in either
// mode, which rephase.go may restore. A phase of 0 means "none recorded".
//
// updatePhases is given the length of the trail prefix known to be
// conflict-free (before a conflict: the start of the conflict level;
// before a restart: the whole trail) and copies it into target and best
// when it is longer than theirs.

// decidePhase returns the phase (1 or -1) to decide variable x with.
func (s *Solver) decidePhase(x int) int8 {
	if s.sched.stable {
		if t := s.target[x]; t != 0 {
			return t
		}
	}
	return s.saved[x]
}

// updatePhases records the first n trail literals as target and best
// phases when they beat the records.
func (s *Solver) updatePhases(n int) {
	if s.sched.stable && n > s.sched.targetAssigned {
		s.copyPhases(s.target, n)
		s.sched.targetAssigned = n
	}
	if n > s.sched.bestAssigned {
		s.copyPhases(s.best, n)
		s.sched.bestAssigned = n
	}
}

// copyPhases copies the values of the first n trail literals into ph.
func (s *Solver) copyPhases(ph []int8, n int) {
	for _, l := range s.trail[:n] {
		if l&1 != 0 {
			ph[l.v()] = -1
		} else {
			ph[l.v()] = 1
		}
	}
}
