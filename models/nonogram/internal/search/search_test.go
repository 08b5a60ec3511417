package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/board"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest/satenum"
	"github.com/satsolve/satsolve/sat/gini"
)

// TestSearchAgainstSAT compares the solution sets on random 10×10 and
// 12×9 puzzles, many with several solutions, with SAT's enumeration: with
// the default search, and with restarts after 1 node, then Luby budgets of 1 node,
// which restarts many times before the first solution (a run that finds
// one goes on without a budget, so it covers the whole tree; solutions are
// not counted twice).
func TestSearchAgainstSAT(t *testing.T) {
	t.Run("default", func(t *testing.T) { searchAgainstSAT(t, 40) })
	saved := defaultConfig
	defer func() { defaultConfig = saved }()
	defaultConfig.restart, defaultConfig.base2, defaultConfig.growth = 1, 1, 1.3
	defaultConfig.luby, defaultConfig.lubyBP = 1, 1
	t.Run("restarts", func(t *testing.T) {
		if n := searchAgainstSAT(t, 80); n < 100 {
			t.Errorf("only %d restarts: the test does not exercise them", n)
		}
	})
}

// searchAgainstSAT runs the comparison on count puzzles and returns the
// number of restarts. It calls the probing search alone (Solve),
// without the learning search's turns of solve.Native (solve/turns.go).
func searchAgainstSAT(t *testing.T, count int) int {
	restarts := 0
	r := rand.New(rand.NewPCG(11, 12))
	for k := 0; k < count; k++ {
		p, all := satenum.SearchPuzzle(t, r, k, gini.New())
		if !all.Exhausted {
			continue // too many solutions to compare
		}
		for _, noProbe := range []bool{false, true} {
			res, err := Solve(context.Background(), p, nonogram.Options{Limit: len(all.Solutions) + 1, NoProbe: noProbe}, 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Exhausted || !nonotest.SameSolutions(res.Solutions, all.Solutions) {
				t.Fatalf("puzzle %d, noprobe=%v: native found %d solutions (exhausted %v), SAT %d",
					k, noProbe, len(res.Solutions), res.Exhausted, len(all.Solutions))
			}
			restarts += res.Stats.Restarts
		}
	}
	return restarts
}

// TestReplay checks the third run after a first run cut at its failing
// nodes: it starts afresh, so its nodes and its solution do not depend on
// how long the belief-propagation run before it was (1 or 3 nodes), on
// random pictures (25×25, a third black) whose first run fails twice
// before the first solution; the replay's budget never ends it.
func TestReplay(t *testing.T) {
	saved := defaultConfig
	defer func() { defaultConfig = saved }()
	solve := func(p *nonogram.Puzzle, base2 float64) *Search {
		defaultConfig.restart, defaultConfig.base2, defaultConfig.firstFails = 1e9, base2, 2
		b := board.New(p)
		defer b.Release()
		if !b.Propagate() {
			t.Fatal("line solving refutes a picture's clues")
		}
		if b.Complete() {
			return nil
		}
		b.UseCache(line.CacheBits(b.Cells()))
		s := New(context.Background(), b, 1, true, nil)
		s.run()
		s.pr.Release()
		if s.err != nil || len(s.Known) != 1 {
			t.Fatalf("%d solutions, error %v", len(s.Known), s.err)
		}
		return s
	}
	r := rand.New(rand.NewPCG(21, 22))
	replays := 0
	for k := 0; k < 100 && replays < 5; k++ {
		p := nonotest.PuzzleOf(nonotest.RandomGrid(r, 25, 25, 0.35))
		a := solve(p, 1)
		if a == nil || a.replayed == 0 {
			continue
		}
		replays++
		b := solve(p, 3)
		if b.replayed != a.replayed || !a.Known[0].Equal(b.Known[0]) {
			t.Errorf("picture %d: the replay took %d nodes after a 1-node run, %d after a 3-node run (same solution: %v)",
				k, a.replayed, b.replayed, a.Known[0].Equal(b.Known[0]))
		}
	}
	if replays < 5 {
		t.Errorf("only %d pictures replayed their first run: the test does not exercise the replay", replays)
	}
}
