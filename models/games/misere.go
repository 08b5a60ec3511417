package games

import (
	"context"
	"errors"
	"fmt"
)

// Misère play by exhaustive search.
//
// In misère play the player who cannot move wins, so a position with no
// move is a win for the player to move, and otherwise the player to move
// wins exactly when some option is a loss. Sums no longer reduce to
// exclusive ors (Conway, On Numbers and Games, ch. 12), so the search
// memoises whole positions: a sum of heaps as its sorted multiset of live
// heaps (a heap with no move is the zero game, which changes nothing in
// either play convention), a node-Kayles position as its set of remaining
// vertices. Options are tried in an order that puts normal-play zero
// positions first, which are usually the misère losses too, so a winning
// reply turns up early; a losing position still needs all its options.
// The number of memoised positions is capped, and the search stops with
// ErrSearchLimit beyond the cap.

// ErrSearchLimit is returned when an exhaustive search would memoise more
// positions than its limit.
var ErrSearchLimit = errors.New("games: exhaustive search exceeded its position limit")

// MisereAnalysis is the misère-play evaluation of a position.
type MisereAnalysis struct {
	// Win reports whether the player to move wins.
	Win bool
	// Winning lists every move to a position that loses for the player
	// then to move; it is empty exactly when Win is false.
	Winning []Move
	// Positions is the number of positions the search memoised, 0 when a
	// formula decided.
	Positions int
}

// heapSearch decides misère outcomes of canonical positions.
type heapSearch struct {
	ctx   context.Context
	rules heapRules
	memo  map[string]bool // true: the player to move wins
	limit int
}

// wins reports whether the player to move wins the canonical position p in
// misère play. Options of normal-play value 0 are tried first.
func (s *heapSearch) wins(p string) (bool, error) {
	if w, ok := s.memo[p]; ok {
		return w, nil
	}
	if len(s.memo) >= s.limit {
		return false, fmt.Errorf("%w (%d positions)", ErrSearchLimit, s.limit)
	}
	if len(s.memo)%4096 == 0 {
		if err := s.ctx.Err(); err != nil {
			return false, err
		}
	}
	v := s.rules.value
	nimber := 0
	for i := range len(p) {
		nimber ^= v[p[i]]
	}
	win := len(p) == 0
	for pass := 0; pass < 2 && !win; pass++ {
		for i := 0; i < len(p) && !win; i++ {
			if i > 0 && p[i] == p[i-1] {
				continue // the same options as the previous heap
			}
			h := p[i]
			for _, sp := range s.rules.splits[h] {
				if (nimber^v[h]^v[sp.A]^v[sp.B] == 0) != (pass == 0) {
					continue
				}
				w, err := s.wins(s.rules.option(p, i, sp))
				if err != nil {
					return false, err
				}
				if !w {
					win = true
					break
				}
			}
		}
	}
	s.memo[p] = win
	return win, nil
}

// misere evaluates the sum of heaps, all tabulated in r, in misère play by
// exhaustive search over at most limit positions.
func (r heapRules) misere(ctx context.Context, heaps []int, limit int) (MisereAnalysis, error) {
	s := &heapSearch{ctx: ctx, rules: r, memo: make(map[string]bool), limit: limit}
	var an MisereAnalysis
	for i, h := range heaps {
		for _, sp := range r.splits[h] {
			m := Move{Heap: i, Size: h, Split: sp}
			w, err := s.wins(r.canonical(m.Apply(heaps)))
			if err != nil {
				return MisereAnalysis{}, err
			}
			if !w {
				an.Winning = append(an.Winning, m)
			}
		}
	}
	an.Win = len(an.Winning) > 0 || r.canonical(heaps) == ""
	an.Positions = len(s.memo)
	return an, nil
}

// Misere evaluates the sum of heaps of the octal game in misère play by
// exhaustive search, memoising at most limit positions (ErrSearchLimit
// beyond). Heaps must be in 0..255.
func (g Octal) Misere(ctx context.Context, heaps []int, limit int) (MisereAnalysis, error) {
	if err := checkHeaps(heaps, MaxGraphHeap); err != nil {
		return MisereAnalysis{}, err
	}
	seq, err := g.Sequence(ctx, maxOf(heaps))
	if err != nil {
		return MisereAnalysis{}, err
	}
	return octalRules(g, seq).misere(ctx, heaps, limit)
}

// NimMisere evaluates a position of Nim in misère play by Bouton's rule:
// the player to move loses exactly when every heap has at most one token
// and the nim-sum is 1, or some heap has two or more and the nim-sum is 0.
// A move to such a position either keeps a heap of two or more, and is then
// the normal-play move h → h ⊕ s, or leaves every heap at most 1, and then
// takes the moved heap to 0 or 1; those are the only candidates tried.
// Heaps must not be negative.
func NimMisere(heaps []int) (MisereAnalysis, error) {
	if err := checkHeaps(heaps, int(^uint(0)>>1)); err != nil {
		return MisereAnalysis{}, err
	}
	s := 0
	for _, h := range heaps {
		s ^= h
	}
	var an MisereAnalysis
	for i, h := range heaps {
		targets := []int{0, 1}
		if t := h ^ s; t > 1 {
			targets = append(targets, t)
		}
		for _, to := range targets {
			if to >= h {
				continue
			}
			m := Move{Heap: i, Size: h, Split: Split{Take: h - to, B: to}}
			if !nimMisereWin(m.Apply(heaps)) {
				an.Winning = append(an.Winning, m)
			}
		}
	}
	an.Win = nimMisereWin(heaps)
	return an, nil
}

// nimMisereWin is Bouton's misère rule.
func nimMisereWin(heaps []int) bool {
	x, big := 0, false
	for _, h := range heaps {
		x ^= h
		big = big || h >= 2
	}
	if big {
		return x != 0
	}
	return x != 1
}

// MisereLosses returns the heap sizes n ≤ max of the octal game whose
// single heap loses for the player to move in misère play, by one
// exhaustive search shared by all of them, memoising at most limit
// positions (ErrSearchLimit beyond); it also returns the number of
// positions memoised. max must be in 0..255.
func (g Octal) MisereLosses(ctx context.Context, max, limit int) ([]int, int, error) {
	if max < 0 || max > MaxGraphHeap {
		return nil, 0, fmt.Errorf("misère search up to heap %d: want 0..%d", max, MaxGraphHeap)
	}
	seq, err := g.Sequence(ctx, max)
	if err != nil {
		return nil, 0, err
	}
	r := octalRules(g, seq)
	s := &heapSearch{ctx: ctx, rules: r, memo: make(map[string]bool), limit: limit}
	lose := []int{}
	for n := 0; n <= max; n++ {
		w, err := s.wins(r.canonical([]int{n}))
		if err != nil {
			return nil, len(s.memo), err
		}
		if !w {
			lose = append(lose, n)
		}
	}
	return lose, len(s.memo), nil
}
