package cdcl

// Restarts: when to give up the current trail and start again from the
// assumption levels.
//
// Focused mode restarts on glue (G. Audemard, L. Simon, Refining restarts
// strategies for SAT and UNSAT, CP 2012; A. Biere, A. Fröhlich, Evaluating
// CDCL restart schemes, POS 2015): two exponential moving averages of the
// learnt clauses' glue, a fast one (window EMAFast) and a slow one (window
// EMASlow); when recent clauses are markedly worse than the long-run
// average (fast > RestartMargin% of slow), the search is in a bad region
// and restarts, at most every RestartInt conflicts. The averages start
// with the bias correction of Adam (Kingma, Ba 2015), as CaDiCaL's do, so
// they are meaningful from the first conflicts.
//
// Stable mode restarts rarely, by reluctant doubling (the Luby sequence
// times Reluctant conflicts: M. Luby, A. Sinclair, D. Zuckerman, Optimal
// speedup of Las Vegas algorithms, IPL 1993; D. Knuth's formulation),
// capped at ReluctantMax, so that target phases can lead the search deep.

import "math"

// ema is an exponential moving average with bias correction.
type ema struct {
	value, biased, exp, beta float64
}

func newEMA(window int) ema { return ema{exp: 1, beta: 1 / float64(window)} }

func (e *ema) update(y float64) {
	e.biased += e.beta * (y - e.biased)
	if e.exp > 0 {
		e.exp *= 1 - e.beta
		if e.exp < 1e-15 {
			e.exp = 0
		}
		e.value = e.biased / (1 - e.exp)
	} else {
		e.value = e.biased
	}
}

// luby is Knuth's reluctant doubling sequence: 1,1,2,1,1,2,4,1,…
type luby struct{ u, v uint64 }

func (l *luby) next() uint64 {
	if l.u == 0 {
		l.u, l.v = 1, 1
		return 1
	}
	if l.u&-l.u == l.v {
		l.u++
		l.v = 1
	} else {
		l.v *= 2
	}
	return l.v
}

// restartDue reports whether the search should restart now.
func (s *Solver) restartDue() bool {
	st := &s.sched
	if len(s.lim) <= len(s.assumptions) {
		return false
	}
	if st.stable {
		return s.stats.Conflicts >= st.stableRestartAt
	}
	if s.stats.Conflicts < st.lastRestart+uint64(s.opts.RestartInt) {
		return false
	}
	return st.fast.value > st.slow.value*float64(s.opts.RestartMargin)/100
}

// restart backtracks and schedules the next restart. With ReuseTrail it
// keeps the decision levels whose decisions the heuristic would make again
// before its current best candidate (P. van der Tak, A. Ramos, M. Heule,
// Reusing the assignment trail in CDCL solvers, JSAT 2011), and the
// assumption levels in any case.
func (s *Solver) restart() {
	st := &s.sched
	s.stats.Restarts++
	s.updatePhases(len(s.trail))
	s.backtrack(s.reuseLevel())
	st.lastRestart = s.stats.Conflicts
	if st.stable {
		n := st.reluctant.next() * uint64(s.opts.Reluctant)
		n = min(n, uint64(s.opts.ReluctantMax))
		st.stableRestartAt = s.stats.Conflicts + n
	}
}

// reduceDue reports whether the learnt clauses should be reduced now.
func (s *Solver) reduceDue() bool { return s.stats.Conflicts >= s.sched.reduceAt }

// scheduleReduce sets the next reduction: ReduceInt·√(reductions+1)
// conflicts from now (CaDiCaL's schedule).
func (s *Solver) scheduleReduce() {
	n := float64(s.opts.ReduceInt) * math.Sqrt(float64(s.stats.Reductions+1))
	s.sched.reduceAt = s.stats.Conflicts + uint64(n)
}

// reuseLevel returns the level a restart backtracks to.
func (s *Solver) reuseLevel() int {
	keep := min(len(s.assumptions), len(s.lim))
	if s.opts.ReuseTrail == 0 || s.outOfOrder {
		return keep
	}
	next := s.nextVariable()
	if next < 0 {
		return keep
	}
	for keep < len(s.lim) {
		x := s.trail[s.lim[keep]].v()
		if s.sched.stable {
			if s.score[x] <= s.score[next] {
				break
			}
		} else if s.queue.stamp[x] <= s.queue.stamp[next] {
			break
		}
		keep++
	}
	if keep > len(s.assumptions) {
		s.stats.ReusedLevels += uint64(keep - len(s.assumptions))
	}
	return keep
}
