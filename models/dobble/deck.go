package dobble

import (
	"slices"
	"strconv"
)

// Deck is a list of cards, each a list of symbols. Symbols are
// non-negative integers; a deck read from a file of names keeps the names
// in Names (symbol s is called Names[s]), and one read from a file of
// integers keeps the integers themselves as symbols (Names is nil).
type Deck struct {
	// Cards holds the symbols of each card, in the order they were given.
	Cards [][]int
	// Names, when non-nil, names every symbol that appears on a card.
	Names []string
	// Lines, when non-nil, holds the source line of each card (1-based),
	// for error messages; decks built in code leave it nil.
	Lines []int
}

// NumSymbols returns one more than the largest symbol on any card (0 for
// an empty deck), or len(Names) when that is larger.
func (d *Deck) NumSymbols() int {
	n := len(d.Names)
	for _, c := range d.Cards {
		for _, s := range c {
			n = max(n, s+1)
		}
	}
	return n
}

// Used returns the symbols that appear on some card, in increasing order.
func (d *Deck) Used() []int {
	seen := make([]bool, d.NumSymbols())
	var out []int
	for _, c := range d.Cards {
		for _, s := range c {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	slices.Sort(out)
	return out
}

// Label returns the name of symbol s, or its number when the deck has no
// name for it.
func (d *Deck) Label(s int) string {
	if s >= 0 && s < len(d.Names) && d.Names[s] != "" {
		return d.Names[s]
	}
	return strconv.Itoa(s)
}

// CardName returns how messages refer to card i (0-based): "card 3", and
// "card 3 (line 7)" when the deck came from a file.
func (d *Deck) CardName(i int) string {
	s := "card " + strconv.Itoa(i+1)
	if i >= 0 && i < len(d.Lines) {
		s += " (line " + strconv.Itoa(d.Lines[i]) + ")"
	}
	return s
}

// Clone returns a deep copy of d.
func (d *Deck) Clone() *Deck {
	e := &Deck{Cards: make([][]int, len(d.Cards))}
	for i, c := range d.Cards {
		e.Cards[i] = slices.Clone(c)
	}
	e.Names = slices.Clone(d.Names)
	e.Lines = slices.Clone(d.Lines)
	return e
}

// Sorted returns a copy of d with the symbols of every card in increasing
// order and the cards in lexicographic order, a normal form for comparing
// decks as sets of sets. Line numbers are dropped.
func (d *Deck) Sorted() *Deck {
	e := d.Clone()
	e.Lines = nil
	for _, c := range e.Cards {
		slices.Sort(c)
	}
	slices.SortFunc(e.Cards, slices.Compare)
	return e
}

// Equal reports whether d and e hold the same cards as sets of sets of
// symbols (names and order aside).
func (d *Deck) Equal(e *Deck) bool {
	a, b := d.Sorted(), e.Sorted()
	return slices.EqualFunc(a.Cards, b.Cards, slices.Equal)
}

// fromSets builds a deck from cards given as symbol lists, each sorted.
func fromSets(cards [][]int) *Deck {
	for _, c := range cards {
		slices.Sort(c)
	}
	return &Deck{Cards: cards}
}
