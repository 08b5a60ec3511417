package dobble

import (
	"context"
	"fmt"
)

// The native baseline for the largest deck: a maximum clique in the
// graph whose vertices are k-subsets of the symbols and whose edges join
// two subsets sharing exactly λ symbols, with the symmetry reduction of
// the SAT model.
//
// A deck of two or more cards can be relabelled so that its two
// lexicographically largest cards (incidence rows read from symbol 0,
// symbol 0 most significant) are A = {0..k−1} and B = {0..λ−1} ∪
// {k..2k−λ−1}; for λ = 1 and three or more cards, the third largest is
// then C₁ = {0, 2k−1..3k−3} (when it holds symbol 0) or C₂ = {1, k,
// 2k−1..3k−4} (relabel inside A, inside B and outside A ∪ B). Each case
// is a clique search among the subsets that share λ symbols with each
// fixed card and are lexicographically smaller than the last one. The
// searches stop at the bound of DeckBound, like the SAT search.

// MaxNativeCandidates bounds the vertices of one clique search.
const MaxNativeCandidates = 200000

// MaxDeckNative returns a largest deck by the clique search; searchOnly
// has the meaning of MaxOptions.SearchOnly. The deck is checked before it
// is returned. The error reports bad parameters, a search too large for
// memory, or interruption.
func MaxDeckNative(ctx context.Context, n, k, lambda int, searchOnly bool) (MaxResult, error) {
	return maxDeck(n, k, lambda, !searchOnly, func(n, lo, hi int, res *MaxResult) (*Deck, bool, error) {
		return cliqueDeckSearch(ctx, n, k, lambda, lo, hi, res)
	})
}

// cliqueDeckSearch looks for a deck of more than lo (≥ 2) and at most hi
// cards over n symbols.
func cliqueDeckSearch(ctx context.Context, n, k, lambda, lo, hi int, res *MaxResult) (*Deck, bool, error) {
	var best *Deck
	for _, c := range nativeCases(n, k, lambda, lo) {
		res.Solves++
		cands, err := candidates(n, k, lambda, c.fixed)
		if err != nil {
			return best, false, err
		}
		g := newGraph(len(cands))
		for i := range cands {
			for j := i + 1; j < len(cands); j++ {
				if meetCount(cands[i], cands[j]) == lambda {
					g.addEdge(i, j)
				}
			}
		}
		top := min(hi, c.max)
		clique, err := maxClique(ctx, g, lo-len(c.fixed), top-len(c.fixed))
		if err != nil {
			return best, false, err
		}
		if clique != nil || len(c.fixed) > lo {
			d := &Deck{}
			for _, f := range c.fixed {
				d.Cards = append(d.Cards, append([]int(nil), f...))
			}
			for _, v := range clique {
				d.Cards = append(d.Cards, cands[v])
			}
			if err := Check(d, k, lambda); err != nil {
				return nil, false, fmt.Errorf("internal error: the native deck fails the check: %w", err)
			}
			best = d
			if len(d.Cards) >= hi {
				break
			}
			lo = len(d.Cards)
		}
	}
	return best, true, nil
}

// nativeCase is one clique search: the cards fixed by the symmetry
// reduction, and the largest deck the case allows.
type nativeCase struct {
	fixed [][]int
	max   int
}

// nativeCases returns the cases that cover every deck of more than lo
// cards. For λ = 1 a case is the degree t of symbol 0, relabelled to be a
// symbol of largest degree: its t cards are {0} ∪ block i, blocks of k−1
// consecutive symbols, and the lexicographically largest card avoiding 0
// holds the first symbol of every block and the first k−t symbols after
// them. Every card X meets the others in its k symbols, each on at most t
// cards, so such a deck has at most k(t−1)+1 cards. For λ ≥ 2 the one
// case fixes A and B.
func nativeCases(n, k, lambda, lo int) []nativeCase {
	if lambda > 1 {
		A, B := make([]int, 0, k), make([]int, 0, k)
		for s := range k {
			A = append(A, s)
		}
		for s := range lambda {
			B = append(B, s)
		}
		for s := k; s < 2*k-lambda; s++ {
			B = append(B, s)
		}
		if 2*k-lambda > n {
			return nil
		}
		return []nativeCase{{fixed: [][]int{A, B}, max: n}}
	}
	var cases []nativeCase
	for t := 2; t <= k; t++ {
		fresh := 1 + t*(k-1) // the first symbol outside the blocks
		if k*(t-1)+1 <= lo || fresh+k-t > n {
			continue
		}
		var fixed [][]int
		for i := range t {
			c := []int{0}
			for s := 1 + i*(k-1); s <= (i+1)*(k-1); s++ {
				c = append(c, s)
			}
			fixed = append(fixed, c)
		}
		var e []int
		for i := range t {
			e = append(e, 1+i*(k-1))
		}
		for s := fresh; s < fresh+k-t; s++ {
			e = append(e, s)
		}
		cases = append(cases, nativeCase{fixed: append(fixed, e), max: k*(t-1) + 1})
	}
	return cases
}

// candidates returns the k-subsets of 0..n−1 (sorted) that share exactly
// λ symbols with every fixed card and are lexicographically smaller than
// the last one.
func candidates(n, k, lambda int, fixed [][]int) ([][]int, error) {
	in := make([][]bool, len(fixed))
	for i, c := range fixed {
		in[i] = make([]bool, n)
		for _, s := range c {
			in[i][s] = true
		}
	}
	last := fixed[len(fixed)-1]
	meets := make([]int, len(fixed))
	var out [][]int
	var cur []int
	var err error
	var rec func(next int)
	rec = func(next int) {
		if err != nil {
			return
		}
		if len(cur) == k {
			for _, m := range meets {
				if m != lambda {
					return
				}
			}
			if lexLess(cur, last) {
				if len(out) == MaxNativeCandidates {
					err = fmt.Errorf("the native search needs more than %d candidate cards", MaxNativeCandidates)
					return
				}
				out = append(out, append([]int(nil), cur...))
			}
			return
		}
		for s := next; s <= n-(k-len(cur)); s++ {
			ok := true
			for i := range fixed {
				if in[i][s] && meets[i] == lambda {
					ok = false
				}
			}
			if !ok {
				continue
			}
			for i := range fixed {
				if in[i][s] {
					meets[i]++
				}
			}
			cur = append(cur, s)
			rec(s + 1)
			cur = cur[:len(cur)-1]
			for i := range fixed {
				if in[i][s] {
					meets[i]--
				}
			}
		}
	}
	rec(0)
	return out, err
}

// lexLess compares two sorted cards as incidence rows, symbol 0 most
// significant: the card holding the smallest symbol of the symmetric
// difference is the larger.
func lexLess(a, b []int) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			i++
			j++
		case a[i] < b[j]:
			return false
		default:
			return true
		}
	}
	return i == len(a) && j < len(b)
}

// meetCount returns the number of symbols two sorted cards share.
func meetCount(a, b []int) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			n++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return n
}
