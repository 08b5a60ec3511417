package learn

import (
	"fmt"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/restart"
)

// The learning search's main loop: propagate; on a conflict learn,
// backjump and maybe restart or shrink the clause database; else branch
// on the most active open cell with its saved colour, or, with every cell
// set, record the solution and block it.

// learnConfig holds the learning search's tunables.
type learnConfig struct {
	restartUnit int     // conflicts per unit of the Luby restart sequence (0: no restarts)
	firstReduce int     // learned clauses kept before the first reduction
	reduceStep  int     // the bound grows by this much per reduction
	decay       float64 // VSIDS activity decay per conflict
	lifo        bool    // solve queued lines last in, first out (else first in, first out)
	black       bool    // first phase: black
}

// defaultLearnConfig: see docs/nonogram.md for the measurements.
var defaultLearnConfig = learnConfig{restartUnit: 200, firstReduce: 2000, reduceStep: 300, decay: 0.95, black: true}

// solve runs the search to its end. It returns the solutions (known ones
// first), whether the search covered everything, and an error on
// interruption or when a solution fails Check.
func (s *Learner) solve() ([]*nonogram.Grid, bool, error) {
	_, err := s.Resume(0)
	return s.Known, s.Exhausted, err
}

// start sets the given cells and propagates at the root. It returns
// false when that shows there is no solution (then exhausted is set).
func (s *Learner) start() (bool, error) {
	s.started = true
	s.maxLearnt = s.cfg.firstReduce
	s.run, s.budget = 1, int64(s.cfg.restartUnit*restart.Luby(1))
	if s.P.Given != nil {
		for i, v := range s.P.Given.Cells {
			if v == nonogram.Unknown {
				continue
			}
			x := mkLit(i, v == nonogram.Black)
			switch s.value(x) {
			case 0:
				s.Exhausted = true
				return false, nil
			case -1:
				s.assign(x, reasonDecision)
			}
		}
	}
	for l := range s.w + s.h {
		s.enqueueLine(l)
	}
	if c := s.propagate(); c != noConflict {
		s.Exhausted = true
		if len(s.Known) > 0 {
			return false, fmt.Errorf("%w: line solving refutes a solution that satisfies the clues", nonogram.ErrBadSolution)
		}
		return false, nil
	}
	return true, nil
}

// Work returns the line solves the search has run, explanations included.
func (s *Learner) Work() int64 { return s.propSolves + s.explainSolves }

// Resume runs the search until it ends or, with work > 0, until it has
// run more than work line solves in this call; it can be called again
// to go on. Solutions appended to known in between (found elsewhere; each
// passed Check) are blocked first. It returns true when the search has
// ended: the limit is reached, or exhausted is set (no further solution
// exists), or an error.
func (s *Learner) Resume(work int64) (bool, error) {
	if !s.started {
		if ok, err := s.start(); !ok {
			return true, err
		}
	}
	if s.Exhausted {
		return true, nil
	}
	for ; s.blocked < len(s.Known); s.blocked++ {
		s.cancelUntil(0)
		if !s.blockGrid(s.Known[s.blocked]) {
			s.Exhausted = true
			return true, nil
		}
	}
	if len(s.Known) >= s.limit {
		return true, nil
	}
	stop := s.Work() + work
	for {
		if work > 0 && s.Work() > stop {
			return false, nil
		}
		c := s.propagate()
		if c != noConflict {
			s.Conflicts++
			if s.decisionLevel() == 0 {
				s.Exhausted = true
				return true, nil
			}
			learnt, bt, err := s.analyze(c)
			if err != nil {
				return true, err
			}
			if s.checkErr != nil {
				return true, s.checkErr
			}
			s.cancelUntil(bt)
			s.learn(learnt)
			s.order.decay()
			if s.budget--; s.budget <= 0 && s.cfg.restartUnit > 0 {
				s.run++
				s.budget = int64(s.cfg.restartUnit * restart.Luby(s.run))
				s.Restarts++
				s.cancelUntil(0)
			}
			if s.Conflicts&63 == 0 {
				if err := s.ctx.Err(); err != nil {
					return true, err
				}
			}
			if s.nLearnt >= s.maxLearnt {
				s.reduce()
				s.maxLearnt += s.cfg.reduceStep
			}
			continue
		}
		if s.check {
			s.checkFixpoint()
			if s.checkErr != nil {
				return true, s.checkErr
			}
		}
		v := s.order.pop()
		for v >= 0 && s.val[v] >= 0 {
			v = s.order.pop()
		}
		if v >= 0 {
			s.Decisions++
			s.lim = append(s.lim, len(s.trail))
			s.assign(mkLit(v, s.phase[v]), reasonDecision)
			continue
		}
		g := s.grid()
		if err := nonogram.Check(s.P, g); err != nil {
			return true, fmt.Errorf("%w: learning search: %v", nonogram.ErrBadSolution, err)
		}
		for _, h := range s.Known {
			if h.Equal(g) {
				return true, fmt.Errorf("%w: learning search repeated a blocked solution", nonogram.ErrBadSolution)
			}
		}
		s.Known = append(s.Known, g)
		s.blocked++
		if len(s.Known) >= s.limit {
			return true, nil
		}
		if !s.blockDecisions() {
			s.Exhausted = true
			return true, nil
		}
	}
}

// grid returns the assignment, complete, as a grid.
func (s *Learner) grid() *nonogram.Grid {
	g := nonogram.NewGrid(s.w, s.h)
	for i, v := range s.val {
		g.Cells[i] = nonogram.White
		if v == 1 {
			g.Cells[i] = nonogram.Black
		}
	}
	return g
}

// blockDecisions excludes the solution on the board, complete, by the
// clause of its decisions negated; it backjumps to the level before the
// last decision and asserts that decision's negation. It returns false
// when the solution has no decisions (no other solution exists).
func (s *Learner) blockDecisions() bool {
	L := s.decisionLevel()
	if L == 0 {
		return false
	}
	lits := s.learnt[:0]
	for lv := L - 1; lv >= 0; lv-- {
		lits = append(lits, s.trail[s.lim[lv]].neg())
	}
	s.learnt = lits
	s.cancelUntil(L - 1)
	if len(lits) == 1 {
		s.assign(lits[0], reasonDecision)
		return true
	}
	s.assign(lits[0], s.attach(lits, false))
	return true
}

// blockGrid excludes solution g at level 0 (after the root propagation)
// by the clause of its cells negated, without the literals false at level
// 0. It returns false when every literal is false (g is the only
// solution left).
func (s *Learner) blockGrid(g *nonogram.Grid) bool {
	lits := s.learnt[:0]
	for i, v := range g.Cells {
		x := mkLit(i, v == nonogram.Black).neg()
		switch s.value(x) {
		case 1:
			return true // the root already differs from g
		case -1:
			lits = append(lits, x)
		}
	}
	s.learnt = lits
	switch len(lits) {
	case 0:
		return false
	case 1:
		s.assign(lits[0], reasonDecision)
	default:
		s.attach(lits, false)
	}
	return true
}
