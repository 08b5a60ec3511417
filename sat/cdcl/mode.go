package cdcl

// Search modes: focused and stable (Kissat, CaDiCaL; C. Oh, Between SAT
// and UNSAT: the fundamental difference in CDCL SAT, SAT 2015).
//
// Focused mode decides by VMTF and restarts often on glue: it suits
// refutations, where quick restarts keep the learnt clauses short. Stable
// mode decides by EVSIDS with target phases and restarts rarely: it suits
// satisfiable instances, where the search should stay near an almost-model.
// With Stable=1 the solver alternates: the first focused phase lasts
// StableInit conflicts, and every later phase is StableFactor% longer than
// the one before (geometric growth, so both modes get a fair share at every
// scale). Stable=0 and Stable=2 fix the mode.
//
// searchState holds the state of the schedules (restarts, modes,
// reductions, phases) that persists across Solve calls.

// searchState is the scheduling state of the search.
type searchState struct {
	stable          bool
	modeSwitchAt    uint64 // conflicts at which the mode switches
	modeLength      float64
	lastRestart     uint64
	stableRestartAt uint64
	reluctant       luby
	fast, slow      ema
	reduceAt        uint64
	rephaseAt       uint64
	inprocessAt     uint64
	inprocessRounds uint64
	subsumeTicks    uint64
	elimTicks       uint64
	vivifyTicks     uint64
	probeTicks      uint64
	probedFixed     int
	ticks           uint64
	fixed           int    // trail literals already processed by fixLevel0
	simplified      int    // level-0 trail length at the last simplify
	simplifyProps   uint64 // propagations before search may simplify again
	targetAssigned  int
	bestAssigned    int
}

func (st *searchState) init(o *Options) {
	st.stable = o.Stable == 2
	st.modeLength = float64(o.StableInit)
	st.modeSwitchAt = uint64(o.StableInit)
	st.fast = newEMA(o.EMAFast)
	st.slow = newEMA(o.EMASlow)
	st.reduceAt = uint64(o.ReduceInt)
	st.rephaseAt = uint64(o.Rephase)
	st.inprocessAt = uint64(o.InprocessInt)
}

// onLearn updates the glue averages after a conflict.
func (st *searchState) onLearn(glue, jump int) {
	st.fast.update(float64(glue))
	st.slow.update(float64(glue))
}

// modeSwitchDue reports whether the mode should switch now.
func (s *Solver) modeSwitchDue() bool {
	return s.opts.Stable == 1 && s.stats.Conflicts >= s.sched.modeSwitchAt
}

// switchMode flips between focused and stable mode at a restart.
func (s *Solver) switchMode() {
	st := &s.sched
	s.stats.ModeSwitches++
	s.updatePhases(len(s.trail))
	s.backtrack(0)
	st.stable = !st.stable
	if !st.stable {
		st.modeLength *= float64(s.opts.StableFactor) / 100
	}
	st.modeSwitchAt = s.stats.Conflicts + uint64(st.modeLength)
	st.lastRestart = s.stats.Conflicts
	st.targetAssigned = 0
	if st.stable {
		st.reluctant = luby{}
		st.stableRestartAt = s.stats.Conflicts + uint64(s.opts.Reluctant)
	}
}
