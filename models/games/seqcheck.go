package games

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// Cross-checking a whole Grundy sequence, or the misère losses among
// single heaps, through the SAT encodings: the explicit game graphs of
// single heaps, from the largest down; a heap that is a position of an
// earlier graph has its value checked there and gets no graph of its own.

// SequenceReport summarises a cross-check of single heaps 0..n.
type SequenceReport struct {
	// Graphs is the number of game graphs built; Positions and Moves their
	// total size.
	Graphs, Positions, Moves int
	// Kernel and Grundy are the total sizes of the encodings (Grundy is
	// zero in misère play, where only the kernel applies).
	Kernel, Grundy Size
}

// CrossCheckSequence checks seq, the values G(0..n) of g, through the
// kernel and one-hot Grundy encodings of the game graphs of single heaps
// (CrossCheck), each graph of at most limit positions and each encoding of
// at most maxClauses clauses and variables (CheckCrossSize; ≤ 0: no
// limit), checked before it is written. A disagreement is an error
// wrapping ErrInternal that names the position.
func (g Octal) CrossCheckSequence(ctx context.Context, seq []int, limit int, maxClauses int64, newSolver func() sat.Solver, amo encode.AMOMethod) (SequenceReport, error) {
	var rep SequenceReport
	return rep, g.eachHeapGraph(ctx, len(seq)-1, limit, func(gg *GameGraph, native []int, heaps map[int]int) error {
		for h, p := range heaps {
			if native[p] != seq[h] {
				return fmt.Errorf("%w: heap %d: the game graph's value %d, the sequence's %d", ErrInternal, h, native[p], seq[h])
			}
		}
		if err := CheckCrossSize(fmt.Sprintf("the game graph of heap %s", gg.Labels[0]), gg, amo, maxClauses); err != nil {
			return err
		}
		r, err := CrossCheck(ctx, gg, native, newSolver, amo)
		rep.Graphs++
		rep.Positions += r.Positions
		rep.Moves += r.Moves
		rep.Kernel.Vars += r.Kernel.Vars
		rep.Kernel.Clauses += r.Kernel.Clauses
		rep.Grundy.Vars += r.Grundy.Vars
		rep.Grundy.Clauses += r.Grundy.Clauses
		return err
	})
}

// CrossCheckMisere checks lose, the single heaps n ≤ max that lose for the
// player to move in misère play (MisereLosses), through the kernel
// encoding of the misère game graphs of single heaps (MisereGraph), each
// of at most limit positions and each encoding of at most maxClauses
// clauses and variables (≤ 0: no limit).
func (g Octal) CrossCheckMisere(ctx context.Context, max int, lose []int, limit int, maxClauses int64, newSolver func() sat.Solver) (SequenceReport, error) {
	var rep SequenceReport
	return rep, g.eachHeapGraph(ctx, max, limit, func(gg *GameGraph, _ []int, heaps map[int]int) error {
		mg := MisereGraph(gg)
		if err := checkSize(fmt.Sprintf("the misère game graph of heap %s", gg.Labels[0]), mg, KernelSize(mg), maxClauses); err != nil {
			return err
		}
		p, size, err := SolvePPositions(ctx, newSolver(), mg)
		rep.Graphs++
		rep.Positions += len(mg.Moves)
		rep.Moves += mg.NumMoves()
		rep.Kernel.Vars += size.Vars
		rep.Kernel.Clauses += size.Clauses
		if err != nil {
			return err
		}
		for h, i := range heaps {
			if p[i] != slices.Contains(lose, h) {
				return fmt.Errorf("%w: misère heap %d: the exhaustive search says it loses: %v, the SAT kernel: %v", ErrInternal, h, slices.Contains(lose, h), p[i])
			}
		}
		return nil
	})
}

// eachHeapGraph calls check with the game graph of each single heap
// n = max, max−1, …, 0 that no earlier graph holds, its native values, and
// the single heaps it holds (heap → position).
func (g Octal) eachHeapGraph(ctx context.Context, max, limit int, check func(*GameGraph, []int, map[int]int) error) error {
	if max < 0 || max > MaxGraphHeap {
		return fmt.Errorf("heap %d: want 0..%d (a position of a game graph stores each heap in one byte)", max, MaxGraphHeap)
	}
	done := make([]bool, max+1)
	for n := max; n >= 0; n-- {
		if done[n] {
			continue
		}
		gg, native, err := g.GameGraph(ctx, []int{n}, limit)
		if err != nil {
			return err
		}
		heaps := map[int]int{n: 0}
		for p, label := range gg.Labels {
			if h, err := strconv.Atoi(label); err == nil && h > 0 && h <= max && !g.Dead(h) {
				heaps[h] = p
			}
		}
		for h := range heaps {
			done[h] = true
		}
		if err := check(gg, native, heaps); err != nil {
			return err
		}
	}
	return nil
}

// MisereGraph returns the game graph whose normal play is gg's misère
// play: every position without a move gets one, to a new last position
// without moves (the player who cannot move in gg wins by making it).
func MisereGraph(gg *GameGraph) *GameGraph {
	sink := len(gg.Moves)
	mg := &GameGraph{Moves: make([][]int, sink+1), Labels: append(slices.Clone(gg.Labels), "end of misère play")}
	for p, m := range gg.Moves {
		mg.Moves[p] = m
		if len(m) == 0 {
			mg.Moves[p] = []int{sink}
		}
	}
	return mg
}
