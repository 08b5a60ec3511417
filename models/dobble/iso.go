package dobble

import "slices"

// Isomorphism of decks: a bijection of symbols that maps the cards of one
// deck onto the cards of the other.
//
// The search maps the symbols of a one at a time onto symbols of b of the
// same degree, keeping for every card A of a the set of cards of b still
// consistent with the partial map: those that hold the image of every
// mapped symbol of A and of no mapped symbol outside A. A card with no
// candidate left refutes the branch. When every symbol is mapped the
// candidates of A are exactly the cards equal to its image, so a complete
// map is an isomorphism. In a projective plane two mapped points fix the
// image of their line, so after a quadrangle the map is forced almost
// everywhere and the search is fast; it is exponential in general, which
// is fine for the small decks it is used on (tests, q ≤ 9).

// Isomorphism returns a map from the symbols of a to the symbols of b
// (iso[s] for every symbol s used by a, −1 for unused ones) that maps
// every card of a onto a card of b, or ok=false when there is none.
// Both decks must have distinct cards without repeated symbols.
func Isomorphism(a, b *Deck) (iso []int, ok bool) {
	if len(a.Cards) != len(b.Cards) {
		return nil, false
	}
	A, B := newIncidence(a), newIncidence(b)
	if len(A.used) != len(B.used) {
		return nil, false
	}
	da, db := A.degrees(), B.degrees()
	if !slices.Equal(da, db) {
		return nil, false
	}
	st := &isoSearch{A: A, B: B, iso: make([]int, len(A.cardsOf)), taken: make([]bool, len(B.cardsOf))}
	for i := range st.iso {
		st.iso[i] = -1
	}
	cand := make([]bitset, len(a.Cards))
	for i := range cand {
		cand[i] = newBitset(len(b.Cards))
		for j := range b.Cards {
			if len(a.Cards[i]) == len(b.Cards[j]) {
				cand[i].set(j)
			}
		}
	}
	if !st.search(cand, 0) {
		return nil, false
	}
	return st.iso, true
}

// incidence indexes a deck by symbol.
type incidence struct {
	d       *Deck
	used    []int    // the symbols used, increasing
	cardsOf []bitset // cardsOf[s]: the cards holding s
}

func newIncidence(d *Deck) *incidence {
	n := d.NumSymbols()
	in := &incidence{d: d, used: d.Used(), cardsOf: make([]bitset, n)}
	for s := range in.cardsOf {
		in.cardsOf[s] = newBitset(len(d.Cards))
	}
	for i, c := range d.Cards {
		for _, s := range c {
			in.cardsOf[s].set(i)
		}
	}
	return in
}

// degrees returns the sorted list of symbol degrees.
func (in *incidence) degrees() []int {
	var out []int
	for _, s := range in.used {
		out = append(out, in.cardsOf[s].count())
	}
	slices.Sort(out)
	return out
}

type isoSearch struct {
	A, B  *incidence
	iso   []int
	taken []bool
}

// search extends the map from the depth-th symbol on.
func (st *isoSearch) search(cand []bitset, depth int) bool {
	if depth == len(st.A.used) {
		return true
	}
	x := st.next(cand)
	deg := st.A.cardsOf[x].count()
	for _, y := range st.B.used {
		if st.taken[y] || st.B.cardsOf[y].count() != deg {
			continue
		}
		next, ok := st.restrict(cand, x, y)
		if !ok {
			continue
		}
		st.iso[x], st.taken[y] = y, true
		if st.search(next, depth+1) {
			return true
		}
		st.iso[x], st.taken[y] = -1, false
	}
	return false
}

// next picks the unmapped symbol whose cards have the fewest candidates
// in total, so forced symbols come first.
func (st *isoSearch) next(cand []bitset) int {
	best, bestScore := -1, 0
	for _, x := range st.A.used {
		if st.iso[x] >= 0 {
			continue
		}
		score := 0
		for i := range cand {
			if st.A.cardsOf[x].has(i) {
				score += cand[i].count()
			}
		}
		if best < 0 || score < bestScore {
			best, bestScore = x, score
		}
	}
	return best
}

// restrict returns the candidates after mapping x to y, or ok=false when
// some card is left without one.
func (st *isoSearch) restrict(cand []bitset, x, y int) ([]bitset, bool) {
	next := make([]bitset, len(cand))
	ys := st.B.cardsOf[y]
	for i, c := range cand {
		n := c.clone()
		if st.A.cardsOf[x].has(i) {
			n.and(ys)
		} else {
			n.andNot(ys)
		}
		if n.empty() {
			return nil, false
		}
		next[i] = n
	}
	return next, true
}
