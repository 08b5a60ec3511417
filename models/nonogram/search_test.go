package nonogram

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/sat/gini"
)

// TestSearchBruteForce checks the fully probing search against
// enumeration: asked for more solutions than exist, it returns exactly the
// brute-force solution set and says it is exhausted; asked for fewer, it
// stops at the limit with solutions from that set.
func TestSearchBruteForce(t *testing.T) {
	for _, p := range smallPuzzles(4, 120) {
		want := bruteSolutions(p)
		for _, noProbe := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/noprobe=%v", p.Name, noProbe), func(t *testing.T) {
				res, err := SolveNative(context.Background(), p, Options{Limit: len(want) + 1, NoProbe: noProbe})
				if err != nil {
					t.Fatal(err)
				}
				if !res.Exhausted || !sameSolutions(res.Solutions, want) {
					t.Fatalf("got %d solutions (exhausted %v), want %d", len(res.Solutions), res.Exhausted, len(want))
				}
			})
		}
	}
}

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

// enumeratedPuzzle returns the k-th random puzzle of r (10×10 when k is
// even, 12×9 when odd) and SAT's enumeration of its solutions, up to 300:
// the reference the native search and the portfolio are compared with.
func enumeratedPuzzle(t *testing.T, r *rand.Rand, k int) (*Puzzle, *Result) {
	t.Helper()
	w, h := 10, 10
	if k%2 == 1 {
		w, h = 12, 9
	}
	p := puzzleOf(randomGrid(r, w, h, 0.3+0.4*r.Float64()))
	all, err := SolveSAT(context.Background(), gini.New(), p, Options{Limit: 300})
	if err != nil {
		t.Fatalf("puzzle %d: SAT enumeration: %v", k, err)
	}
	return p, all
}

// searchAgainstSAT runs the comparison on count puzzles and returns the
// number of restarts. It calls the probing search alone (solveNative),
// without the learning search's turns of SolveNative (learn_native.go).
func searchAgainstSAT(t *testing.T, count int) int {
	restarts := 0
	r := rand.New(rand.NewPCG(11, 12))
	for k := 0; k < count; k++ {
		p, all := enumeratedPuzzle(t, r, k)
		if !all.Exhausted {
			continue // too many solutions to compare
		}
		for _, noProbe := range []bool{false, true} {
			res, err := solveNative(context.Background(), p, Options{Limit: len(all.Solutions) + 1, NoProbe: noProbe}, 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Exhausted || !sameSolutions(res.Solutions, all.Solutions) {
				t.Fatalf("puzzle %d, noprobe=%v: native found %d solutions (exhausted %v), SAT %d",
					k, noProbe, len(res.Solutions), res.Exhausted, len(all.Solutions))
			}
			restarts += res.Stats.Restarts
		}
	}
	return restarts
}

// TestSearchLongLines compares the native solver, whose lines of more than
// 64 cells go through the multi-word line solver, with SAT's enumeration
// on random puzzles with long rows or long columns.
func TestSearchLongLines(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	compared, multiple := 0, 0
	for k := 0; k < 20; k++ {
		w, h := 70+r.IntN(70), 3+r.IntN(3)
		if k%2 == 1 {
			w, h = h, w
		}
		p := puzzleOf(randomGrid(r, w, h, 0.4+0.3*r.Float64()))
		all, err := SolveSAT(context.Background(), gini.New(), p, Options{Limit: 60})
		if err != nil {
			t.Fatal(err)
		}
		if !all.Exhausted {
			continue
		}
		res, err := SolveNative(context.Background(), p, Options{Limit: len(all.Solutions) + 1})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Exhausted || !sameSolutions(res.Solutions, all.Solutions) {
			t.Fatalf("puzzle %d (%dx%d): native found %d solutions (exhausted %v), SAT %d", k, w, h, len(res.Solutions), res.Exhausted, len(all.Solutions))
		}
		compared++
		if len(all.Solutions) > 1 {
			multiple++
		}
	}
	if compared < 10 || multiple < 3 {
		t.Errorf("compared %d puzzles, %d with several solutions: too few", compared, multiple)
	}
}

// TestLuby checks the restart sequence's first terms.
func TestLuby(t *testing.T) {
	want := []int{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2}
	for i, w := range want {
		if got := luby(i + 1); got != w {
			t.Errorf("luby(%d) = %d, want %d", i+1, got, w)
		}
	}
}

// TestReplay checks the third run after a first run cut at its failing
// nodes: it starts afresh, so its nodes and its solution do not depend on
// how long the belief-propagation run before it was (1 or 3 nodes), on
// random pictures (25×25, a third black) whose first run fails twice
// before the first solution; the replay's budget never ends it.
func TestReplay(t *testing.T) {
	saved := defaultConfig
	defer func() { defaultConfig = saved }()
	solve := func(p *Puzzle, base2 float64) *nsearch {
		defaultConfig.restart, defaultConfig.base2, defaultConfig.firstFails = 1e9, base2, 2
		b := newBBoard(p)
		defer b.release()
		if !b.propagate() {
			t.Fatal("line solving refutes a picture's clues")
		}
		if b.complete() {
			return nil
		}
		b.useCache(cacheBits(b.cells()))
		s := newSearch(context.Background(), b, 1, true, nil)
		s.run()
		s.pr.release()
		if s.err != nil || len(s.known) != 1 {
			t.Fatalf("%d solutions, error %v", len(s.known), s.err)
		}
		return s
	}
	r := rand.New(rand.NewPCG(21, 22))
	replays := 0
	for k := 0; k < 100 && replays < 5; k++ {
		p := puzzleOf(randomGrid(r, 25, 25, 0.35))
		a := solve(p, 1)
		if a == nil || a.replayed == 0 {
			continue
		}
		replays++
		b := solve(p, 3)
		if b.replayed != a.replayed || !a.known[0].Equal(b.known[0]) {
			t.Errorf("picture %d: the replay took %d nodes after a 1-node run, %d after a 3-node run (same solution: %v)",
				k, a.replayed, b.replayed, a.known[0].Equal(b.known[0]))
		}
	}
	if replays < 5 {
		t.Errorf("only %d pictures replayed their first run: the test does not exercise the replay", replays)
	}
}
