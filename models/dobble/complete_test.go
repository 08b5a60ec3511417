package dobble

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestCompleteKids completes the Dobble Kids deck: the issue names the
// missing card.
func TestCompleteKids(t *testing.T) {
	d := kidsDeck(t)
	for _, be := range backends {
		t.Run(be.name, func(t *testing.T) {
			res, err := Complete(context.Background(), be.new, d, 6, 1, CompleteOptions{All: true})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Added) != 1 || !res.Exhaustive {
				t.Fatalf("%d completions (exhaustive: %v), want exactly one", len(res.Added), res.Exhaustive)
			}
			got := labels(res.Added[0])
			want := [][]string{{"camel", "cat", "dog", "fish", "horse", "ladybug"}}
			for _, c := range got {
				slices.Sort(c)
			}
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("added %v, want %v", got, want)
			}
		})
	}
}

// TestCompletePlanes removes random cards from planes and checks that
// the completion recovers exactly those cards, and only them.
func TestCompletePlanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2026))
	for _, qr := range [][2]int{{3, 2}, {4, 3}, {5, 1}, {5, 3}, {5, 5}, {7, 4}} {
		q, r := qr[0], qr[1]
		t.Run(fmt.Sprintf("q=%d/remove=%d", q, r), func(t *testing.T) {
			plane, err := Plane(q)
			if err != nil {
				t.Fatal(err)
			}
			perm := rng.Perm(len(plane.Cards))
			removed, kept := &Deck{}, &Deck{}
			for i, p := range perm {
				if i < r {
					removed.Cards = append(removed.Cards, plane.Cards[p])
				} else {
					kept.Cards = append(kept.Cards, plane.Cards[p])
				}
			}
			res, err := Complete(context.Background(), newGini, kept, q+1, 1, CompleteOptions{All: true})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Added) != 1 || !res.Exhaustive {
				t.Fatalf("%d completions (exhaustive: %v), want exactly one", len(res.Added), res.Exhaustive)
			}
			if !res.Added[0].Equal(removed) {
				t.Errorf("added %v, removed %v", res.Added[0].Sorted().Cards, removed.Sorted().Cards)
			}
		})
	}
}

// TestCompleteCount adds a given number of cards to ten cards of the
// projective plane of order 3, from which three were removed: four cannot
// be added, and the result says that three can (Addable, Proof).
func TestCompleteCount(t *testing.T) {
	plane, _ := Plane(3)
	kept := &Deck{Cards: plane.Cards[3:]}
	tests := []struct {
		count, extra int
		want         int // cards in the completion, -1 for none
	}{{1, 0, 1}, {3, 0, 3}, {4, 0, -1}, {4, 3, -1}}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("count=%d/extra=%d", tt.count, tt.extra), func(t *testing.T) {
			res, err := Complete(context.Background(), newGini, kept, 4, 1, CompleteOptions{Count: tt.count, Extra: tt.extra})
			if err != nil {
				t.Fatal(err)
			}
			if tt.want < 0 {
				if len(res.Added) != 0 || !strings.Contains(res.Proof, "4 cards cannot be added; at most 3 cards can") || res.Addable != 3 {
					t.Errorf("added %v (%s, addable %d), want none and addable 3", res.Added, res.Proof, res.Addable)
				}
				return
			}
			if res.Addable != -1 {
				t.Errorf("addable %d with a count reached, want -1 (not searched)", res.Addable)
			}
			if len(res.Added) != 1 || len(res.Added[0].Cards) != tt.want {
				t.Fatalf("added %v, want %d cards", res.Added, tt.want)
			}
		})
	}
}

// TestCompleteExtraSymbols grows a partial deck with fresh symbols: two
// cards of the Fano plane, seven symbols allowed, complete to the plane
// (7 cards); fresh symbols get new names in a named deck.
func TestCompleteExtraSymbols(t *testing.T) {
	d, _ := Parse(strings.NewReader("a b c\na d e\n"), "t")
	res, err := Complete(context.Background(), newGini, d, 3, 1, CompleteOptions{Extra: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Added) != 1 || len(res.Added[0].Cards) != 5 {
		t.Fatalf("added %v, want the 5 other cards of the Fano plane", res.Added)
	}
	whole := &Deck{Cards: append(slices.Clone(d.Cards), res.Added[0].Cards...), Names: res.Added[0].Names}
	if err := Check(whole, 3, 1); err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	if err := Write(&buf, res.Added[0]); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "?1") || !strings.Contains(buf.String(), "?2") {
		t.Errorf("fresh symbols are not named ?1, ?2:\n%s", buf.String())
	}
}

func TestCompleteBadDeck(t *testing.T) {
	d, _ := Parse(strings.NewReader("a b c\na b d\n"), "t")
	if _, err := Complete(context.Background(), newGini, d, 3, 1, CompleteOptions{}); err == nil || !strings.Contains(err.Error(), "share 2") {
		t.Errorf("Complete of a broken deck = %v, want the violation", err)
	}
	plane, _ := Plane(2)
	if _, err := Complete(context.Background(), newGini, plane, 3, 1, CompleteOptions{Count: -1}); err == nil {
		t.Error("Complete accepted a negative count")
	}
	res, err := Complete(context.Background(), newGini, plane, 3, 1, CompleteOptions{})
	if err != nil || len(res.Added) != 0 || !res.Exhaustive {
		t.Errorf("completing a full plane = %+v, %v; want nothing to add", res, err)
	}
}

// TestCompleteKAtMostLambda: with k ≤ λ no card can be added (the deck's
// one card is the only one); this panicked with a division by zero in
// DeckBound, found by fuzzing satsolve serve's API.
func TestCompleteKAtMostLambda(t *testing.T) {
	for _, c := range []struct {
		deck      string
		k, lambda int
	}{{"0\n", 1, 1}, {"0 1\n", 2, 2}, {"0 1\n", 2, 3}} {
		d, _ := Parse(strings.NewReader(c.deck), "t")
		res, err := Complete(context.Background(), newGini, d, c.k, c.lambda, CompleteOptions{})
		if err != nil || len(res.Added) != 0 || !res.Exhaustive {
			t.Errorf("%q, k=%d, λ=%d: %+v, %v; want nothing to add", c.deck, c.k, c.lambda, res, err)
		}
	}
}
