package cdcl

// Rephasing: resetting the saved phases now and then, so that phase saving
// does not lock the search into one region (A. Biere, M. Fleury, Chasing
// target phases, POS 2020; Kissat and CaDiCaL's rephase).
//
// Every k·Rephase conflicts (the k-th time) the saved phases are replaced,
// in the cycle original, inverted, then best, original, best, inverted, …:
// original is the initial phase (option Phase), inverted its opposite, best
// the assignment of the longest conflict-free trail seen since the last
// rephase (phase.go). The target and best records restart from zero.
//
// Invariant: saved phases are always ±1; target and best phases are 0
// where nothing was recorded.

// rephaseCycle is the order of the rephasing kinds after the first two.
var rephaseCycle = [...]byte{'B', 'O', 'B', 'I'}

// rephaseDue reports whether the phases should be reset now.
func (s *Solver) rephaseDue() bool {
	return s.opts.Rephase > 0 && s.stats.Conflicts >= s.sched.rephaseAt
}

// rephase resets the saved phases and schedules the next rephase.
func (s *Solver) rephase() {
	st := &s.sched
	k := s.stats.Rephases
	s.stats.Rephases++
	var kind byte
	switch {
	case k == 0:
		kind = 'O'
	case k == 1:
		kind = 'I'
	default:
		kind = rephaseCycle[(k-2)%uint64(len(rephaseCycle))]
	}
	orig := int8(-1)
	if s.opts.Phase == 1 {
		orig = 1
	}
	for x := range s.saved {
		o := orig
		if x < len(s.pb.phase) && s.pb.phase[x] != 0 {
			o = s.pb.phase[x] // a PB constraint's variable (pb.go)
		}
		switch kind {
		case 'O':
			s.saved[x] = o
		case 'I':
			s.saved[x] = -o
		case 'B':
			if b := s.best[x]; b != 0 {
				s.saved[x] = b
			}
		}
	}
	clear(s.target)
	clear(s.best)
	st.targetAssigned, st.bestAssigned = 0, 0
	st.rephaseAt = s.stats.Conflicts + (k+2)*uint64(s.opts.Rephase)
}
