package dobble

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		name      string
		deck      string
		k, lambda int
		want      []string // messages, in order; none for a valid deck
	}{
		{"fano", "0 1 3\n1 2 4\n2 3 5\n3 4 6\n4 5 0\n5 6 1\n6 0 2\n", 3, 1, nil},
		{"biplane", "0 1 2\n0 1 3\n0 2 3\n1 2 3\n", 3, 2, nil},
		{"wrong size", "a b c\na d e f\n", 3, 1, []string{"card 2 (line 2) has 4 symbols, want 3"}},
		{"repeat", "a b a\nb c d\n", 3, 1, []string{"card 1 (line 1) repeats symbol a"}},
		{"share two", "a b c\na b d\nc d e\n", 3, 1, []string{"card 1 (line 1) and card 2 (line 2) share 2 symbols (a, b), want 1"}},
		{"share none", "# header\na b c\nd e f\n", 3, 1, []string{"card 1 (line 2) and card 2 (line 3) share 0 symbols (none), want 1"}},
		{"duplicate card", "1 2 3\n3 2 1\n", 3, 1, []string{"card 1 (line 1) and card 2 (line 2) share 3 symbols (1, 2, 3), want 1"}},
		{"several", "a b c\na b d\na e\n", 3, 1, []string{
			"card 3 (line 3) has 2 symbols, want 3",
			"card 1 (line 1) and card 2 (line 2) share 2 symbols (a, b), want 1",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Parse(strings.NewReader(tt.deck), "t")
			if err != nil {
				t.Fatal(err)
			}
			err = Check(d, tt.k, tt.lambda)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Check = %v, want nil", err)
				}
				return
			}
			var ce *CheckError
			if !errors.As(err, &ce) {
				t.Fatalf("Check = %v, want a *CheckError", err)
			}
			var got []string
			for _, v := range ce.Violations {
				got = append(got, v.Message(d))
			}
			if !slices.Equal(got, tt.want) || ce.Total != len(tt.want) {
				t.Errorf("violations %q (total %d), want %q", got, ce.Total, tt.want)
			}
		})
	}
}

func TestCheckKids(t *testing.T) {
	d := kidsDeck(t)
	if len(d.Cards) != 30 || len(d.Used()) != 31 {
		t.Fatalf("kids deck: %d cards on %d symbols, want 30 on 31", len(d.Cards), len(d.Used()))
	}
	if err := Check(d, 6, 1); err != nil {
		t.Fatal(err)
	}
}

func TestCheckBadParameters(t *testing.T) {
	d := &Deck{Cards: [][]int{{0}}}
	for _, kl := range [][2]int{{0, 1}, {3, -1}} {
		if err := Check(d, kl[0], kl[1]); err == nil {
			t.Errorf("Check(k=%d, λ=%d) accepted", kl[0], kl[1])
		}
	}
}

func TestCheckManyViolations(t *testing.T) {
	// 60 disjoint cards: every pair shares nothing.
	d := &Deck{}
	for i := range 60 {
		d.Cards = append(d.Cards, []int{2 * i, 2*i + 1})
	}
	var ce *CheckError
	if !errors.As(Check(d, 2, 1), &ce) {
		t.Fatal("disjoint cards passed")
	}
	if ce.Total != 60*59/2 || len(ce.Violations) != MaxViolations {
		t.Errorf("total %d, listed %d; want %d and %d", ce.Total, len(ce.Violations), 60*59/2, MaxViolations)
	}
	if !strings.Contains(ce.Error(), "and 1769 more") {
		t.Errorf("message %q does not count the rest", ce.Error())
	}
}

// TestCheckContext checks that a check stops with the context's error,
// and that an uncancelled one gives Check's answer.
func TestCheckContext(t *testing.T) {
	d, err := Plane(7)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := CheckContext(ctx, d, 8, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
	if err := CheckContext(context.Background(), d, 8, 1); err != nil {
		t.Errorf("the plane of order 7: %v", err)
	}
}
