// Package satenum enumerates a nonogram's solutions with a SAT solver: the
// reference against which the tests of the native searches (packages
// search and learn, which package solve imports, so their tests cannot
// import it) compare their solution sets. It is test support, and imports
// only sat, the model and its encodings; the caller passes the solver.
package satenum

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/encode"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
	"github.com/satsolve/satsolve/sat"
)

// Solutions returns up to limit solutions of p found by the fresh solver
// s: the block-start encoding of p, each model decoded, checked against
// the clues and blocked, until the limit or Unsat. The result is
// exhausted when the solutions found are all of p's.
func Solutions(s sat.Solver, p *nonogram.Puzzle, limit int) (*nonogram.Result, error) {
	x := encode.Encode(s, p, nil, nonogram.EncodeStarts)
	res := &nonogram.Result{}
	for len(res.Solutions) < limit {
		st, err := s.Solve(context.Background())
		switch {
		case err != nil:
			return res, err
		case st == sat.Unsat:
			res.Exhausted = true
			return res, nil
		case st != sat.Sat:
			return res, fmt.Errorf("SAT solver answered %v", st)
		}
		g := x.Decode(s.Value)
		if err := nonogram.Check(p, g); err != nil {
			return res, fmt.Errorf("%w: %v", nonogram.ErrBadSolution, err)
		}
		res.Solutions = append(res.Solutions, g)
		if !x.Block(s, g) {
			res.Exhausted = true
			return res, nil
		}
	}
	return res, nil
}

// SearchPuzzle returns the k-th random puzzle of r (10×10 when k is even,
// 12×9 when odd) and s's enumeration of its solutions, up to 300: the
// reference the probing search and the portfolio are compared with.
func SearchPuzzle(t testing.TB, r *rand.Rand, k int, s sat.Solver) (*nonogram.Puzzle, *nonogram.Result) {
	t.Helper()
	w, h := 10, 10
	if k%2 == 1 {
		w, h = 12, 9
	}
	return enumerated(t, nonotest.PuzzleOf(nonotest.RandomGrid(r, w, h, 0.3+0.4*r.Float64())), k, 300, s)
}

// LearnPuzzle returns the k-th random puzzle of r for the learning search
// (10 to 18 columns, 14 to 18 rows) and s's enumeration of its
// solutions, up to 200.
func LearnPuzzle(t testing.TB, r *rand.Rand, k int, s sat.Solver) (*nonogram.Puzzle, *nonogram.Result) {
	t.Helper()
	w, h := 10+k%9, 18-k%5
	return enumerated(t, nonotest.PuzzleOf(nonotest.RandomGrid(r, w, h, 0.35+0.3*r.Float64())), k, 200, s)
}

func enumerated(t testing.TB, p *nonogram.Puzzle, k, limit int, s sat.Solver) (*nonogram.Puzzle, *nonogram.Result) {
	t.Helper()
	all, err := Solutions(s, p, limit)
	if err != nil {
		t.Fatalf("puzzle %d: SAT enumeration: %v", k, err)
	}
	return p, all
}
