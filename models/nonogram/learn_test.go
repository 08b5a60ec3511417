package nonogram

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/sat/gini"
)

// satisfiedBy reports whether grid g makes some literal of clause c true.
func satisfiedBy(c []lit, g *Grid) bool {
	for _, x := range c {
		if (g.Cells[x.cell()] == Black) == x.black() {
			return true
		}
	}
	return false
}

// learnAgainst runs the learning search on p with every explanation
// verified by the reference line solver and every learned clause checked
// against the solutions all (the puzzle's complete solution set) not yet
// found or known (those are blocked): a learned clause that excludes
// another solution would make a wrong "unique".
// It returns the solutions found and whether the search was exhaustive.
func learnAgainst(t *testing.T, p *Puzzle, all []*Grid, limit int, known []*Grid) ([]*Grid, bool, *learner) {
	t.Helper()
	return learnAgainstWith(t, p, all, limit, known, defaultLearnConfig)
}

// learnAgainstWith is learnAgainst with the search's settings cfg.
func learnAgainstWith(t *testing.T, p *Puzzle, all []*Grid, limit int, known []*Grid, cfg learnConfig) ([]*Grid, bool, *learner) {
	t.Helper()
	s := newLearner(context.Background(), p, limit)
	s.cfg = cfg
	s.known = known
	s.check = true
	s.onLearn = func(c []lit) {
		for _, g := range all {
			if !satisfiedBy(c, g) && !slices.ContainsFunc(s.known, g.Equal) {
				t.Fatalf("%s: learned clause %v excludes a solution", p.Name, c)
			}
		}
	}
	sols, done, err := s.solve()
	if err != nil {
		t.Fatalf("%s: %v", p.Name, err)
	}
	return sols, done, s
}

// TestLearnBruteForce checks the learning search against enumeration on
// puzzles of at most 16 cells: asked for more solutions than exist it
// returns exactly the brute-force set and says it is exhausted; asked for
// fewer it stops at the limit with solutions from the set; seeded with a
// solution it finds the others.
func TestLearnBruteForce(t *testing.T) {
	for _, p := range smallPuzzles(5, 120) {
		want := bruteSolutions(p)
		sols, done, _ := learnAgainst(t, p, want, len(want)+1, nil)
		if !done || !sameSolutions(sols, want) {
			t.Fatalf("%s: got %d solutions (exhausted %v), want %d", p.Name, len(sols), done, len(want))
		}
		if len(want) >= 2 {
			sols, done, _ = learnAgainst(t, p, want, 1, nil)
			if done || len(sols) != 1 || !sameSolutions(sols, want[:1]) && !sameSolutions(sols, sols[:1]) {
				t.Fatalf("%s: limit 1: got %d solutions (exhausted %v)", p.Name, len(sols), done)
			}
			sols, done, _ = learnAgainst(t, p, want, len(want)+1, []*Grid{want[1]})
			if !done || !sameSolutions(sols, want) {
				t.Fatalf("%s: seeded: got %d solutions (exhausted %v), want %d", p.Name, len(sols), done, len(want))
			}
		}
	}
}

// learnPuzzle returns the k-th random puzzle of r, of 10×14 to 18×18
// cells, and SAT's enumeration of its solutions, up to 200.
func learnPuzzle(t *testing.T, r *rand.Rand, k int) (*Puzzle, *Result) {
	t.Helper()
	w, h := 10+k%9, 18-k%5
	p := puzzleOf(randomGrid(r, w, h, 0.35+0.3*r.Float64()))
	all, err := SolveSAT(context.Background(), gini.New(), p, Options{Limit: 200})
	if err != nil {
		t.Fatalf("puzzle %d: SAT enumeration: %v", k, err)
	}
	return p, all
}

