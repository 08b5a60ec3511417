package check

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/sat"
)

// Solver is a small CDCL solver (two watched literals, first-UIP learning,
// assumptions as the first decisions, lowest-index-first decisions with
// phase saving). It implements sat.Solver. Use New to create one.
type Solver struct {
	numVars int
	orig    []sat.Clause // every clause as added, for the model check
	clauses [][]sat.Lit  // problem and learnt clauses; [0] and [1] are watched
	watches [][]int      // clause indices, by index(l) of the watched literal
	value   []int8       // by variable: 0 unassigned, 1 true, -1 false
	level   []int
	reason  []int // clause index, or -1
	phase   []bool
	seen    []bool
	trail   []sat.Lit
	limits  []int // trail length at the start of each decision level
	qhead   int
	next    int  // no unassigned variable below next
	unsat   bool // the clauses alone are unsatisfiable
	model   sat.Assignment
	hasSat  bool
}

// New returns an empty solver.
func New() *Solver {
	return &Solver{
		value:   []int8{0},
		level:   []int{0},
		reason:  []int{-1},
		phase:   []bool{false},
		seen:    []bool{false},
		watches: make([][]int, 2),
		next:    1,
	}
}

func index(l sat.Lit) int {
	if l > 0 {
		return 2 * int(l)
	}
	return -2*int(l) + 1
}

func (s *Solver) grow(n int) {
	for s.numVars < n {
		s.numVars++
		s.value = append(s.value, 0)
		s.level = append(s.level, 0)
		s.reason = append(s.reason, -1)
		s.phase = append(s.phase, false)
		s.seen = append(s.seen, false)
		s.watches = append(s.watches, nil, nil)
	}
}

// NewVar returns a fresh variable above every variable seen so far.
func (s *Solver) NewVar() sat.Var {
	s.grow(s.numVars + 1)
	return sat.Var(s.numVars)
}

// NumVars returns the number of variables of the solver.
func (s *Solver) NumVars() int { return s.numVars }

func (s *Solver) litValue(l sat.Lit) int8 {
	v := s.value[l.Var()]
	if l < 0 {
		return -v
	}
	return v
}

// AddClause adds a copy of lits. It panics on a zero literal.
func (s *Solver) AddClause(lits ...sat.Lit) {
	s.hasSat = false
	c := make(sat.Clause, len(lits))
	copy(c, lits)
	for _, l := range c {
		if l == 0 {
			panic("check: zero literal")
		}
		if int(l.Var()) > s.numVars {
			s.grow(int(l.Var()))
		}
	}
	s.orig = append(s.orig, c)
	s.cancel(0)
	if s.unsat {
		return
	}
	var kept []sat.Lit
	for _, l := range c {
		switch s.litValue(l) {
		case 1:
			return
		case -1:
			continue
		}
		dup := false
		for _, k := range kept {
			if k == l {
				dup = true
			}
			if k == -l {
				return // tautology
			}
		}
		if !dup {
			kept = append(kept, l)
		}
	}
	switch len(kept) {
	case 0:
		s.unsat = true
	case 1:
		s.enqueue(kept[0], -1)
		if s.propagate() >= 0 {
			s.unsat = true
		}
	default:
		s.attach(kept)
	}
}

func (s *Solver) attach(c []sat.Lit) int {
	ci := len(s.clauses)
	s.clauses = append(s.clauses, c)
	s.watches[index(c[0])] = append(s.watches[index(c[0])], ci)
	s.watches[index(c[1])] = append(s.watches[index(c[1])], ci)
	return ci
}

func (s *Solver) decisionLevel() int { return len(s.limits) }

func (s *Solver) enqueue(l sat.Lit, reason int) {
	v := l.Var()
	if l > 0 {
		s.value[v] = 1
	} else {
		s.value[v] = -1
	}
	s.level[v] = s.decisionLevel()
	s.reason[v] = reason
	s.trail = append(s.trail, l)
}

func (s *Solver) cancel(lvl int) {
	if s.decisionLevel() <= lvl {
		return
	}
	for i := len(s.trail) - 1; i >= s.limits[lvl]; i-- {
		v := s.trail[i].Var()
		s.phase[v] = s.value[v] > 0
		s.value[v] = 0
		s.reason[v] = -1
		if int(v) < s.next {
			s.next = int(v)
		}
	}
	s.trail = s.trail[:s.limits[lvl]]
	s.limits = s.limits[:lvl]
	s.qhead = len(s.trail)
}

// propagate runs unit propagation and returns a conflicting clause index,
// or -1.
func (s *Solver) propagate() int {
	for s.qhead < len(s.trail) {
		p := s.trail[s.qhead]
		s.qhead++
		f := -p
		ws := s.watches[index(f)]
		i, j := 0, 0
		for i < len(ws) {
			ci := ws[i]
			c := s.clauses[ci]
			if c[0] == f {
				c[0], c[1] = c[1], c[0]
			}
			if s.litValue(c[0]) == 1 {
				ws[j] = ci
				i, j = i+1, j+1
				continue
			}
			moved := false
			for k := 2; k < len(c); k++ {
				if s.litValue(c[k]) != -1 {
					c[1], c[k] = c[k], c[1]
					s.watches[index(c[1])] = append(s.watches[index(c[1])], ci)
					moved = true
					break
				}
			}
			i++
			if moved {
				continue
			}
			ws[j] = ci
			j++
			if s.litValue(c[0]) == -1 {
				for i < len(ws) {
					ws[j] = ws[i]
					i, j = i+1, j+1
				}
				s.watches[index(f)] = ws[:j]
				return ci
			}
			s.enqueue(c[0], ci)
		}
		s.watches[index(f)] = ws[:j]
	}
	return -1
}

