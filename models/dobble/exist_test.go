package dobble

import (
	"strings"
	"testing"
)

// TestPlaneVerdict checks the orders 2..100 against the definitions:
// prime powers exist; Bruck–Ryser excludes n ≡ 1, 2 (mod 4) that are not
// sums of two squares, computed here by brute force; 10 is Lam's.
func TestPlaneVerdict(t *testing.T) {
	for q := 2; q <= 100; q++ {
		primePow := false
		for p := 2; p <= q; p++ {
			x := q
			for x%p == 0 {
				x /= p
			}
			if x == 1 {
				// q is a power of p; p must be prime.
				prime := true
				for d := 2; d*d <= p; d++ {
					prime = prime && p%d != 0
				}
				primePow = prime
				break
			}
		}
		twoSquares := false
		for a := 0; a*a <= q; a++ {
			for b := 0; b*b <= q; b++ {
				twoSquares = twoSquares || a*a+b*b == q
			}
		}
		want := Unknown
		switch {
		case primePow:
			want = Exists
		case (q%4 == 1 || q%4 == 2) && !twoSquares, q == 10:
			want = Impossible
		}
		v := PlaneVerdict(q)
		if v.Exists != want || v.Reason == "" {
			t.Errorf("order %d: %v (%s), want %v", q, v.Exists, v.Reason, want)
		}
		// The Bruck–Ryser–Chowla test for λ = 1 is the Bruck–Ryser test.
		brc, _ := bruckRyserChowla(q*q+q+1, q+1, 1)
		if br := !(q%4 == 1 || q%4 == 2) || twoSquares; brc != br {
			t.Errorf("order %d: Bruck–Ryser–Chowla %v, Bruck–Ryser %v", q, brc, br)
		}
	}
	for _, tc := range []struct {
		q    int
		word string
	}{{6, "Bruck–Ryser"}, {10, "Lam"}, {12, "open"}} {
		if r := PlaneVerdict(tc.q).Reason; !strings.Contains(r, tc.word) {
			t.Errorf("order %d: reason %q does not mention %q", tc.q, r, tc.word)
		}
	}
}

func TestDesignVerdict(t *testing.T) {
	tests := []struct {
		k, lambda int
		want      Existence
		word      string
	}{
		{3, 2, Exists, ""}, {4, 2, Exists, ""}, {5, 2, Exists, ""}, {6, 2, Exists, ""},
		{7, 2, Impossible, "not a square"},  // v = 22
		{8, 2, Impossible, "no nontrivial"}, // v = 29
		{9, 2, Unknown, "Bruck–Ryser–Chowla"},
		{5, 3, Impossible, "not a multiple"},
		{7, 1, Impossible, "Bruck–Ryser"},
		{13, 1, Unknown, "open"},
	}
	for _, tt := range tests {
		v, err := DesignVerdict(tt.k, tt.lambda)
		if err != nil {
			t.Fatalf("DesignVerdict(%d, %d): %v", tt.k, tt.lambda, err)
		}
		if v.Exists != tt.want || !strings.Contains(v.Reason, tt.word) {
			t.Errorf("DesignVerdict(%d, %d) = %v (%s), want %v mentioning %q", tt.k, tt.lambda, v.Exists, v.Reason, tt.want, tt.word)
		}
	}
	for _, kl := range [][2]int{{1, 1}, {3, 0}, {3, 3}} {
		if _, err := DesignVerdict(kl[0], kl[1]); err == nil {
			t.Errorf("DesignVerdict(%d, %d) accepted", kl[0], kl[1])
		}
	}
}

// TestTernary compares Legendre's criterion with a bounded search for
// solutions: a solution found means solvable; when the criterion says
// solvable, the search must find one within Holzer's bound.
func TestTernary(t *testing.T) {
	const r = 40
	coefs := []int64{-7, -6, -5, -3, -2, -1, 1, 2, 3, 5, 6, 7}
	for _, a := range coefs {
		for _, b := range coefs {
			for _, c := range coefs {
				found := false
				for x := int64(0); x <= r && !found; x++ {
					for y := int64(0); y <= r && !found; y++ {
						for z := int64(0); z <= r && !found; z++ {
							found = (x|y|z) != 0 && a*x*x+b*y*y+c*z*z == 0
						}
					}
				}
				if got := ternarySolvable(a, b, c); got != found {
					t.Errorf("%dx²%+dy²%+dz²: Legendre says %v, search found a solution: %v", a, b, c, got, found)
				}
			}
		}
	}
}
