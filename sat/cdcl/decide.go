package cdcl

// Decisions: assumptions first, then the heuristic of the current mode.
//
// Assumptions are decided in order, one decision level each (MiniSat's
// scheme, IPASIR semantics): assumption i sits at level i+1. An assumption
// already true opens an empty level, so that level i+1 still belongs to
// assumption i; an assumption already false ends the Solve with a failed
// core (final.go). Above the assumption levels, the variable comes from the
// VMTF queue in focused mode and the EVSIDS heap in stable mode, and its
// phase from phase.go.

// decision outcomes.
const (
	decided      = iota // a literal was decided
	allAssigned         // every variable is assigned: a model
	failedAssume        // an assumption is false: Unsat under assumptions
)

// decide makes the next decision and reports which outcome it had.
func (s *Solver) decide() int {
	for len(s.lim) < len(s.assumptions) {
		p := s.assumptions[len(s.lim)]
		switch s.vals[p] {
		case 1:
			s.newLevel()
		case -1:
			s.analyzeFinal(p)
			return failedAssume
		default:
			s.newLevel()
			s.assign(p, int32(len(s.lim)), noRef)
			s.stats.Decisions++
			return decided
		}
	}
	x := s.nextVariable()
	if x < 0 {
		return allAssigned
	}
	s.newLevel()
	s.assign(mkLit(x, s.decidePhase(x) < 0), int32(len(s.lim)), noRef)
	s.stats.Decisions++
	return decided
}

// nextVariable returns the unassigned variable the active heuristic
// prefers, or -1 when every variable is assigned.
func (s *Solver) nextVariable() int {
	if !s.sched.stable {
		return s.nextQueue()
	}
	for s.heap.Len() > 0 {
		x := s.heap.Top()
		if s.vals[2*x] == 0 && !s.elim[x] {
			return x
		}
		s.heap.Pop(s.score)
	}
	return -1
}
