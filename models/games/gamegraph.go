package games

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// Explicit game graphs: every position reachable from a start, with its
// moves. They are what the SAT encodings (kernel.go, grundyenc.go) read,
// and what the cross-check compares with the native evaluators. The games
// of this package strictly shrink with every move (tokens or vertices), so
// their graphs are acyclic.

// GameGraph is an explicit finite game graph. Position 0 is the start.
type GameGraph struct {
	// Moves[p] lists the positions one move away from p, each once.
	Moves [][]int
	// Labels[p] names position p, for comments in encoded instances.
	Labels []string
}

// NumMoves returns the number of moves of the graph.
func (g *GameGraph) NumMoves() int {
	n := 0
	for _, m := range g.Moves {
		n += len(m)
	}
	return n
}

// explore builds the game graph reachable from start, breadth first, with
// at most limit positions (ErrSearchLimit beyond). Positions are identified
// by key; it returns them in graph order.
func explore[P any, K comparable](ctx context.Context, start P, limit int,
	key func(P) K, label func(P) string, options func(P) []P) (*GameGraph, []P, error) {
	g := &GameGraph{}
	var positions []P
	index := make(map[K]int)
	add := func(p P) (int, error) {
		k := key(p)
		if i, ok := index[k]; ok {
			return i, nil
		}
		if len(positions) >= limit {
			return 0, fmt.Errorf("%w: the game graph has more than %d positions", ErrSearchLimit, limit)
		}
		i := len(positions)
		index[k] = i
		positions = append(positions, p)
		g.Moves = append(g.Moves, nil)
		g.Labels = append(g.Labels, label(p))
		return i, nil
	}
	if _, err := add(start); err != nil {
		return nil, nil, err
	}
	for i := 0; i < len(positions); i++ {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		var succ []int
		for _, q := range options(positions[i]) {
			j, err := add(q)
			if err != nil {
				return nil, nil, err
			}
			succ = append(succ, j)
		}
		slices.Sort(succ)
		g.Moves[i] = slices.Compact(succ)
	}
	return g, positions, nil
}

// CheckPPositions checks p against the rule that defines P-positions in
// normal play, without any encoding: a position is a P-position exactly
// when no move leads to a P-position. It returns an error naming the first
// position where p breaks the rule.
func (g *GameGraph) CheckPPositions(p []bool) error {
	if len(p) != len(g.Moves) {
		return fmt.Errorf("%d outcomes for %d positions", len(p), len(g.Moves))
	}
	for i, succ := range g.Moves {
		switch toP := slices.ContainsFunc(succ, func(q int) bool { return p[q] }); {
		case p[i] && toP:
			return fmt.Errorf("position %s is marked P but has a move to a P-position", g.Labels[i])
		case !p[i] && !toP:
			return fmt.Errorf("position %s is marked N but has no move to a P-position", g.Labels[i])
		}
	}
	return nil
}

// CheckGrundy checks values against the definition of the Grundy function,
// without any encoding: each value is the least one that no option has.
// It returns an error naming the first position where it fails.
func (g *GameGraph) CheckGrundy(values []int) error {
	if len(values) != len(g.Moves) {
		return fmt.Errorf("%d values for %d positions", len(values), len(g.Moves))
	}
	for i, succ := range g.Moves {
		opts := make([]bool, len(succ)+1)
		for _, q := range succ {
			if v := values[q]; v >= 0 && v < len(opts) {
				opts[v] = true
			}
		}
		if want := slices.Index(opts, false); values[i] != want {
			return fmt.Errorf("position %s: value %d, but the mex of its options is %d", g.Labels[i], values[i], want)
		}
	}
	return nil
}

// GameGraph returns the explicit game graph of the octal game from the sum
// of heaps, with at most limit positions, and the native value of every
// position. A position is the sorted list of its live heaps, which must
// stay at most 255 tokens each.
func (g Octal) GameGraph(ctx context.Context, heaps []int, limit int) (*GameGraph, []int, error) {
	if err := checkHeaps(heaps, MaxGraphHeap); err != nil {
		return nil, nil, err
	}
	seq, err := g.Sequence(ctx, maxOf(heaps))
	if err != nil {
		return nil, nil, err
	}
	return octalRules(g, seq).gameGraph(ctx, heaps, limit)
}

// NimGameGraph returns the explicit game graph of Nim from the heaps, with
// at most limit positions, and the native value (nim-sum) of every
// position. Heaps must be in 0..255.
func NimGameGraph(ctx context.Context, heaps []int, limit int) (*GameGraph, []int, error) {
	if err := checkHeaps(heaps, MaxGraphHeap); err != nil {
		return nil, nil, err
	}
	return nimRules(maxOf(heaps)).gameGraph(ctx, heaps, limit)
}

// gameGraph explores the canonical positions reachable from heaps.
func (r heapRules) gameGraph(ctx context.Context, heaps []int, limit int) (*GameGraph, []int, error) {
	options := func(p string) []string {
		var out []string
		for i := range len(p) {
			if i > 0 && p[i] == p[i-1] {
				continue
			}
			for _, sp := range r.splits[p[i]] {
				out = append(out, r.option(p, i, sp))
			}
		}
		return out
	}
	label := func(p string) string {
		heaps := make([]int, len(p))
		for i := range len(p) {
			heaps[i] = int(p[i])
		}
		return heapsLabel(heaps)
	}
	gg, pos, err := explore(ctx, r.canonical(heaps), limit, func(p string) string { return p }, label, options)
	if err != nil {
		return nil, nil, err
	}
	native := make([]int, len(pos))
	for i, p := range pos {
		for j := range len(p) {
			native[i] ^= r.value[p[j]]
		}
	}
	return gg, native, nil
}

// GameGraph returns the explicit game graph of node-Kayles on the whole
// graph, with at most limit positions, and the native value of every
// position. A position is the set of remaining vertices.
func (k *Kayles) GameGraph(ctx context.Context, limit int) (*GameGraph, []int, error) {
	options := func(set uint64) []uint64 {
		var out []uint64
		for m := set; m != 0; m &= m - 1 {
			out = append(out, set&^k.closed[trailing(m)])
		}
		return out
	}
	gg, pos, err := explore(ctx, k.all, limit, func(s uint64) uint64 { return s }, k.setLabel, options)
	if err != nil {
		return nil, nil, err
	}
	native := make([]int, len(pos))
	for i, p := range pos {
		if native[i], err = k.Value(ctx, p); err != nil {
			return nil, nil, err
		}
	}
	return gg, native, nil
}

// setLabel names a vertex set, e.g. "{a,b,c}".
func (k *Kayles) setLabel(set uint64) string {
	var names []string
	for m := set; m != 0; m &= m - 1 {
		names = append(names, nodeName(k.nodes[trailing(m)]))
	}
	return "{" + strings.Join(names, ",") + "}"
}
