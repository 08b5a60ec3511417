package dobble

import (
	"errors"
	"testing"
)

// TestPlanes checks every construction for every prime power order up to
// 49 against the rules.
func TestPlanes(t *testing.T) {
	for q := 2; q <= 49; q++ {
		if !IsPrimePower(q) {
			continue
		}
		F, err := NewField(q)
		if err != nil {
			t.Fatal(err)
		}
		decks := map[string]*Deck{"affine": Affine(F), "homogeneous": Homogeneous(F)}
		if d, err := Plane(q); err != nil {
			t.Fatalf("Plane(%d): %v", q, err)
		} else {
			decks["plane"] = d
		}
		if s, err := Singer(q); err == nil {
			decks["singer"] = s
		}
		for name, d := range decks {
			if len(d.Cards) != q*q+q+1 || len(d.Used()) != q*q+q+1 {
				t.Errorf("%s order %d: %d cards on %d symbols", name, q, len(d.Cards), len(d.Used()))
			}
			if err := Check(d, q+1, 1); err != nil {
				t.Errorf("%s order %d: %v", name, q, err)
			}
		}
	}
}

func TestPlaneRefusals(t *testing.T) {
	tests := []struct {
		q    int
		want Existence
	}{{6, Impossible}, {10, Impossible}, {12, Unknown}, {14, Impossible}, {15, Unknown}, {1, Impossible}, {256, Exists}}
	for _, tt := range tests {
		_, err := Plane(tt.q)
		var np *NoPlaneError
		switch {
		case tt.want == Exists:
			if err == nil {
				t.Errorf("Plane(%d) built a plane above MaxOrder", tt.q)
			}
		case !errors.As(err, &np):
			t.Errorf("Plane(%d) = %v, want a *NoPlaneError", tt.q, err)
		case np.Verdict.Exists != tt.want:
			t.Errorf("Plane(%d): %v, want %v", tt.q, np.Verdict.Exists, tt.want)
		}
	}
	if _, err := Singer(6); err == nil {
		t.Error("Singer(6) succeeded")
	}
}

func TestDesigns(t *testing.T) {
	tests := []struct{ k, lambda, v int }{
		{3, 2, 4}, {4, 2, 7}, {5, 2, 11}, {6, 2, 16}, {6, 3, 11}, {7, 3, 15}, {5, 4, 6}, {4, 1, 13},
	}
	for _, tt := range tests {
		d, err := Design(tt.k, tt.lambda)
		if err != nil {
			t.Fatalf("Design(%d, %d): %v", tt.k, tt.lambda, err)
		}
		if len(d.Cards) != tt.v || len(d.Used()) != tt.v {
			t.Errorf("Design(%d, %d): %d cards on %d symbols, want %d", tt.k, tt.lambda, len(d.Cards), len(d.Used()), tt.v)
		}
		if err := Check(d, tt.k, tt.lambda); err != nil {
			t.Errorf("Design(%d, %d): %v", tt.k, tt.lambda, err)
		}
	}
	for _, kl := range [][2]int{{7, 2}, {8, 2}, {9, 2}, {5, 3}, {3, 3}} {
		if _, err := Design(kl[0], kl[1]); err == nil {
			t.Errorf("Design(%d, %d) succeeded", kl[0], kl[1])
		}
	}
}
