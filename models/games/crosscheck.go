package games

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

// CrossReport summarises a cross-check of native values against the two
// SAT encodings.
type CrossReport struct {
	// Positions and Moves are the size of the game graph.
	Positions, Moves int
	// Kernel and Grundy are the sizes of the two encodings.
	Kernel, Grundy Size
}

// CrossCheck computes the P-positions and the Grundy values of the acyclic
// game graph gg through the kernel and the one-hot Grundy encodings, each
// in a fresh solver from newSolver, and compares them with native, the
// values the game's native evaluator gives the same positions. A
// disagreement is an error wrapping ErrInternal that names the position.
func CrossCheck(ctx context.Context, gg *GameGraph, native []int, newSolver func() sat.Solver, amo encode.AMOMethod) (CrossReport, error) {
	rep := CrossReport{Positions: len(gg.Moves), Moves: gg.NumMoves()}
	if len(native) != len(gg.Moves) {
		return rep, fmt.Errorf("%d native values for %d positions", len(native), len(gg.Moves))
	}
	p, size, err := SolvePPositions(ctx, newSolver(), gg)
	rep.Kernel = size
	if err != nil {
		return rep, err
	}
	values, size, err := SolveGrundy(ctx, newSolver(), gg, amo)
	rep.Grundy = size
	if err != nil {
		return rep, err
	}
	for i, v := range native {
		if p[i] != (v == 0) || values[i] != v {
			return rep, fmt.Errorf("%w: position %s: native value %d, SAT kernel says P=%v, SAT Grundy value %d",
				ErrInternal, gg.Labels[i], v, p[i], values[i])
		}
	}
	return rep, nil
}
