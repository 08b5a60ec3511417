package sattest

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
)

// solveTimeout bounds every solve the suite expects to finish, so that a
// hanging backend fails its test instead of stalling the test binary.
const solveTimeout = 2 * time.Minute

// harness holds what every conformance test needs: how to make a solver
// and the backend's declared limits.
type harness struct {
	newSolver func() sat.Solver
	opts      Options
}

// mirror is a solver under test together with a copy of every constraint
// added to it, which the checks use as the truth.
type mirror struct {
	s sat.Solver
	f sat.Formula
}

func (h *harness) fresh() *mirror { return &mirror{s: h.newSolver()} }

func (m *mirror) add(lits ...sat.Lit) {
	m.s.AddClause(lits...)
	m.f.AddClause(lits...)
}

// addPB adds c through the solver's PBAdder facet, which the caller has
// checked exists.
func (m *mirror) addPB(c sat.PB) {
	m.s.(sat.PBAdder).AddPB(c)
	m.f.AddPB(c)
}

func (m *mirror) load(f *sat.Formula) {
	for _, c := range f.Clauses {
		m.add(c...)
	}
	for _, c := range f.PBs {
		m.addPB(c)
	}
}

// solve runs one Solve that must finish, and checks everything a Sat answer
// promises: a nil error, a model covering every variable and assumption,
// satisfying the constraints and assumptions, with Value agreeing with
// Model. It checks that a definite answer has a nil error and that Unknown
// has a non-nil one, and returns the status and error.
func (h *harness) solve(t testing.TB, m *mirror, assumptions ...sat.Lit) (sat.Status, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), solveTimeout)
	defer cancel()
	st, err := m.s.Solve(ctx, assumptions...)
	switch st {
	case sat.Sat:
		if err != nil {
			t.Fatalf("Solve(%v) = SAT with error %v", assumptions, err)
		}
		checkModel(t, m, assumptions)
	case sat.Unsat:
		if err != nil {
			t.Fatalf("Solve(%v) = UNSAT with error %v", assumptions, err)
		}
	case sat.Unknown:
		if err == nil {
			t.Fatalf("Solve(%v) = UNKNOWN with a nil error", assumptions)
		}
	default:
		t.Fatalf("Solve(%v) returned invalid status %v", assumptions, st)
	}
	return st, err
}

// expect solves and fails t unless the answer is want. After an Unsat
// answer it checks the failed assumptions, if the solver reports them.
func (h *harness) expect(t testing.TB, m *mirror, want sat.Status, assumptions ...sat.Lit) {
	t.Helper()
	if st, err := h.solve(t, m, assumptions...); st != want {
		t.Fatalf("Solve(%v) = %v (error: %v), want %v", assumptions, st, err, want)
	}
	if want == sat.Unsat {
		h.checkFailed(t, m, assumptions, true)
	}
}

// checkModel verifies the model of the last Solve, which returned Sat.
func checkModel(t testing.TB, m *mirror, assumptions []sat.Lit) {
	t.Helper()
	model := m.s.Model()
	top := m.f.NumVars
	for _, l := range assumptions {
		top = max(top, int(l.Var()))
	}
	if model.NumVars() < top {
		t.Fatalf("model covers %d variables, want at least %d", model.NumVars(), top)
	}
	if err := m.f.CheckUnder(model, assumptions); err != nil {
		t.Fatalf("Sat model fails the check under %v: %v", assumptions, err)
	}
	for v := sat.Var(1); int(v) <= top; v++ {
		if m.s.Value(v.Pos()) != model[v] || m.s.Value(v.Neg()) == model[v] {
			t.Fatalf("Value(±%d) disagrees with Model()[%d] = %v", v, v, model[v])
		}
	}
}

// checkFailed verifies the failed assumptions of the last Solve, which
// returned Unsat, when the solver reports them: they must be a subset of
// the assumptions and, when verify is set, unsatisfiable with the
// constraints on a fresh solver (an empty set means the constraints alone
// are unsatisfiable).
func (h *harness) checkFailed(t testing.TB, m *mirror, assumptions []sat.Lit, verify bool) {
	t.Helper()
	fa, ok := m.s.(sat.FailedAssumer)
	if !ok {
		return
	}
	failed := fa.Failed()
	for _, l := range failed {
		if !slices.Contains(assumptions, l) {
			t.Fatalf("Failed() = %v is not a subset of the assumptions %v", failed, assumptions)
		}
	}
	if !verify {
		return
	}
	other := h.fresh()
	other.load(&m.f)
	if st, _ := h.solve(t, other, failed...); st != sat.Unsat {
		t.Fatalf("Failed() = %v under assumptions %v, but a fresh solver finds the constraints %v under them", failed, assumptions, st)
	}
}

// cancelled reports whether err says that ctx ended.
func cancelled(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
