package games

import (
	"context"
	"fmt"

	"gonum.org/v1/gonum/graph"
)

// KaylesMisere is the misère-play evaluation of node-Kayles on a graph.
type KaylesMisere struct {
	// Win reports whether the player to move wins.
	Win bool
	// Winning lists every vertex whose move leaves a position that loses
	// for the player then to move; it is empty exactly when Win is false.
	Winning []graph.Node
	// Positions is the number of positions the search memoised.
	Positions int
}

// Misere evaluates node-Kayles on the whole graph in misère play by
// exhaustive search over sets of remaining vertices (misere.go), memoising
// at most limit positions (ErrSearchLimit beyond).
func (k *Kayles) Misere(ctx context.Context, limit int) (KaylesMisere, error) {
	s := &kaylesMisere{k: k, ctx: ctx, memo: make(map[uint64]bool), limit: limit}
	k.ctx, k.err = ctx, nil
	var an KaylesMisere
	for i, n := range k.nodes {
		w, err := s.wins(k.all &^ k.closed[i])
		if err != nil {
			return KaylesMisere{}, err
		}
		if !w {
			an.Winning = append(an.Winning, n)
		}
	}
	an.Win = len(an.Winning) > 0 || k.all == 0
	an.Positions = len(s.memo)
	return an, nil
}

// kaylesMisere decides misère outcomes of vertex sets.
type kaylesMisere struct {
	k     *Kayles
	ctx   context.Context
	memo  map[uint64]bool // true: the player to move wins
	limit int
}

// wins reports whether the player to move wins the set in misère play,
// trying first the moves that leave a normal-play value of 0.
func (s *kaylesMisere) wins(set uint64) (bool, error) {
	if w, ok := s.memo[set]; ok {
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
	win := set == 0
	for pass := 0; pass < 2 && !win; pass++ {
		for m := set; m != 0 && !win; m &= m - 1 {
			q := set &^ s.k.closed[trailing(m)]
			if (s.k.value(q) == 0) != (pass == 0) {
				continue
			}
			if s.k.err != nil {
				return false, s.k.err
			}
			w, err := s.wins(q)
			if err != nil {
				return false, err
			}
			win = !w
		}
	}
	s.memo[set] = win
	return win, nil
}
