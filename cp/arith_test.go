package cp

import (
	"fmt"
	"testing"

	"github.com/satsolve/satsolve/encode"
)

// arithDomains are the small domains the arithmetic tests cross.
var arithDomains = []Domain{
	encode.RangeDomain(-3, 3), encode.RangeDomain(0, 4), encode.DomainOf(-2, 0, 3),
	encode.NewDomain(encode.Range{Lo: -5, Hi: -4}, encode.Range{Lo: 2, Hi: 3}), encode.DomainOf(2), encode.DomainOf(0),
	encode.RangeDomain(1, 0),
}

func TestArithmetic(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (brute-force differential): skipped by go test -short; go test ./... runs it")
	}
	cons := map[string]func(m *Model, x, y, z IntVar) Constraint{
		"int_times": (*Model).IntTimes,
		"int_div":   (*Model).IntDiv,
		"int_mod":   (*Model).IntMod,
		"int_pow":   (*Model).IntPow,
		"int_plus":  (*Model).IntPlus,
		"int_min":   func(m *Model, x, y, z IntVar) Constraint { return m.IntMin(z, x, y) },
		"int_max":   func(m *Model, x, y, z IntVar) Constraint { return m.IntMax(z, x, y) },
		"int_abs":   func(m *Model, x, y, z IntVar) Constraint { return m.IntAbs(x, z) },
		"min3":      func(m *Model, x, y, z IntVar) Constraint { return m.IntMin(z, x, y, x) },
		"max1":      func(m *Model, x, y, z IntVar) Constraint { return m.IntMax(z, y) },
	}
	zs := []Domain{encode.RangeDomain(-9, 9), encode.DomainOf(-4, -1, 0, 1, 4, 6)}
	for name, mk := range cons {
		for _, dx := range arithDomains {
			for _, dy := range arithDomains {
				for _, dz := range zs {
					for _, r := range reifModes[:2] {
						m := NewModel()
						x, y, z := m.NewIntIn(dx, "x"), m.NewIntIn(dy, "y"), m.NewIntIn(dz, "z")
						r.on(m, mk(m, x, y, z))
						agree(t, m, fmt.Sprintf("%s(%v, %v, %v) %s", name, dx, dy, dz, r.name))
					}
				}
			}
		}
	}
}

// TestArithmeticSelf uses one variable twice (x·x, x div x, max(x, x)).
func TestArithmeticSelf(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (brute-force differential): skipped by go test -short; go test ./... runs it")
	}
	for _, dx := range arithDomains {
		for name, mk := range map[string]func(m *Model, x, z IntVar) Constraint{
			"square": func(m *Model, x, z IntVar) Constraint { return m.IntTimes(x, x, z) },
			"div":    func(m *Model, x, z IntVar) Constraint { return m.IntDiv(x, x, z) },
			"mod":    func(m *Model, x, z IntVar) Constraint { return m.IntMod(z, x, x) },
			"pow":    func(m *Model, x, z IntVar) Constraint { return m.IntPow(x, x, z) },
		} {
			m := NewModel()
			x, z := m.NewIntIn(dx, "x"), m.NewInt(-30, 30, "z")
			mk(m, x, z)
			agree(t, m, fmt.Sprintf("%s(%v)", name, dx))
		}
	}
}

func TestIntIn(t *testing.T) {
	sets := []Domain{encode.DomainOf(-1, 2), encode.RangeDomain(0, 2), encode.Domain{}, encode.RangeDomain(-9, 9)}
	for _, dx := range arithDomains {
		for _, set := range sets {
			for _, r := range reifModes {
				m := NewModel()
				r.on(m, m.IntIn(m.NewIntIn(dx, "x"), set))
				agree(t, m, fmt.Sprintf("set_in(%v, %v) %s", dx, set, r.name))
			}
		}
	}
}

func TestPowSemantics(t *testing.T) {
	for _, c := range []struct {
		x, y, want int64
		ok         bool
	}{
		{2, 3, 8, true}, {-2, 3, -8, true}, {0, 0, 1, true}, {5, 0, 1, true}, {0, 3, 0, true},
		{0, -1, 0, false}, {1, -4, 1, true}, {-1, -3, -1, true}, {-1, -2, 1, true}, {2, -1, 0, true}, {-3, -2, 0, true},
		{2, 41, 0, false}, {1, 1 << 40, 1, true}, {-1, 1<<40 + 1, -1, true},
	} {
		got, ok := ipow(c.x, c.y)
		if got != c.want || ok != c.ok {
			t.Errorf("pow(%d, %d) = %d %v, want %d %v", c.x, c.y, got, ok, c.want, c.ok)
		}
	}
}
