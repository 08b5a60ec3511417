package cdcl

// Inprocessing: simplifying the clauses between restarts (M. Järvisalo,
// M. Heule, A. Biere, Inprocessing rules, IJCAR 2012; CaDiCaL, Kissat).
//
// Every InprocessInt·k conflicts (the k-th time), and with Preprocess once
// before the first conflict of a first Solve that may eliminate (as
// MiniSat's SatELite preprocessing; it counts as round 1), at a decision
// point, the search backtracks to level 0 and runs the enabled techniques in turn,
// each within its own effort budget: level-0 simplification, failed-
// literal probing (probe.go), subsumption and strengthening (subsume.go),
// vivification (vivify.go) and bounded variable elimination (elim.go).
// Each technique starts and ends at level 0 after a complete propagation,
// keeps every clause it derives in the proof with hints, and leaves
// garbage to collect, which runs before the search resumes.

import "time"

// inprocessDue reports whether an inprocessing round should run now.
// With Preprocess, the first round runs before the first conflict of a
// first Solve that may eliminate (MiniSat's SatELite-style preprocessing:
// small instances are often solved before the first scheduled round).
func (s *Solver) inprocessDue() bool {
	if s.opts.Inprocess == 0 {
		return false
	}
	if s.sched.inprocessRounds == 0 && s.stats.Conflicts == 0 {
		return s.opts.Preprocess != 0 && s.elimAllowed()
	}
	return s.stats.Conflicts >= s.sched.inprocessAt
}

// inprocess runs one round. It returns false when it refutes the clauses.
func (s *Solver) inprocess() bool {
	start := time.Now()
	defer func() { s.stats.InprocessTime += time.Since(start) }()
	s.stats.Inprocessings++
	s.sched.inprocessRounds++
	s.sched.inprocessAt = s.stats.Conflicts + uint64(s.opts.InprocessInt)*s.sched.inprocessRounds
	if !s.toLevel0() {
		return false
	}
	if s.opts.Probe != 0 {
		if !s.probe() || !s.toLevel0() {
			return false
		}
	}
	if s.opts.Subsume != 0 {
		if !s.subsume() || !s.toLevel0() {
			return false
		}
	}
	if s.opts.Vivify != 0 {
		if !s.vivify() || !s.toLevel0() {
			return false
		}
	}
	if s.elimAllowed() {
		if !s.eliminate() || !s.toLevel0() {
			return false
		}
	}
	s.collect()
	return true
}

// toLevel0 backtracks to level 0, propagates, and simplifies the clauses by
// the level-0 assignment. It returns false when propagation refutes them.
func (s *Solver) toLevel0() bool {
	s.backtrack(0)
	s.collect() // the last technique's deletions must not propagate
	if c := s.propagate(); c != noRef {
		s.fixLevel0()
		s.deriveEmpty(c)
		s.unsat = true
		return false
	}
	s.fixLevel0()
	s.simplify()
	return true
}
