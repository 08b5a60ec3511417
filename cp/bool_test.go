package cp

import (
	"fmt"
	"testing"
)

func TestBoolBuiltins(t *testing.T) {
	cons := map[string]func(m *Model, bs []BoolVar) Constraint{
		"bool_clause":    func(m *Model, bs []BoolVar) Constraint { return m.BoolClause(bs[:2], bs[2:]) },
		"bool_clause_e":  func(m *Model, bs []BoolVar) Constraint { return m.BoolClause(nil, nil) },
		"array_bool_or":  func(m *Model, bs []BoolVar) Constraint { return m.BoolOr(bs...) },
		"array_bool_and": func(m *Model, bs []BoolVar) Constraint { return m.BoolAnd(bs...) },
		"array_bool_xor": func(m *Model, bs []BoolVar) Constraint { return m.BoolXor(bs...) },
		"bool_xor0":      func(m *Model, bs []BoolVar) Constraint { return m.BoolXor() },
		"bool_eq":        func(m *Model, bs []BoolVar) Constraint { return m.BoolEq(bs[0], bs[1]) },
		"bool_not":       func(m *Model, bs []BoolVar) Constraint { return m.BoolNe(bs[0], bs[1]) },
		"bool_le":        func(m *Model, bs []BoolVar) Constraint { return m.BoolLe(bs[0], bs[1]) },
		"bool_lt":        func(m *Model, bs []BoolVar) Constraint { return m.BoolLt(bs[0], bs[1]) },
		"bool_lin_le": func(m *Model, bs []BoolVar) Constraint {
			return m.BoolLinLe([]int64{2, -1, 3, 1}, bs, 3)
		},
		"bool_lin_eq": func(m *Model, bs []BoolVar) Constraint {
			return m.BoolLinEq([]int64{2, -1, 3, 1}, bs, m.NewInt(-1, 4, "c"))
		},
		"bool2int": func(m *Model, bs []BoolVar) Constraint { return m.Bool2Int(bs[0], m.NewInt(-1, 2, "x")) },
	}
	// Each argument list mixes free variables with the constants.
	fixes := []string{"ffff", "tfff", "fftf", "ffft"}
	for name, mk := range cons {
		for _, fix := range fixes {
			for _, r := range reifModes {
				m := NewModel()
				bs := make([]BoolVar, 4)
				for i := range bs {
					switch fix[i] {
					case 't':
						bs[i] = m.BoolConst(i%2 == 0)
					default:
						bs[i] = m.NewBool(fmt.Sprint("b", i))
					}
				}
				r.on(m, mk(m, bs))
				agree(t, m, fmt.Sprintf("%s %s %s", name, fix, r.name))
			}
		}
	}
}

// TestCheckRejects feeds Check solutions that break one constraint, a
// domain or a constant.
func TestCheckRejects(t *testing.T) {
	m := NewModel()
	x, y := m.NewInt(0, 5, "x"), m.NewInt(0, 5, "y")
	b := m.NewBool("b")
	m.IntLe(x, y).Iff(b)
	m.IntLinEq([]int64{1, 1}, []IntVar{x, y}, 5)
	tr := m.BoolConst(true)
	s := m.NewSolution()
	s.SetInt(x, 2)
	s.SetInt(y, 3)
	s.SetBool(b, true)
	if err := m.Check(s); err != nil {
		t.Fatalf("a solution rejected: %v", err)
	}
	for _, bad := range []func(s *Solution){
		func(s *Solution) { s.SetBool(b, false) }, // the reification
		func(s *Solution) { s.SetInt(y, 4) },      // the sum
		func(s *Solution) { s.SetInt(x, 6) },      // the domain
		func(s *Solution) { s.SetBool(tr, false) },
	} {
		c := m.NewSolution()
		copy(c.ints, s.ints)
		copy(c.bools, s.bools)
		bad(c)
		if err := m.Check(c); err == nil {
			t.Errorf("wrong solution %v accepted", key(m, c))
		}
	}
}

// TestStickyError keeps the first builder error.
func TestStickyError(t *testing.T) {
	m := NewModel()
	other := NewModel().NewInt(0, 1, "o")
	x := m.NewInt(0, 3, "x")
	c := m.IntLe(x, other)
	m.IntLinLe([]int64{1}, []IntVar{x, x}, 0)
	c.Iff(m.NewBool("b"))
	if m.Err() == nil || !errorsIs(m.Err(), ErrInvalid) {
		t.Fatalf("Err = %v, want the invalid variable", m.Err())
	}
	if _, err := Solve(t.Context(), m, nil, Options{}); err != m.Err() {
		t.Fatalf("Solve returned %v", err)
	}
}
