package cdcl

// Solve: the search loop and the IPASIR-style contract around it.
//
// The loop is the classic CDCL cycle (doc.go has the state machine):
// propagate; on a conflict, analyse, learn and backjump (a conflict at
// level 0 refutes the clauses); otherwise, between decisions, the
// schedules run in order — cancellation, restart, mode switch, level-0
// simplification, reduction — and then decide (assumptions first). Every
// Solve ends at level 0, so that AddClause and NewVar always find the
// solver at level 0.

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// Solve decides the clauses under the assumptions, which hold for this call
// only. It returns Sat with a checked model, Unsat (Failed then names
// responsible assumptions), or Unknown with ctx.Err() when the context
// ends first. It panics on a zero assumption.
func (s *Solver) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	s.ans.Reset()
	s.answered = true
	for _, l := range assumptions {
		s.note(l)
	}
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	if s.broken != nil {
		return sat.Unknown, fmt.Errorf("cdcl: an earlier AddList was interrupted (%w); the clauses are incomplete", s.broken)
	}
	s.stats.Solves++
	if len(s.pending) > 0 {
		s.flushPending()
	}
	if err := s.flushAttach(ctx); err != nil {
		return sat.Unknown, err
	}
	if s.unsat {
		s.ans.Unsat(nil)
		return sat.Unsat, nil
	}
	start := time.Now()
	defer func() { s.stats.SearchTime += time.Since(start) }()

	stop := new(atomic.Bool)
	s.stop = stop
	release := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer release()

	s.assumptions = s.assumptions[:0]
	for _, l := range assumptions {
		p := fromExt(l)
		x := p.v()
		if s.elim[x] {
			s.restore(x)
		}
		s.frozen[x] = 1 // assumed once, never eliminated
		s.assumedEver = true
		s.assumptions = append(s.assumptions, p)
	}
	if s.unsat { // a restored clause was empty at level 0
		s.ans.Unsat(nil)
		return sat.Unsat, nil
	}
	if err := s.flushAttach(ctx); err != nil {
		s.assumptions = s.assumptions[:0]
		return sat.Unknown, err
	}
	res := s.search()
	s.assumptions = s.assumptions[:0]
	switch res {
	case sat.Sat:
		m := s.readModel()
		s.extendModel(m)
		s.backtrack(0)
		if !s.deferCheck {
			if err := s.checkModel(m, assumptions); err != nil {
				return sat.Unknown, err
			}
		}
		s.ans.Sat(m)
		return sat.Sat, nil
	case sat.Unsat:
		s.backtrack(0)
		if s.unsat {
			s.ans.Unsat(nil)
		} else {
			s.ans.Unsat(append([]sat.Lit(nil), s.failed...))
		}
		return sat.Unsat, nil
	}
	s.backtrack(0)
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	return sat.Unknown, sat.ErrUnknown
}

// search runs CDCL until a model, a refutation, a failed assumption or a
// stop. Unsat with s.unsat set means the clauses alone are unsatisfiable.
func (s *Solver) search() sat.Status {
	for {
		confl := s.propagate()
		if len(s.lim) == 0 {
			s.fixLevel0()
		}
		if len(s.lateUnits) > 0 {
			s.fixLateUnits()
		}
		if confl != noRef {
			s.stats.Conflicts++
			if len(s.lim) == 0 {
				s.deriveEmpty(confl)
				s.unsat = true
				return sat.Unsat
			}
			if !s.analyze(confl) {
				s.unsat = true
				return sat.Unsat
			}
			continue
		}
		if s.stop.Load() {
			return sat.Unknown
		}
		if s.inprocessDue() {
			if !s.inprocess() {
				return sat.Unsat
			}
			continue
		}
		switch {
		case s.modeSwitchDue():
			s.switchMode()
		case s.restartDue():
			s.restart()
		}
		if len(s.lim) == 0 {
			if s.qhead < len(s.trail) {
				continue // a restart may leave level-0 work to propagate
			}
			if s.stats.Propagations >= s.sched.simplifyProps {
				s.simplify()
			}
		}
		if s.reduceDue() {
			s.reduce()
		}
		if s.rephaseDue() {
			s.rephase()
		}
		if testHook != nil {
			testHook(s)
		}
		switch s.decide() {
		case allAssigned:
			return sat.Sat
		case failedAssume:
			return sat.Unsat
		}
	}
}

// testHook, when set (by tests only), runs before every decision, where
// the invariants of doc.go must hold after a complete propagation.
var testHook func(*Solver)
