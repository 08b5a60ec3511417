package sattest

import (
	"slices"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

func testAssumptions(t *testing.T, h *harness) {
	m := h.fresh()
	m.add(1, 2)
	m.add(-2, 3)
	h.expect(t, m, sat.Sat, -1)
	if !m.s.Value(2) || !m.s.Value(3) {
		t.Fatalf("model %v under -1, want 2 and 3 true", m.s.Model())
	}
	h.expect(t, m, sat.Unsat, -1, -3)
	h.expect(t, m, sat.Sat) // assumptions hold for one call only
	h.expect(t, m, sat.Sat, -3)
	if !m.s.Value(1) || m.s.Value(2) {
		t.Fatalf("model %v under -3, want 1 true and 2 false", m.s.Model())
	}
	h.expect(t, m, sat.Sat, 1, 1, 1)
}

func testComplementaryAssumptions(t *testing.T, h *harness) {
	m := h.fresh()
	m.add(1, 2)
	h.expect(t, m, sat.Unsat, 1, -1)
	h.expect(t, m, sat.Sat)
	h.expect(t, m, sat.Unsat, 2, 7, -7) // variable 7 is in no clause
	h.expect(t, m, sat.Sat, -1)
}

func testFreshAssumptions(t *testing.T, h *harness) {
	m := h.fresh()
	m.add(1, -2)
	h.expect(t, m, sat.Sat, 5, -7)
	if !m.s.Value(5) || m.s.Value(7) {
		t.Fatalf("model %v ignores assumptions 5 -7 on variables in no clause", m.s.Model())
	}
}

func testFailedAssumptions(t *testing.T, h *harness) {
	m := h.fresh()
	m.add(-1, -2)
	m.add(3, 4)
	as := []sat.Lit{3, 1, -4, 2, 5}
	h.expect(t, m, sat.Unsat, as...)
	if fa, ok := m.s.(sat.FailedAssumer); ok {
		// Every unsatisfiable subset must contain both 1 and 2.
		failed := fa.Failed()
		if !slices.Contains(failed, 1) || !slices.Contains(failed, 2) {
			t.Fatalf("Failed() = %v misses 1 or 2, so it is not unsatisfiable", failed)
		}
	}
	h.expect(t, m, sat.Sat, 3, 1, -4)
}
