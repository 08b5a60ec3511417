package cdcl

import (
	"context"
	"errors"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// TestDeferCheck checks the sat.CheckDeferrer facet: the solver's
// originals are given a clause the engine never saw, which its model
// falsifies; its own check then turns the Sat answer into ErrBadModel,
// and after DeferCheck it answers Sat, the check being the caller's.
func TestDeferCheck(t *testing.T) {
	for _, deferred := range []bool{false, true} {
		s := New()
		s.AddClause(1, 2)
		s.AddClause(-2)
		s.orig.Add([]sat.Lit{-1}) // never given to the engine
		if deferred && !sat.DeferCheck(s) {
			t.Fatal("cdcl is not a sat.CheckDeferrer")
		}
		st, err := s.Solve(context.Background())
		switch {
		case deferred && (st != sat.Sat || err != nil):
			t.Errorf("deferred: %v, %v; want Sat without the solver's check", st, err)
		case !deferred && (st != sat.Unknown || !errors.Is(err, sat.ErrBadModel)):
			t.Errorf("own check: %v, %v; want ErrBadModel", st, err)
		}
	}
}
