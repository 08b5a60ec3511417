package solve

import (
	"context"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/search"
)

// Native solves p with the native solver (line solving on bit lines,
// fully probing at every search node of puzzles up to search.MaxProbeCells cells,
// branching; internal/search), looking for
// up to o.Limit solutions. With a hint (o.Hint), the hint is the first
// solution. When more than one solution is wanted, a solution in hand (the
// hint or the first one found) is followed by the neighbourhood search
// (internal/search/nearby.go) before the global search goes on. When more than one
// solution is wanted (every line of at most 64 cells), the
// learning search (internal/learn) takes turns with the probing search
// (turns.go): it proves that no further solution exists where
// probing takes long. On interruption it returns the solutions found so
// far with Exhausted false and ctx's error.
//
// Memory is linear in the puzzle: about 20 bytes per cell without probing
// and about 90 with it (the kept probe results with their line masks,
// their per-position backtrack clocks, the merge scratch and memory),
// besides a line cache (6 KB, or 10 KB with lines of more than 32 cells,
// growing while the search overflows it up to 8 entries per cell and at
// most 1.6 or 2.6 MB)
// allocated only when line solving leaves cells open; the learning search
// adds about 100 bytes per cell and its learned clauses (at most 2,000
// before the first halving, the bound growing by 300 at each);
// TestNativeMemory holds it to that under an address-space limit.
func Native(ctx context.Context, p *nonogram.Puzzle, o nonogram.Options) (*nonogram.Result, error) {
	if useLearning(p, o) {
		return solveLearning(ctx, p, o) // turns.go
	}
	return search.Solve(ctx, p, o, 0, nil)
}
