package chipfire

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseDivisor(t *testing.T) {
	good := []struct {
		in   string
		want Divisor
	}{
		{"2,-3,4,-1", Divisor{2, -3, 4, -1}},
		{"2 -3 4 -1", Divisor{2, -3, 4, -1}},
		{" 2, -3 ,4\t-1 ", Divisor{2, -3, 4, -1}},
		{"0", Divisor{0}},
		{"1073741824,-1073741824", Divisor{MaxValue, -MaxValue}},
	}
	for _, c := range good {
		t.Run(c.in, func(t *testing.T) {
			d, err := ParseDivisor(c.in)
			if err != nil || !slices.Equal(d, c.want) {
				t.Fatalf("ParseDivisor = %v, %v; want %v", d, err, c.want)
			}
			back, err := ParseDivisor(d.String())
			if err != nil || !slices.Equal(back, d) {
				t.Errorf("String round trip: %q → %v, %v", d.String(), back, err)
			}
		})
	}
	bad := []struct {
		in   string
		col  int
		want string
	}{
		{"", 0, "empty divisor"},
		{"   ", 0, "empty divisor"},
		{",1", 1, "comma"},
		{"1,", 2, "comma"},
		{"1,,2", 2, "comma"},
		{"1 x 2", 3, `"x" is not an integer`},
		{"1 2.5", 3, "not an integer"},
		{"1073741825", 1, "out of range"},
		{"1 -99999999999999999999", 3, "out of range"},
	}
	for _, c := range bad {
		t.Run("bad "+c.in, func(t *testing.T) {
			_, err := ParseDivisor(c.in)
			var de *DivisorError
			if !errors.As(err, &de) || de.Column != c.col || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want column %d and %q", err, c.col, c.want)
			}
		})
	}
}

func TestApplyAndFire(t *testing.T) {
	g := corryPerkinson(t)
	d := Divisor{2, -3, 4, -1}
	// C lends once, B borrows once: the brief's script (0,−1,1,0).
	e, err := g.Apply(d, Script{0, -1, 1, 0})
	if err != nil || !slices.Equal(e, Divisor{2, 0, 0, 0}) {
		t.Fatalf("Apply = %v, %v; want (2,0,0,0)", e, err)
	}
	// The same moves one at a time.
	x := slices.Clone(d)
	g.Fire(x, 2, 1)
	g.Fire(x, 1, -1)
	if !slices.Equal(x, e) {
		t.Errorf("Fire: %v, want %v", x, e)
	}
	// Firing every vertex once changes nothing.
	if same, _ := g.Apply(d, Script{5, 5, 5, 5}); !slices.Equal(same, d) {
		t.Errorf("L·1 ≠ 0: %v", same)
	}
	for _, c := range []struct {
		name string
		d    Divisor
		f    Script
		want string
	}{
		{"short divisor", Divisor{1}, Script{0, 0, 0, 0}, "divisor has 1 entry"},
		{"short script", d, Script{0}, "script has 1 entry"},
		{"huge value", Divisor{MaxValue + 1, 0, 0, 0}, Script{0, 0, 0, 0}, "out of range"},
		{"huge script", d, Script{MaxScript + 1, 0, 0, 0}, "out of range"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := g.Apply(c.d, c.f); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want %q", err, c.want)
			}
		})
	}
}

func TestScriptShifts(t *testing.T) {
	f := Script{-9, -6, 0, 3}
	if f.Moves() != 18 {
		t.Errorf("Moves = %d, want 18", f.Moves())
	}
	// The brief's P4 script (0,3,9,12) is (−9,−6,0,3) shifted; its fewest
	// moves shift is a median shift.
	g := path(t, 4)
	d := Divisor{-3, -3, 3, 3}
	a, _ := g.Apply(d, Script{0, 3, 9, 12})
	b, _ := g.Apply(d, Script{0, 3, 9, 12}.Shift(-9))
	if !slices.Equal(a, b) || !a.Effective() {
		t.Errorf("shifted scripts give %v and %v", a, b)
	}
	if got := (Script{0, 3, 9, 12}).Fewest(); got.Moves() != 18 {
		t.Errorf("Fewest = %v with %d moves, want 18", got, got.Moves())
	}
	if d.Deg() != 0 || d.DegPlus() != 6 || d.Effective() {
		t.Errorf("deg %d, deg⁺ %d, effective %v", d.Deg(), d.DegPlus(), d.Effective())
	}
}

func TestBounds(t *testing.T) {
	// The brief's examples: P4 (−3,−3,3,3) has bound 18 (true range 12);
	// K4 (−3,1,1,1) has bound 3·3/3 = 3.
	if b := WinBound(path(t, 4), Divisor{-3, -3, 3, 3}); b != 18 {
		t.Errorf("P4 bound = %d, want 18", b)
	}
	if b := WinBound(complete(t, 4), Divisor{-3, 1, 1, 1}); b != 3 {
		t.Errorf("K4 bound = %d, want 3", b)
	}
	if b := WinBound(mustGraph(t, 1, nil), Divisor{-5}); b != 0 {
		t.Errorf("K1 bound = %d, want 0", b)
	}
}
