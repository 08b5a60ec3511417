package walk

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// reference is the view newProblem must build, computed plainly: without
// assumptions, the clauses as they are; under assumptions, each clause not
// satisfied by one and not a tautology, without the literals they falsify
// and without repeats, in order. ok is false when a clause of the view is
// empty.
func reference(clauses []sat.Clause, assumptions []sat.Lit) (view []string, ok bool) {
	if len(assumptions) == 0 {
		for _, c := range clauses {
			if len(c) == 0 {
				return nil, false
			}
			view = append(view, c.String())
		}
		return view, true
	}
	holds := map[sat.Lit]bool{}
	for _, a := range assumptions {
		holds[a] = true
	}
	for _, c := range clauses {
		var out sat.Clause
		drop := false
		for _, l := range c {
			switch {
			case holds[l] || slices.Contains(c, -l):
				drop = true
			case holds[-l] || slices.Contains(out, l):
			default:
				out = append(out, l)
			}
		}
		if drop {
			continue
		}
		if len(out) == 0 {
			return nil, false
		}
		view = append(view, out.String())
	}
	return view, true
}

// TestProblemView checks the search's view of random small formulas with
// repeated literals, tautologies, empty clauses and assumptions against
// reference, and the occurrence lists against the clauses; without
// assumptions the view is not a copy (its literals are the clause list's
// own).
func TestProblemView(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	copied := 0
	for trial := range 3000 {
		n := 1 + r.IntN(6)
		var l sat.ClauseList
		var clauses []sat.Clause
		for range r.IntN(8) {
			c := make(sat.Clause, min(r.IntN(12), 4)) // 1 in 12 empty
			for i := range c {
				c[i] = sat.Lit(1 + r.IntN(n))
				if r.IntN(2) == 0 {
					c[i] = -c[i]
				}
			}
			clauses = append(clauses, c)
			l.Add(c)
		}
		var assumptions []sat.Lit
		if r.IntN(3) == 0 {
			v := sat.Lit(1 + r.IntN(n))
			if r.IntN(2) == 0 {
				v = -v
			}
			assumptions = append(assumptions, v)
		}
		want, ok := reference(clauses, assumptions)
		p, conflict, err := newProblem(context.Background(), &l, n, assumptions)
		if err != nil || conflict == ok {
			t.Fatalf("trial %d: %v under %v: conflict %v, err %v; want ok %v", trial, clauses, assumptions, conflict, err, ok)
		}
		if conflict {
			continue
		}
		var got []string
		for c := range p.numClauses() {
			got = append(got, sat.Clause(p.clause(int32(c))).String())
			for _, x := range p.clause(int32(c)) {
				if !slices.Contains(p.occ(code(x)), int32(c)) {
					t.Fatalf("trial %d: clause %d missing from the occurrences of %d", trial, c, x)
				}
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("trial %d: %v under %v: view %v, want %v", trial, clauses, assumptions, got, want)
		}
		if len(p.occs) != len(p.lits)-p.numClauses() {
			t.Fatalf("trial %d: %d occurrences for %d literals", trial, len(p.occs), len(p.lits)-p.numClauses())
		}
		shared := len(p.lits) > 0 && &p.lits[0] == &l.Lits()[0]
		if shared != (len(assumptions) == 0 && len(p.lits) > 0) {
			t.Fatalf("trial %d: %v under %v: shared %v", trial, clauses, assumptions, shared)
		}
		if !shared {
			copied++
		}
	}
	if copied == 0 || copied == 3000 {
		t.Fatalf("%d of 3000 views copied: the trials miss a case", copied)
	}
}

// TestRepeatsAndTautologies solves random small formulas whose clauses
// repeat literals and hold tautologies, which the search sees as they are
// when there are no assumptions: every formula a brute force finds
// satisfiable gets a model (which Solve checks against the clauses), and
// no other does.
func TestRepeatsAndTautologies(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for trial := range 500 {
		n := 1 + r.IntN(5)
		s := New(WithSeed(uint64(trial)), WithMaxFlips(20000))
		var clauses []sat.Clause
		for range 1 + r.IntN(12) {
			c := make(sat.Clause, 1+r.IntN(4))
			for i := range c {
				c[i] = sat.Lit(1 + r.IntN(n))
				if r.IntN(2) == 0 {
					c[i] = -c[i]
				}
			}
			clauses = append(clauses, c)
			s.AddClause(c...)
		}
		satisfiable := false
		for bits := 0; bits < 1<<n && !satisfiable; bits++ {
			a := sat.NewAssignment(n)
			for v := 1; v <= n; v++ {
				a[v] = bits>>(v-1)&1 == 1
			}
			f := sat.Formula{NumVars: n, Clauses: clauses}
			satisfiable = f.Check(a) == nil
		}
		st, err := s.Solve(context.Background())
		switch {
		case satisfiable && (st != sat.Sat || err != nil):
			t.Fatalf("trial %d: %v: %v, %v; want a model", trial, clauses, st, err)
		case !satisfiable && st == sat.Sat:
			t.Fatalf("trial %d: %v is unsatisfiable, yet Sat", trial, clauses)
		}
	}
}
