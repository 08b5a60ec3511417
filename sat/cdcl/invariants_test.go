package cdcl

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/sattest"
)

// checkInvariants verifies the engine's structural invariants (doc.go):
// watches, trail, values, and, when propagated is set, that no clause is
// falsified or unit-but-unassigned. It is for tests and debugging.
func (s *Solver) checkInvariants(propagated bool) error {
	for i, l := range s.trail {
		x := l.v()
		if s.elim[x] {
			return fmt.Errorf("eliminated variable %d assigned", x+1)
		}
		if s.vals[l] != 1 || s.vals[l^1] != -1 {
			return fmt.Errorf("trail[%d]=%v has value %d", i, l.ext(), s.vals[l])
		}
		if int(s.trailPos[x]) != i {
			return fmt.Errorf("trail[%d]=%v has trailPos %d", i, l.ext(), s.trailPos[x])
		}
	}
	assigned := 0
	for l := range s.vals {
		if s.vals[l] == 1 {
			assigned++
		}
	}
	if assigned != len(s.trail) {
		return fmt.Errorf("%d literals true, trail has %d", assigned, len(s.trail))
	}
	count := map[cref]int{}
	for l, ws := range s.watches {
		for _, w := range ws {
			c := w.ref &^ binFlag
			if s.garbage(c) {
				return fmt.Errorf("watch of %v on garbage clause %d", lit(l).ext(), c)
			}
			ls := s.lits(c)
			if ls[0] != lit(l) && ls[1] != lit(l) {
				return fmt.Errorf("clause %d %v watched by %v, not one of its first two", c, s.extLits(ls), lit(l).ext())
			}
			if (w.ref&binFlag != 0) != (len(ls) == 2) {
				return fmt.Errorf("clause %d binary flag wrong", c)
			}
			count[c]++
		}
	}
	for c := cref(0); int(c) < len(s.arena); c = s.next(c) {
		if s.garbage(c) {
			continue
		}
		for _, l := range s.lits(c) {
			if s.elim[l.v()] {
				return fmt.Errorf("clause %d %v holds eliminated variable %d", c, s.extLits(s.lits(c)), l.v()+1)
			}
		}
		if count[c] != 2 && !(s.unattached && c >= s.attachFrom && count[c] == 0) {
			return fmt.Errorf("clause %d %v has %d watches", c, s.extLits(s.lits(c)), count[c])
		}
		if !propagated {
			continue
		}
		var open, sat int
		for _, l := range s.lits(c) {
			switch s.vals[l] {
			case 0:
				open++
			case 1:
				sat++
			}
		}
		if sat == 0 && open <= 1 {
			return fmt.Errorf("clause %d %v is unit or false after propagation (open %d)", c, s.extLits(s.lits(c)), open)
		}
	}
	return s.checkPBInvariants(propagated)
}

