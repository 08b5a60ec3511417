package sattest_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/sattest"
)

// brokenEnv names the broken solver a child test binary runs the suite on.
// A process where it is set never starts another one.
const brokenEnv = "SATSOLVE_SATTEST_BROKEN"

// Broken solvers: gini with one contract violation each.
type (
	ignoresAssumptions struct{ *gini.Solver }
	flippedModel       struct{ *gini.Solver }
	emptyCore          struct{ *gini.Solver }
	silentCancel       struct{ *gini.Solver }
	ownPool            struct {
		*gini.Solver
		next sat.Var
	}
	unsatWhenBusy struct {
		*gini.Solver
		as []sat.Lit
	}
)

func (s ignoresAssumptions) Solve(ctx context.Context, _ ...sat.Lit) (sat.Status, error) {
	return s.Solver.Solve(ctx)
}

func (s flippedModel) Model() sat.Assignment {
	m := s.Solver.Model()
	m[len(m)-1] = !m[len(m)-1]
	return m
}

func (s emptyCore) Failed() []sat.Lit { return nil }

func (s silentCancel) Solve(ctx context.Context, as ...sat.Lit) (sat.Status, error) {
	st, err := s.Solver.Solve(ctx, as...)
	if st == sat.Unknown {
		err = nil
	}
	return st, err
}

func (s *ownPool) NewVar() sat.Var {
	s.next++
	return s.next
}

func (s *unsatWhenBusy) Solve(ctx context.Context, as ...sat.Lit) (sat.Status, error) {
	if len(as) >= 3 {
		s.as = as
		return sat.Unsat, nil
	}
	s.as = nil
	return s.Solver.Solve(ctx, as...)
}

func (s *unsatWhenBusy) Failed() []sat.Lit {
	if s.as != nil {
		return s.as
	}
	return s.Solver.Failed()
}

// brokenSolvers maps each broken solver to a subtest of the suite that
// must catch it.
var brokenSolvers = []struct {
	name, caughtBy string
	make           func() sat.Solver
}{
	{"IgnoresAssumptions", "Assumptions", func() sat.Solver { return ignoresAssumptions{gini.New()} }},
	{"FlippedModel", "TrivialSat", func() sat.Solver { return flippedModel{gini.New()} }},
	{"EmptyCore", "FailedAssumptions", func() sat.Solver { return emptyCore{gini.New()} }},
	{"SilentCancel", "Cancel", func() sat.Solver { return silentCancel{gini.New()} }},
	{"OwnPool", "NewVarPool", func() sat.Solver { return &ownPool{Solver: gini.New()} }},
	{"UnsatWhenBusy", "RandomIncremental", func() sat.Solver { return &unsatWhenBusy{Solver: gini.New()} }},
}

// TestSuiteCatchesBrokenSolvers runs the conformance suite, in a child
// process, on solvers that each break one rule, and checks that the
// expected subtest fails: the suite's checks can fail.
func TestSuiteCatchesBrokenSolvers(t *testing.T) {
	if os.Getenv(brokenEnv) != "" {
		t.Fatal("a child process must not start another one")
	}
	for _, b := range brokenSolvers {
		t.Run(b.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperBrokenSuite$", "-test.count=1", "-test.v")
			cmd.Env = append(os.Environ(), brokenEnv+"="+b.name)
			out, err := cmd.CombinedOutput()
			if err == nil || !strings.Contains(string(out), "--- FAIL: TestHelperBrokenSuite/"+b.caughtBy+" ") {
				t.Fatalf("suite on %s: want subtest %s to fail; got %v:\n%s", b.name, b.caughtBy, err, out)
			}
		})
	}
}

// TestHelperBrokenSuite runs the suite on the broken solver named in the
// environment; run normally it does nothing.
func TestHelperBrokenSuite(t *testing.T) {
	name := os.Getenv(brokenEnv)
	for _, b := range brokenSolvers {
		if b.name == name {
			sattest.Run(t, b.make)
		}
	}
}
