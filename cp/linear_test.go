package cp

import (
	"fmt"
	"testing"

	"github.com/satsolve/satsolve/encode"
)

// testDomains are small domains with negatives, holes, a single value
// and the empty set.
var testDomains = []Domain{
	encode.RangeDomain(-2, 2), encode.RangeDomain(0, 3), encode.DomainOf(-3, 0, 2),
	encode.NewDomain(encode.Range{Lo: -4, Hi: -3}, encode.Range{Lo: 1, Hi: 3}), encode.DomainOf(1),
	encode.RangeDomain(1, 0), encode.RangeDomain(-1, 7),
}

// reifModes posts c as it is, half-reified and fully reified.
var reifModes = []struct {
	name string
	on   func(m *Model, c Constraint)
}{
	{"plain", func(*Model, Constraint) {}},
	{"imp", func(m *Model, c Constraint) { c.OnlyIf(m.NewBool("r")) }},
	{"iff", func(m *Model, c Constraint) { c.Iff(m.NewBool("r")) }},
	{"iff-true", func(m *Model, c Constraint) { c.Iff(m.BoolConst(true)) }},
	{"iff-false", func(m *Model, c Constraint) { c.Iff(m.BoolConst(false)) }},
}

func TestBinaryComparisons(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (brute-force differential): skipped by go test -short; go test ./... runs it")
	}
	cons := map[string]func(m *Model, x, y IntVar) Constraint{
		"int_le": (*Model).IntLe, "int_lt": (*Model).IntLt, "int_eq": (*Model).IntEq, "int_ne": (*Model).IntNe,
		"int_lin_le": func(m *Model, x, y IntVar) Constraint { return m.IntLinLe([]int64{2, -3}, []IntVar{x, y}, 1) },
		"int_lin_eq": func(m *Model, x, y IntVar) Constraint { return m.IntLinEq([]int64{2, 1}, []IntVar{x, y}, 2) },
		"int_lin_ne": func(m *Model, x, y IntVar) Constraint { return m.IntLinNe([]int64{-1, 2}, []IntVar{x, y}, 1) },
		"int_lin_eq_neg": func(m *Model, x, y IntVar) Constraint {
			return m.IntLinEq([]int64{-1, -1}, []IntVar{x, y}, -1)
		},
	}
	for name, mk := range cons {
		for _, dx := range testDomains {
			for _, dy := range testDomains {
				for _, r := range reifModes {
					m := NewModel()
					x, y := m.NewIntIn(dx, "x"), m.NewIntIn(dy, "y")
					r.on(m, mk(m, x, y))
					agree(t, m, fmt.Sprintf("%s(%v, %v) %s", name, dx, dy, r.name))
				}
			}
		}
	}
}

func TestLinearTernary(t *testing.T) {
	for _, op := range []string{"le", "eq", "ne"} {
		for k := int64(-4); k <= 4; k += 2 {
			for _, r := range reifModes {
				m := NewModel()
				xs := []IntVar{m.NewInt(-2, 2, "x"), m.NewIntIn(encode.DomainOf(0, 2, 3), "y"), m.NewInt(-1, 1, "z")}
				cs := []int64{1, -2, 3}
				var c Constraint
				switch op {
				case "le":
					c = m.IntLinLe(cs, xs, k)
				case "eq":
					c = m.IntLinEq(cs, xs, k)
				default:
					c = m.IntLinNe(cs, xs, k)
				}
				r.on(m, c)
				agree(t, m, fmt.Sprintf("int_lin_%s k=%d %s", op, k, r.name))
			}
		}
	}
}
