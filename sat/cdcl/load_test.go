package cdcl

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// TestLoadPlainSameState checks loadPlain against the general path of
// AddList (AddClause's, clause by clause): on random formulas with
// duplicate literals, tautologies, units of both signs and empty clauses,
// added in parts to a solver that may already hold clauses, both leave
// the same engine state; and a cancelled context stops both at the same
// clause.
func TestLoadPlainSameState(t *testing.T) {
	for seed := range uint64(400) {
		rng := rand.New(rand.NewPCG(seed, 7))
		n := 3 + rng.IntN(12)
		clause := func() []sat.Lit {
			var c []sat.Lit
			switch rng.IntN(12) {
			case 0:
				return c // empty
			case 1, 2:
				return append(c, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0)) // unit
			}
			for range 1 + rng.IntN(5) {
				c = append(c, sat.Var(1+rng.IntN(n)).Lit(rng.IntN(2) == 0))
			}
			return c
		}
		fast, general := New(), New()
		for part := range 3 {
			l := sat.NewClauseList(0, 0)
			for range rng.IntN(3 * n) {
				l.Add(clause())
			}
			if err := fast.AddList(context.Background(), l); err != nil {
				t.Fatal(err)
			}
			if v := int(l.MaxVar()); v > general.maxVar {
				general.maxVar = v
				general.grow(v)
			}
			mark := general.orig.End()
			general.orig.AddList(l)
			for c := range general.orig.Since(mark) {
				general.addClause(c, mark)
				mark += len(c) + 1
			}
			if d := stateDiff(fast, general); d != "" {
				t.Fatalf("seed %d part %d: %s", seed, part, d)
			}
		}
	}
	// A cancelled context: neither adds a clause, both are broken.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	l := sat.NewClauseList(0, 0)
	l.Add([]sat.Lit{1, 2})
	s := New()
	if err := s.AddList(ctx, l); err == nil || s.broken == nil || s.stats.Original != 0 || len(s.arena) != 0 {
		t.Errorf("cancelled AddList: error %v, broken %v, %d originals, arena %v", err, s.broken, s.stats.Original, s.arena)
	}
}

// stateDiff names the first part of the engine state in which a and b
// differ, or returns "".
func stateDiff(a, b *Solver) string {
	parts := []struct {
		name string
		x, y any
	}{
		{"arena", a.arena, b.arena},
		{"trail", a.trail, b.trail},
		{"vals", a.vals, b.vals},
		{"lmark", a.lmark, b.lmark},
		{"unitID", a.unitID, b.unitID},
		{"unsat", a.unsat, b.unsat},
		{"nextID", a.nextID, b.nextID},
		{"stats", a.stats, b.stats},
		{"numIrred", a.numIrred, b.numIrred},
		{"unattached", a.unattached, b.unattached},
		{"attachFrom", a.attachFrom, b.attachFrom},
		{"orig", a.orig.Lits(), b.orig.Lits()},
	}
	for _, p := range parts {
		if !same(p.x, p.y) {
			return fmt.Sprintf("%s differs: loadPlain %v, general path %v", p.name, p.x, p.y)
		}
	}
	return ""
}

// same is reflect.DeepEqual, except that a nil slice equals an empty one
// (AddList reserves the arena, AddClause does not).
func same(x, y any) bool {
	vx, vy := reflect.ValueOf(x), reflect.ValueOf(y)
	if vx.Kind() == reflect.Slice && vy.Kind() == reflect.Slice && vx.Len() == 0 && vy.Len() == 0 {
		return true
	}
	return reflect.DeepEqual(x, y)
}