// checkPBInvariants verifies the PB state against its definitions
// (pbpropagate.go, pbexplain.go): every slack and accounted-false list
// recomputed from the trail, the occurrence lists, frozen variables, and
// every PB reason's explanation; with propagated, that no constraint is
// falsified or has an unassigned literal above its slack.
func (s *Solver) checkPBInvariants(propagated bool) error {
	p := &s.pb
	if p.occs == nil {
		return nil
	}
	if p.head > len(s.trail) {
		return fmt.Errorf("pb head %d beyond the trail (%d)", p.head, len(s.trail))
	}
	if propagated && p.head != len(s.trail) {
		return fmt.Errorf("pb head %d short of the trail (%d) after propagation", p.head, len(s.trail))
	}
	occ := map[[2]int64]int64{} // (literal, constraint) -> coefficient
	for l, os := range p.occs {
		for _, o := range os {
			occ[[2]int64{int64(l), int64(o.p)}] = o.coef
		}
	}
	nocc := 0
	for i := range p.cons {
		c := &p.cons[i]
		terms := p.terms[c.start : c.start+c.n]
		var sum int64
		var want []pbTerm
		for j, t := range terms {
			sum += t.coef
			if j > 0 && t.coef > terms[j-1].coef {
				return fmt.Errorf("pb %d: terms not sorted by coefficient", i)
			}
			if t.coef < 1 || t.coef > c.k {
				return fmt.Errorf("pb %d: coefficient %d outside [1, %d]", i, t.coef, c.k)
			}
			if co, ok := occ[[2]int64{int64(t.l), int64(i)}]; !ok || co != t.coef {
				return fmt.Errorf("pb %d: literal %v missing from its occurrence list", i, t.l.ext())
			}
			nocc++
			if s.frozen[t.l.v()] == 0 || s.elim[t.l.v()] {
				return fmt.Errorf("pb %d: variable %d not frozen or eliminated", i, t.l.v()+1)
			}
			if s.vals[t.l] < 0 && int(s.trailPos[t.l.v()]) < p.head {
				want = append(want, t)
			}
		}
		if c.maxSlack != sum-c.k || c.k >= sum {
			return fmt.Errorf("pb %d: maxSlack %d, Σc %d, K %d", i, c.maxSlack, sum, c.k)
		}
		slack := c.maxSlack
		for _, t := range want {
			slack -= t.coef
		}
		if c.slack != slack {
			return fmt.Errorf("pb %d: slack %d, by its definition %d", i, c.slack, slack)
		}
		slices.SortFunc(want, func(a, b pbTerm) int { return int(s.trailPos[a.l.v()] - s.trailPos[b.l.v()]) })
		if !slices.Equal(want, p.falsed[c.start:c.start+c.nfalse]) {
			return fmt.Errorf("pb %d: accounted false literals %v, want %v", i, p.falsed[c.start:c.start+c.nfalse], want)
		}
		for _, t := range terms[:c.scan] {
			if s.vals[t.l] == 0 {
				return fmt.Errorf("pb %d: unassigned %v before scan %d", i, t.l.ext(), c.scan)
			}
		}
		if !propagated {
			continue
		}
		if c.slack < 0 {
			return fmt.Errorf("pb %d falsified after propagation (slack %d)", i, c.slack)
		}
		for _, t := range terms {
			if s.vals[t.l] == 0 && t.coef > c.slack {
				return fmt.Errorf("pb %d: unassigned %v has coefficient %d above the slack %d after propagation", i, t.l.ext(), t.coef, c.slack)
			}
		}
	}
	if nocc != len(occ) {
		return fmt.Errorf("%d PB occurrences, %d terms", len(occ), nocc)
	}
	for _, l := range s.trail {
		r := s.reason[l.v()]
		if r == noRef || r&pbFlag == 0 {
			continue
		}
		if err := s.checkExplanation(l, r); err != nil {
			return err
		}
	}
	return nil
}

// checkExplanation verifies the explanation of l's implication by PB
// constraint r: l first, then literals of the constraint false before l,
// whose coefficients with l's exceed the constraint's slack at most.
func (s *Solver) checkExplanation(l lit, r cref) error {
	p := &s.pb
	c := &p.cons[r&^pbFlag]
	coef := map[lit]int64{}
	for _, t := range p.terms[c.start : c.start+c.n] {
		coef[t.l] = t.coef
	}
	mark := len(s.arena)
	ex := slices.Clone(s.lits(s.pbReason(r, l.v())))
	s.pbDone(mark)
	if len(ex) == 0 || ex[0] != l {
		return fmt.Errorf("explanation of %v does not start with it: %v", l.ext(), s.extLits(ex))
	}
	sum := coef[l]
	for _, q := range ex[1:] {
		co, ok := coef[q]
		if !ok || s.vals[q] >= 0 || s.trailPos[q.v()] >= s.trailPos[l.v()] {
			return fmt.Errorf("explanation of %v: %v is not a literal of the constraint false before it", l.ext(), q.ext())
		}
		sum += co
	}
	if sum <= c.maxSlack {
		return fmt.Errorf("explanation of %v: coefficients %d do not exceed the slack %d", l.ext(), sum, c.maxSlack)
	}
	return nil
}

