package dobble

import "testing"

// TestFieldAxioms checks every prime power order up to MaxOrder: the
// tables form a field (inverses, and for small q associativity and
// distributivity exhaustively, otherwise on a sample).
func TestFieldAxioms(t *testing.T) {
	for q := 2; q <= MaxOrder; q++ {
		if !IsPrimePower(q) {
			if _, err := NewField(q); err == nil {
				t.Errorf("NewField(%d) accepted a non prime power", q)
			}
			continue
		}
		F, err := NewField(q)
		if err != nil {
			t.Fatalf("NewField(%d): %v", q, err)
		}
		if F.Order() != q || q%F.Char() != 0 {
			t.Fatalf("GF(%d): order %d, characteristic %d", q, F.Order(), F.Char())
		}
		step := 1
		if q > 16 {
			step = q/8 + 1
		}
		for a := 0; a < q; a++ {
			if F.Add(a, 0) != a || F.Mul(a, 1) != a || F.Mul(a, 0) != 0 || F.Add(a, F.Neg(a)) != 0 || F.Sub(F.Add(a, 1), 1) != a {
				t.Fatalf("GF(%d): identities fail at %d", q, a)
			}
			if a != 0 && F.Mul(a, F.Inv(a)) != 1 {
				t.Fatalf("GF(%d): %d·%d ≠ 1", q, a, F.Inv(a))
			}
			for b := 0; b < q; b += step {
				if F.Add(a, b) != F.Add(b, a) || F.Mul(a, b) != F.Mul(b, a) {
					t.Fatalf("GF(%d): not commutative at %d, %d", q, a, b)
				}
				for c := 0; c < q; c += step {
					if F.Mul(a, F.Add(b, c)) != F.Add(F.Mul(a, b), F.Mul(a, c)) ||
						F.Mul(a, F.Mul(b, c)) != F.Mul(F.Mul(a, b), c) ||
						F.Add(a, F.Add(b, c)) != F.Add(F.Add(a, b), c) {
						t.Fatalf("GF(%d): axioms fail at %d, %d, %d", q, a, b, c)
					}
				}
			}
		}
	}
}

// TestFieldWith builds the moduli of the research brief and rejects
// reducible ones.
func TestFieldWith(t *testing.T) {
	tests := []struct {
		name string
		p    int
		f    []int
		ok   bool
	}{
		{"4 x^2+x+1", 2, []int{1, 1, 1}, true},
		{"8 x^3+x+1", 2, []int{1, 1, 0, 1}, true},
		{"9 x^2+1", 3, []int{1, 0, 1}, true},
		{"16 x^4+x+1", 2, []int{1, 1, 0, 0, 1}, true},
		{"25 x^2+x+2", 5, []int{2, 1, 1}, true},
		{"27 x^3+2x+1", 3, []int{1, 2, 0, 1}, true},
		{"32 x^5+x^2+1", 2, []int{1, 0, 1, 0, 0, 1}, true},
		{"49 x^2+x+3", 7, []int{3, 1, 1}, true},
		{"reducible x^2+1 over GF(2)", 2, []int{1, 0, 1}, false},
		{"reducible x^2+2 over GF(3)", 3, []int{2, 0, 1}, false},
		{"reducible x^4+1 over GF(2)", 2, []int{1, 0, 0, 0, 1}, false},
		{"not monic", 2, []int{1, 1, 0}, false},
		{"constant", 5, []int{1}, false},
		{"coefficient out of range", 3, []int{1, 3, 1}, false},
		{"composite characteristic", 4, []int{1, 1}, false},
		{"too large", 2, []int{1, 1, 0, 0, 0, 0, 0, 0, 1}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			F, err := FieldWith(tt.p, tt.f)
			if (err == nil) != tt.ok {
				t.Fatalf("FieldWith = %v, want ok=%v", err, tt.ok)
			}
			if !tt.ok {
				return
			}
			d := Homogeneous(F)
			if err := Check(d, F.Order()+1, 1); err != nil {
				t.Errorf("PG(2,%d) with %s: %v", F.Order(), F.PolyString(), err)
			}
		})
	}
}

func TestFieldStrings(t *testing.T) {
	F, err := NewField(9)
	if err != nil {
		t.Fatal(err)
	}
	if got := F.PolyString(); got != "x^2+1" {
		t.Errorf("GF(9) modulus %q, want the first irreducible x^2+1", got)
	}
	if got := F.ElemString(3*2 + 1); got != "2x+1" {
		t.Errorf("element 7 of GF(9) = %q, want 2x+1", got)
	}
}
