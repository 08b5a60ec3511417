package dobble

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/satsolve/satsolve/internal/english"
)

// Checking a deck against the rules themselves, never through an
// encoding: every SAT answer of this package is decoded and passed
// through Check before it is returned.

// ViolationKind says which rule a card or a pair of cards breaks.
type ViolationKind uint8

// The rules of a deck.
const (
	WrongSize      ViolationKind = iota // a card does not hold k symbols
	RepeatedSymbol                      // a card holds a symbol twice
	WrongMeet                           // two cards do not share exactly λ symbols
)

// Violation is one broken rule.
type Violation struct {
	Kind ViolationKind
	// Cards holds the card (WrongSize, RepeatedSymbol) or the two cards
	// (WrongMeet), 0-based.
	Cards []int
	// Symbols holds the repeated symbol or the symbols the two cards
	// share, in increasing order.
	Symbols []int
	// Got and Want are the size and k (WrongSize), or the number of shared
	// symbols and λ (WrongMeet).
	Got, Want int
}

// Message describes v with the deck's names and line numbers.
func (v Violation) Message(d *Deck) string {
	switch v.Kind {
	case WrongSize:
		return fmt.Sprintf("%s has %s, want %d", d.CardName(v.Cards[0]), english.Count(v.Got, "symbol"), v.Want)
	case RepeatedSymbol:
		return fmt.Sprintf("%s repeats symbol %s", d.CardName(v.Cards[0]), d.Label(v.Symbols[0]))
	}
	shared := make([]string, len(v.Symbols))
	for i, s := range v.Symbols {
		shared[i] = d.Label(s)
	}
	list := "none"
	if len(shared) > 0 {
		list = strings.Join(shared, ", ")
	}
	return fmt.Sprintf("%s and %s share %s (%s), want %d",
		d.CardName(v.Cards[0]), d.CardName(v.Cards[1]), english.Count(v.Got, "symbol"), list, v.Want)
}

// MaxViolations bounds how many violations a CheckError lists; Total
// still counts them all.
const MaxViolations = 1000

// CheckError lists the rules a deck breaks.
type CheckError struct {
	Deck       *Deck
	Violations []Violation // at most MaxViolations, in card order
	Total      int         // the number of violations, listed or not
}

// Error describes the first violation and counts the others.
func (e *CheckError) Error() string {
	msg := e.Violations[0].Message(e.Deck)
	if e.Total > 1 {
		msg += fmt.Sprintf(" (and %d more violations)", e.Total-1)
	}
	return msg
}

// Check verifies that every card of d holds exactly k distinct symbols and
// that every two cards share exactly lambda symbols. It returns nil, a
// *CheckError listing the violations, or an error for k < 1 or lambda < 0.
func Check(d *Deck, k, lambda int) error {
	return CheckContext(context.Background(), d, k, lambda)
}

// checkPoll is the number of cards between two looks at the context.
const checkPoll = 256

// CheckContext is Check, stopping with ctx's error when ctx ends (a deck
// of a million cards takes seconds).
func CheckContext(ctx context.Context, d *Deck, k, lambda int) error {
	if k < 1 || lambda < 0 {
		return fmt.Errorf("invalid parameters k=%d λ=%d (want k ≥ 1, λ ≥ 0)", k, lambda)
	}
	e := &CheckError{Deck: d}
	add := func(v Violation) {
		e.Total++
		if len(e.Violations) < MaxViolations {
			e.Violations = append(e.Violations, v)
		}
	}
	n := d.NumSymbols()
	stamp := make([]int, n) // stamp[s] = i+1 when card i holds s
	for i, c := range d.Cards {
		if len(c) != k {
			add(Violation{Kind: WrongSize, Cards: []int{i}, Got: len(c), Want: k})
		}
		for _, s := range c {
			if stamp[s] == i+1 {
				add(Violation{Kind: RepeatedSymbol, Cards: []int{i}, Symbols: []int{s}})
			}
			stamp[s] = i + 1
		}
	}
	// cardsOf[s] lists the cards holding s, increasing, each once; the
	// meets of card i with the later cards are counted through them, in
	// Σ_s deg(s)² steps rather than m²·k.
	cardsOf := make([][]int32, n)
	for j, c := range d.Cards {
		for _, s := range c {
			if l := cardsOf[s]; len(l) == 0 || l[len(l)-1] != int32(j) {
				cardsOf[s] = append(l, int32(j))
			}
		}
	}
	clear(stamp)
	count := make([]int, len(d.Cards))
	for i, c := range d.Cards {
		if i%checkPoll == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		for _, s := range c {
			if stamp[s] == i+1 {
				continue
			}
			stamp[s] = i + 1
			for _, j := range cardsOf[s] {
				if int(j) > i {
					count[j]++
				}
			}
		}
		for j := i + 1; j < len(d.Cards); j++ {
			if count[j] != lambda {
				add(Violation{Kind: WrongMeet, Cards: []int{i, j}, Symbols: shared(c, d.Cards[j]), Got: count[j], Want: lambda})
			}
			count[j] = 0
		}
	}
	if e.Total == 0 {
		return nil
	}
	return e
}

// shared returns the distinct symbols of a that b also holds, in
// increasing order.
func shared(a, b []int) []int {
	in := map[int]bool{}
	for _, s := range b {
		in[s] = true
	}
	var out []int
	for _, s := range a {
		if in[s] {
			out = append(out, s)
			in[s] = false
		}
	}
	slices.Sort(out)
	return out
}