// TestInvariants checks the structural invariants before every decision
// and after every Solve, on random incremental sequences with schedules
// that fire often (reductions, restarts, mode switches, simplification).
func TestInvariants(t *testing.T) {
	var failed error
	testHook = func(s *Solver) {
		if failed == nil {
			failed = s.checkInvariants(true)
		}
	}
	defer func() { testHook = nil }()
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 17))
		o := DefaultOptions()
		o.Stable = rng.IntN(3)
		o.ReduceInt, o.StableInit, o.Reluctant, o.RestartInt = 10, 1+rng.IntN(30), 1, 1
		o.ChronoLevels = rng.IntN(3)
		o.ReduceLimit = rng.IntN(2) * rng.IntN(50)
		s, _ := NewWith(o)
		n := 10 + rng.IntN(40)
		for step := range 4 {
			for range 2 * n {
				var c []sat.Lit
				for range 1 + rng.IntN(4) {
					c = append(c, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0))
				}
				s.AddClause(c...)
			}
			var as []sat.Lit
			for range rng.IntN(3) {
				as = append(as, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0))
			}
			if _, err := s.Solve(context.Background(), as...); err != nil {
				t.Fatal(err)
			}
			if failed == nil {
				failed = s.checkInvariants(false)
			}
			if failed != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, failed)
			}
		}
	}
}

// TestPBInvariants checks the invariants, the PB state's included, before
// every decision and after every Solve on random incremental sequences of
// clauses and native PB constraints (no expansion into clauses), with the
// schedules firing often.
func TestPBInvariants(t *testing.T) {
	var failed error
	testHook = func(s *Solver) {
		if failed == nil {
			failed = s.checkInvariants(true)
		}
	}
	defer func() { testHook = nil }()
	var implied, conflicts uint64
	for seed := range uint64(1000) {
		rng := rand.New(rand.NewPCG(seed, 23))
		o := DefaultOptions()
		o.Stable = rng.IntN(3)
		o.ReduceInt, o.StableInit, o.Reluctant, o.RestartInt = 10, 1+rng.IntN(30), 1, 1
		o.InprocessInt = 1 + rng.IntN(20)
		o.PBClauses = 0
		s, _ := NewWith(o)
		n := 10 + rng.IntN(40)
		for step := range 4 {
			for range n {
				var c []sat.Lit
				for range 2 + rng.IntN(3) {
					c = append(c, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0))
				}
				s.AddClause(c...)
			}
			for range 1 + rng.IntN(4) {
				c := sattest.RandomPBMix(rng, n)
				c.K = sattest.MidBound(c)
				s.AddPB(c)
			}
			var as []sat.Lit
			for range rng.IntN(3) {
				as = append(as, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0))
			}
			if _, err := s.Solve(context.Background(), as...); err != nil {
				t.Fatal(err)
			}
			if failed == nil {
				failed = s.checkInvariants(false)
			}
			if failed != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, failed)
			}
		}
		implied += s.stats.PBImplied
		conflicts += s.stats.PBConflicts
	}
	if implied < 10000 || conflicts < 1000 {
		t.Errorf("only %d PB propagations and %d PB conflicts: the test means little", implied, conflicts)
	}
}

// TestPBPhase checks the initial phase of PB constraints' variables: false
// under the default pbphase=0 when the constraint comes before the first
// Solve, untouched for a variable of clauses only or a constraint added
// later, and restored by the 'O' rephase.
func TestPBPhase(t *testing.T) {
	s := New()
	s.AddClause(1, 5)
	s.AddPB(sat.PB{Terms: []sat.Term{{Coef: 1, Lit: 2}, {Coef: 1, Lit: 3}, {Coef: 1, Lit: 4}, {Coef: 1, Lit: 5}}, Op: sat.AtLeast, K: 2})
	if s.saved[0] != 1 || s.saved[1] != -1 || s.saved[4] != -1 {
		t.Fatalf("saved phases %v, want x1 true (clauses only), x2 and x5 false", s.saved[:5])
	}
	for x := range s.saved {
		s.saved[x] = 1
	}
	s.stats.Rephases = 0
	s.rephase() // the first rephase restores the original phases
	if s.saved[0] != 1 || s.saved[1] != -1 {
		t.Fatalf("after the original rephase %v", s.saved[:5])
	}
	if _, err := s.Solve(context.Background()); err != nil {
		t.Fatal(err)
	}
	s.AddPB(sat.PB{Terms: []sat.Term{{Coef: 1, Lit: 6}, {Coef: 1, Lit: 7}, {Coef: 1, Lit: 8}}, Op: sat.AtLeast, K: 2})
	if s.saved[5] != 1 {
		t.Fatalf("a constraint added after a Solve changed phase %d", s.saved[5])
	}
}