// TestLearnAgainstSAT compares the learning search with SAT's enumeration
// on random puzzles (learnPuzzle), many with several solutions, with
// every explanation verified and every learned clause checked against the
// solutions; it also checks that the puzzles make the search learn.
func TestLearnAgainstSAT(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	var conflicts int64
	compared := 0
	for k := range 150 {
		p, all := learnPuzzle(t, r, k)
		if !all.Exhausted {
			continue
		}
		compared++
		sols, done, s := learnAgainst(t, p, all.Solutions, len(all.Solutions)+1, nil)
		if !done || !sameSolutions(sols, all.Solutions) {
			t.Fatalf("puzzle %d: learning found %d solutions (exhausted %v), SAT %d", k, len(sols), done, len(all.Solutions))
		}
		conflicts += s.conflicts
	}
	if conflicts < 500 || compared < 100 {
		t.Errorf("%d puzzles compared, %d conflicts: the test does not exercise learning", compared, conflicts)
	}
	t.Logf("%d puzzles, %d conflicts", compared, conflicts)
}

// TestLearnReduce runs the comparison of TestLearnAgainstSAT with the
// clause database reduced every few conflicts, so that deleting clauses
// and compacting the clause list (renumbered reasons and watches) happen
// thousands of times: the answers must stay SAT's, and after the search
// the clause list must hold only live clauses.
func TestLearnReduce(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	cfg := defaultLearnConfig
	cfg.firstReduce, cfg.reduceStep = 6, 1
	var reductions int
	for k := range 150 {
		p, all := learnPuzzle(t, r, k)
		if !all.Exhausted {
			continue
		}
		sols, done, s := learnAgainstWith(t, p, all.Solutions, len(all.Solutions)+1, nil, cfg)
		if !done || !sameSolutions(sols, all.Solutions) {
			t.Fatalf("puzzle %d: learning found %d solutions (exhausted %v), SAT %d", k, len(sols), done, len(all.Solutions))
		}
		live := 0
		for _, c := range s.clauses {
			if c.deleted || len(c.lits) < 2 {
				t.Fatalf("puzzle %d: a deleted clause is left in the list", k)
			}
			if c.learnt {
				live++
			}
		}
		if live != s.nLearnt {
			t.Fatalf("puzzle %d: %d learned clauses in the list, %d live", k, live, s.nLearnt)
		}
		reductions += (s.maxLearnt - cfg.firstReduce) / cfg.reduceStep
	}
	if reductions < 150 {
		t.Errorf("%d reductions: the test does not exercise reduce", reductions)
	}
	t.Logf("%d reductions", reductions)
}

// TestLearnResume runs the learning search in turns of about one line
// solve and, between turns, hands it solutions found "elsewhere" (from
// SAT's enumeration): it must block them, never report them again, and
// end with exactly SAT's set.
func TestLearnResume(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	turns, given := 0, 0
	for k := range 60 {
		p, all := learnPuzzle(t, r, k)
		if !all.Exhausted {
			continue
		}
		s := newLearner(context.Background(), p, len(all.Solutions)+1)
		s.check = true
		for i := 0; ; i++ {
			ended, err := s.resume(1)
			if err != nil {
				t.Fatalf("puzzle %d: %v", k, err)
			}
			if ended {
				break
			}
			turns++
			if i%50 == 1 {
				for _, g := range all.Solutions {
					if !slices.ContainsFunc(s.known, g.Equal) {
						s.known = append(s.known, g)
						given++
						break
					}
				}
			}
		}
		if !s.exhausted || !sameSolutions(s.known, all.Solutions) {
			t.Fatalf("puzzle %d: got %d solutions (exhausted %v), want %d", k, len(s.known), s.exhausted, len(all.Solutions))
		}
	}
	if turns < 1000 || given < 20 {
		t.Errorf("%d paused turns, %d solutions given: the test does not exercise resuming", turns, given)
	}
	t.Logf("%d turns, %d solutions given", turns, given)
}

