package backend

import (
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// countTracer counts the clauses it is shown.
type countTracer struct{ orig, derived, deleted int }

func (c *countTracer) Original(uint64, []sat.Lit)          { c.orig++ }
func (c *countTracer) Derived(uint64, []sat.Lit, []uint64) { c.derived++ }
func (c *countTracer) Deleted(uint64, []sat.Lit)           { c.deleted++ }

func TestProves(t *testing.T) {
	for spec, want := range map[string]bool{"cdcl": true, "cdcl:stable=2": true, "gini": false, "portfolio:cdcl,walk": false, "cdclx": false} {
		if Proves(spec) != want {
			t.Errorf("Proves(%q) = %v", spec, !want)
		}
	}
	for _, spec := range []string{"cdcl", "cdcl:stable=2", "gini", "walk"} {
		s, err := New(spec)
		if err != nil {
			t.Fatal(err)
		}
		var c countTracer
		err = SetTracer(s, &c)
		if (err == nil) != Proves(spec) {
			t.Fatalf("%s: SetTracer: %v", spec, err)
		}
		if err != nil {
			continue
		}
		s.AddClause(1, 2)
		s.AddClause(-1, 2)
		s.AddClause(1, -2)
		s.AddClause(-1, -2)
		if st, _ := s.Solve(t.Context()); st != sat.Unsat || c.orig != 4 || c.derived == 0 {
			t.Errorf("%s: %v, %+v", spec, st, c)
		}
	}
}
