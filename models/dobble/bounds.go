package dobble

import "fmt"

// Upper bounds on the size m of a deck of k-symbol cards over n symbols,
// any two cards sharing exactly λ ≥ 1 symbols (λ < k):
//
//   - Fisher's inequality, non-uniform form (Majumdar 1953; Isbell 1959):
//     m ≤ n. Proof sketch: with the m×n incidence matrix N, N·Nᵀ =
//     (k−λ)I + λJ is positive definite, so m = rank ≤ n.
//   - Deza (M. Deza, Solution d'un problème de Erdős–Lovász, J. Combin.
//     Theory B 16, 1974): a deck of more than k²−k+1 cards is a sunflower
//     (all cards share the same λ symbols), and a sunflower has at most
//     ⌊(n−λ)/(k−λ)⌋ cards, the petals being disjoint.
//   - Counting: with r_s cards holding symbol s, Σ r_s = mk and
//     Σ r_s(r_s−1) = λm(m−1) (every pair of cards meets in λ symbols);
//     Cauchy–Schwarz, (Σ r_s)² ≤ n Σ r_s², gives m(k² − nλ) ≤ n(k−λ), a
//     bound when nλ < k². For k = 5, λ = 1 it gives 16 at n = 20 and 12
//     at n = 19, the exact values.
//
// Both searches (SAT and native) use the same bounds, so they agree on
// when to stop; DeckBound reports which bound is the tightest. A deck on
// fewer symbols is a deck on more, so when n > k²−k+1 the searches first
// look at k²−k+1 symbols only: reaching Deza's bound there settles n.

// Sunflower returns the largest sunflower: λ kernel symbols 0..λ−1 on
// every card and disjoint petals of k−λ symbols, ⌊(n−λ)/(k−λ)⌋ cards.
func Sunflower(n, k, lambda int) *Deck {
	var cards [][]int
	for p := lambda; p+k-lambda <= n; p += k - lambda {
		var c []int
		for s := range lambda {
			c = append(c, s)
		}
		for s := p; s < p+k-lambda; s++ {
			c = append(c, s)
		}
		cards = append(cards, c)
	}
	return &Deck{Cards: cards}
}

// Bound is an upper bound on the size of a deck with its justification.
type Bound struct {
	Max    int
	Reason string
}

// DeckBound returns the tightest of the bounds above on the size of a
// deck; without counting, only Fisher's and Deza's. With k ≤ λ no two
// cards can differ, and the bound is 1.
func DeckBound(n, k, lambda int, counting bool) Bound {
	if k <= lambda {
		// Two cards of k symbols sharing λ ≥ k are the same card.
		return Bound{Max: min(n, 1), Reason: fmt.Sprintf("cards of k = %d symbols sharing λ = %d ≥ k symbols are all the same card", k, lambda)}
	}
	b := Bound{Max: n, Reason: fmt.Sprintf("Fisher's inequality: at most n = %d cards", n)}
	sun := (n - lambda) / (k - lambda)
	if d := max(k*k-k+1, sun); d < b.Max {
		b = Bound{Max: d, Reason: fmt.Sprintf("Deza's theorem: a deck of more than k²−k+1 = %d cards is a sunflower, of at most %d cards", k*k-k+1, sun)}
	}
	if counting && n*lambda < k*k {
		if c := n * (k - lambda) / (k*k - n*lambda); c < b.Max {
			b = Bound{Max: c, Reason: fmt.Sprintf("counting: m(k²−nλ) ≤ n(k−λ) gives m ≤ %d", c)}
		}
	}
	return b
}

// CheckDeckParams validates the parameters of the deck searches (MaxDeck,
// MaxDeckNative, EncodeMax): 1 ≤ λ < k ≤ n ≤ 1000.
func CheckDeckParams(n, k, lambda int) error {
	if lambda < 1 || k <= lambda || n < k {
		return fmt.Errorf("decks with n=%d, k=%d, λ=%d: want 1 ≤ λ < k ≤ n", n, k, lambda)
	}
	if n > 1000 {
		return fmt.Errorf("n=%d symbols: at most 1000", n)
	}
	return nil
}
