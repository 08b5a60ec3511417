package sattest

import (
	"testing"

	"github.com/satsolve/satsolve/sat"
)

func testEmptyFormula(t *testing.T, h *harness) {
	m := h.fresh()
	h.expect(t, m, sat.Sat)
	h.expect(t, m, sat.Sat, 1, -2)
	if !m.s.Value(1) || m.s.Value(2) {
		t.Fatal("assumptions 1 -2 on the empty formula not reflected in the model")
	}
}

func testTrivialSat(t *testing.T, h *harness) {
	m := h.fresh()
	m.add(1, 2)
	m.add(-1)
	h.expect(t, m, sat.Sat)
	if m.s.Value(1) || !m.s.Value(2) {
		t.Fatalf("model %v, want the only model -1 2", m.s.Model())
	}
}

func testTrivialUnsat(t *testing.T, h *harness) {
	m := h.fresh()
	m.add(1)
	m.add(-1)
	for range 3 {
		h.expect(t, m, sat.Unsat)
	}
}

func testEmptyClause(t *testing.T, h *harness) {
	t.Run("Alone", func(t *testing.T) {
		m := h.fresh()
		m.add()
		h.expect(t, m, sat.Unsat)
		h.expect(t, m, sat.Unsat, 1)
		h.expect(t, m, sat.Unsat)
	})
	t.Run("AfterSat", func(t *testing.T) {
		m := h.fresh()
		m.add(1, 2)
		h.expect(t, m, sat.Sat)
		m.add()
		h.expect(t, m, sat.Unsat)
		h.expect(t, m, sat.Unsat, -1)
	})
}

func testUnitClauses(t *testing.T, h *harness) {
	m := h.fresh()
	m.add(1)
	m.add(-2)
	m.add(3)
	m.add(-1, -3, 4)
	m.add(2, -4, 5)
	h.expect(t, m, sat.Sat)
	for _, l := range []sat.Lit{1, -2, 3, 4, 5} {
		if !m.s.Value(l) {
			t.Fatalf("literal %v is forced by unit propagation but false in %v", l, m.s.Model())
		}
	}
	h.expect(t, m, sat.Unsat, -5)
	h.expect(t, m, sat.Sat, 5)
}

func testDuplicateLiterals(t *testing.T, h *harness) {
	m := h.fresh()
	m.add(1, 1, 1)
	m.add(-1, -1, 2, 2)
	h.expect(t, m, sat.Sat)
	if !m.s.Value(1) || !m.s.Value(2) {
		t.Fatalf("model %v, want 1 and 2 true", m.s.Model())
	}
	m.add(-2, -2)
	h.expect(t, m, sat.Unsat)
}

func testComplementaryLiterals(t *testing.T, h *harness) {
	m := h.fresh()
	m.add(1, -1)
	h.expect(t, m, sat.Sat)
	m.add(-2, 3, 2)
	m.add(-1)
	h.expect(t, m, sat.Sat)
	if m.s.Value(1) {
		t.Fatal("unit -1 ignored next to the tautology 1 -1")
	}
	h.expect(t, m, sat.Sat, -3, -2)
	m.add(1)
	h.expect(t, m, sat.Unsat)
}

func testAddClauseCopies(t *testing.T, h *harness) {
	m := h.fresh()
	lits := []sat.Lit{1, 2}
	m.s.AddClause(lits...)
	m.f.AddClause(1, 2)
	lits[0], lits[1] = -1, -2 // the solver must have kept its own copy
	m.add(-2)
	h.expect(t, m, sat.Sat)
	if !m.s.Value(1) {
		t.Fatal("AddClause kept a reference to its argument: clause 1 2 became -1 -2")
	}
}

func testNewVarPool(t *testing.T, h *harness) {
	m := h.fresh()
	a := m.s.NewVar()
	b := m.s.NewVar()
	if a < 1 || b <= a {
		t.Fatalf("NewVar returned %v then %v, want increasing positive variables", a, b)
	}
	m.add(5, -9)
	if c := m.s.NewVar(); c <= 9 {
		t.Fatalf("NewVar after a clause on variable 9 returned %v", c)
	}
	d := m.s.NewVar()
	m.f.NumVars = int(d)
	h.expect(t, m, sat.Sat) // the model must cover d, which no clause mentions
	h.expect(t, m, sat.Sat, d.Neg(), 9)
	h.expect(t, m, sat.Sat, 30)
	if e := m.s.NewVar(); e <= 30 {
		t.Fatalf("NewVar after assuming variable 30 returned %v: an assumed variable is a variable of the solver", e)
	}
}

func testValueModel(t *testing.T, h *harness) {
	f, _ := PlantedKSAT(7, 60, 240, 3)
	m := h.fresh()
	m.load(f)
	h.expect(t, m, sat.Sat)
	model := m.s.Model()
	model[1] = !model[1]
	if again := m.s.Model(); again[1] == model[1] || m.s.Value(1) == model[1] {
		t.Fatal("Model returned the solver's own storage: writing to it changed the solver's model")
	}
}
