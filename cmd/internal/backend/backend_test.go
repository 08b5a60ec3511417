package backend

import (
	"context"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// TestCDCLSpecs checks the cdcl specs: the plain name, options after
// colons, and the errors for unknown or out-of-range options.
func TestCDCLSpecs(t *testing.T) {
	for _, spec := range []string{"cdcl", "cdcl:stable=0", "cdcl:stable=2:phase=0", "portfolio:cdcl,walk"} {
		s, err := New(spec)
		if err != nil {
			t.Fatalf("New(%q): %v", spec, err)
		}
		s.AddClause(1, 2)
		s.AddClause(-1)
		if st, err := s.Solve(context.Background()); st != sat.Sat || !s.Value(2) {
			t.Fatalf("New(%q): Solve = %v, %v", spec, st, err)
		}
	}
	for _, spec := range []string{"cdcl:", "cdcl:bogus=1", "cdcl:stable=9", "cdcl:stable", "cdcl:help", "portfolio:cdcl:help,walk"} {
		if _, err := New(spec); err == nil {
			t.Errorf("New(%q) accepted", spec)
		}
	}
}