// analyze derives a first-UIP clause from the conflict and returns it with
// the level to jump back to.
func (s *Solver) analyze(confl int) ([]sat.Lit, int) {
	learnt := []sat.Lit{0}
	var p sat.Lit
	pathC := 0
	idx := len(s.trail) - 1
	for {
		c := s.clauses[confl]
		start := 0
		if p != 0 {
			start = 1
		}
		for _, q := range c[start:] {
			v := q.Var()
			if s.seen[v] || s.level[v] == 0 {
				continue
			}
			s.seen[v] = true
			if s.level[v] == s.decisionLevel() {
				pathC++
			} else {
				learnt = append(learnt, q)
			}
		}
		for !s.seen[s.trail[idx].Var()] {
			idx--
		}
		p = s.trail[idx]
		idx--
		confl = s.reason[p.Var()]
		s.seen[p.Var()] = false
		pathC--
		if pathC == 0 {
			break
		}
	}
	learnt[0] = -p
	bt := 0
	for i := 1; i < len(learnt); i++ {
		s.seen[learnt[i].Var()] = false
		if s.level[learnt[i].Var()] > bt {
			bt = s.level[learnt[i].Var()]
			learnt[1], learnt[i] = learnt[i], learnt[1]
		}
	}
	return learnt, bt
}

// Solve decides the clauses under the assumptions.
func (s *Solver) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	s.hasSat = false
	for _, l := range assumptions {
		if l == 0 {
			panic("check: zero literal")
		}
		if int(l.Var()) > s.numVars {
			s.grow(int(l.Var()))
		}
	}
	s.cancel(0)
	if s.unsat {
		return sat.Unsat, nil
	}
	conflicts := 0
	for {
		confl := s.propagate()
		if confl >= 0 {
			if s.decisionLevel() == 0 {
				s.unsat = true
				return sat.Unsat, nil
			}
			conflicts++
			if conflicts%256 == 0 {
				if err := ctx.Err(); err != nil {
					s.cancel(0)
					return sat.Unknown, err
				}
			}
			learnt, bt := s.analyze(confl)
			s.cancel(bt)
			if len(learnt) == 1 {
				s.enqueue(learnt[0], -1)
			} else {
				s.enqueue(learnt[0], s.attach(learnt))
			}
			continue
		}
		if d := s.decisionLevel(); d < len(assumptions) {
			p := assumptions[d]
			switch s.litValue(p) {
			case -1:
				s.cancel(0)
				return sat.Unsat, nil
			case 1:
				s.limits = append(s.limits, len(s.trail))
			default:
				s.limits = append(s.limits, len(s.trail))
				s.enqueue(p, -1)
			}
			continue
		}
		for s.next <= s.numVars && (s.next == 0 || s.value[s.next] != 0) {
			s.next++
		}
		if s.next > s.numVars {
			break
		}
		v := sat.Var(s.next)
		s.limits = append(s.limits, len(s.trail))
		s.enqueue(v.Lit(s.phase[v]), -1)
	}
	m := sat.NewAssignment(s.numVars)
	for v := 1; v <= s.numVars; v++ {
		m[v] = s.value[v] > 0
	}
	s.cancel(0)
	f := sat.Formula{NumVars: s.numVars, Clauses: s.orig}
	if err := f.CheckUnder(m, assumptions); err != nil {
		return sat.Unknown, fmt.Errorf("%w: %v", sat.ErrBadModel, err)
	}
	s.model = m
	s.hasSat = true
	return sat.Sat, nil
}

// Value returns the value of l in the last model.
func (s *Solver) Value(l sat.Lit) bool {
	if !s.hasSat {
		panic("check: Value without a model")
	}
	return s.model.Lit(l)
}

// Model returns a copy of the last model.
func (s *Solver) Model() sat.Assignment {
	if !s.hasSat {
		panic("check: Model without a model")
	}
	return append(sat.Assignment(nil), s.model...)
}

// Propagate returns the unit-propagation closure of the clauses under the
// assumptions: the value of every variable (1 true, -1 false, 0 unassigned,
// index 0 unused) and false when propagation reaches a conflict. It must not
// be mixed with Solve on the same solver, whose learnt clauses would
// strengthen propagation.
func (s *Solver) Propagate(assumptions []sat.Lit) ([]int8, bool) {
	s.cancel(0)
	if s.unsat {
		return nil, false
	}
	s.limits = append(s.limits, len(s.trail))
	defer s.cancel(0)
	for _, l := range assumptions {
		switch s.litValue(l) {
		case -1:
			return nil, false
		case 0:
			s.enqueue(l, -1)
		}
	}
	if s.propagate() >= 0 {
		return nil, false
	}
	return append([]int8(nil), s.value...), true
}