// TestLearningTurns compares SolveNative's alternation of the learning
// and the probing search (solveLearning) with SAT's enumeration, with
// turns of a few hundred line solves so that both sides take many turns
// and hand each other solutions, and with the probing search alone; every
// third puzzle with a hint, which must come first.
func TestLearningTurns(t *testing.T) {
	saved := defaultLearnTurns
	defer func() { defaultLearnTurns = saved }()
	r := rand.New(rand.NewPCG(25, 26))
	var conflicts int64
	for k := range 60 {
		p, all := learnPuzzle(t, r, k)
		if !all.Exhausted {
			continue
		}
		for _, tc := range []learnTurns{
			{first: 20, wait: 20, fails: 0, learn: 20, ratio: 1, dense: 2},
			{first: 50, wait: 200, fails: 3, learn: 100, ratio: 2, dense: 2},
			{first: 1, wait: 1 << 40, fails: 1 << 40, learn: 100, ratio: 1, dense: 2},
			{first: 10, rich: 0.01, long: 300, wait: 30, fails: 2, learn: 50, ratio: 3, dense: 0.01, lean: 0.5},
			{first: 10, rich: 0.01, long: 300, wait: 30, fails: 2, learn: 50, ratio: 3, dense: 0.01, lean: 0.5, free: 0.01, freeRatio: 0.25},
			{first: 10, long: 40, wait: 30, fails: 2, learn: 50, ratio: 3, dense: 2, free: 0.5, freeRatio: 0.01}} {
			defaultLearnTurns = tc
			for _, limit := range []int{2, len(all.Solutions), len(all.Solutions) + 1} {
				o := Options{Limit: limit}
				if k%3 == 0 {
					o.Hint = all.Solutions[len(all.Solutions)-1]
				}
				res, err := solveLearning(context.Background(), p, o)
				if err != nil {
					t.Fatalf("puzzle %d, %+v, limit %d: %v", k, tc, limit, err)
				}
				want := min(limit, len(all.Solutions))
				exhausted := limit > len(all.Solutions)
				if len(res.Solutions) != want || exhausted && !res.Exhausted || res.Exhausted && limit <= len(all.Solutions) && len(all.Solutions) > want {
					t.Fatalf("puzzle %d, %+v, limit %d: %d solutions (exhausted %v), SAT %d", k, tc, limit, len(res.Solutions), res.Exhausted, len(all.Solutions))
				}
				for _, g := range res.Solutions {
					if !slices.ContainsFunc(all.Solutions, g.Equal) {
						t.Fatalf("puzzle %d, %+v: a solution SAT did not find", k, tc)
					}
				}
				if exhausted && !sameSolutions(res.Solutions, all.Solutions) {
					t.Fatalf("puzzle %d, %+v: solution sets differ", k, tc)
				}
				if o.Hint != nil && (!res.Hinted || !res.Solutions[0].Equal(o.Hint)) {
					t.Fatalf("puzzle %d, %+v: the hint is not the first solution", k, tc)
				}
				conflicts += res.Stats.Fails
			}
		}
	}
	if conflicts < 500 {
		t.Errorf("only %d fails and conflicts: the test does not exercise the search", conflicts)
	}
}

// TestFeasible compares the explanations' completion test (feasible) with
// the reference line solver on every clue and every partial line of up
// to 8 cells, and with the bit-parallel solver on random lines of up to
// 64 cells.
func TestFeasible(t *testing.T) {
	var ls lineSolver
	var bl bitLine
	for n := 1; n <= 8; n++ {
		out := make([]Cell, n)
		line := make([]Cell, n)
		for _, clue := range allClues(n) {
			for m := 0; m < pow3(n); m++ {
				var f, e uint64
				for i, q := 0, m; i < n; i, q = i+1, q/3 {
					line[i] = Cell(q % 3)
					switch line[i] {
					case Black:
						f |= 1 << uint(i)
					case White:
						e |= 1 << uint(i)
					}
				}
				if got, want := feasible(clue, n, f, e), ls.solve(clue, line, out); got != want {
					t.Fatalf("clue %v, line %v: feasible %v, line solver %v", clue, line, got, want)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(27, 28))
	infeasible := 0
	for range 200_000 {
		n := 1 + r.IntN(64)
		clue := allCluesSample(r, n)
		full := lowMask(n)
		f, e := r.Uint64()&r.Uint64()&r.Uint64()&full, r.Uint64()&r.Uint64()&r.Uint64()&full
		e &^= f
		_, _, want := bl.solve(clue, n, f, e)
		if got := feasible(clue, n, f, e); got != want {
			t.Fatalf("n %d, clue %v, fill %x, empt %x: feasible %v, bit-parallel solver %v", n, clue, f, e, got, want)
		}
		if !want {
			infeasible++
		}
	}
	if infeasible < 20_000 || infeasible > 180_000 {
		t.Errorf("%d of 200,000 random lines infeasible: the sample does not test both answers", infeasible)
	}
}

func pow3(n int) int {
	m := 1
	for range n {
		m *= 3
	}
	return m
}
