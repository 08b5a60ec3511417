package learn

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/line"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest/satenum"
	"github.com/satsolve/satsolve/sat/gini"
)

// satisfiedBy reports whether grid g makes some literal of clause c true.
func satisfiedBy(c []lit, g *nonogram.Grid) bool {
	for _, x := range c {
		if (g.Cells[x.cell()] == nonogram.Black) == x.black() {
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
func learnAgainst(t *testing.T, p *nonogram.Puzzle, all []*nonogram.Grid, limit int, known []*nonogram.Grid) ([]*nonogram.Grid, bool, *Learner) {
	t.Helper()
	return learnAgainstWith(t, p, all, limit, known, defaultLearnConfig)
}

// learnAgainstWith is learnAgainst with the search's settings cfg.
func learnAgainstWith(t *testing.T, p *nonogram.Puzzle, all []*nonogram.Grid, limit int, known []*nonogram.Grid, cfg learnConfig) ([]*nonogram.Grid, bool, *Learner) {
	t.Helper()
	s := New(context.Background(), p, limit)
	s.cfg = cfg
	s.Known = known
	s.check = true
	s.onLearn = func(c []lit) {
		for _, g := range all {
			if !satisfiedBy(c, g) && !slices.ContainsFunc(s.Known, g.Equal) {
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
	if testing.Short() {
		t.Skip("slow (brute-force differential): skipped by go test -short; go test ./... runs it")
	}
	for _, p := range nonotest.SmallPuzzles(5, 120) {
		want := nonotest.BruteSolutions(p)
		sols, done, _ := learnAgainst(t, p, want, len(want)+1, nil)
		if !done || !nonotest.SameSolutions(sols, want) {
			t.Fatalf("%s: got %d solutions (exhausted %v), want %d", p.Name, len(sols), done, len(want))
		}
		if len(want) >= 2 {
			sols, done, _ = learnAgainst(t, p, want, 1, nil)
			if done || len(sols) != 1 || !nonotest.SameSolutions(sols, want[:1]) && !nonotest.SameSolutions(sols, sols[:1]) {
				t.Fatalf("%s: limit 1: got %d solutions (exhausted %v)", p.Name, len(sols), done)
			}
			sols, done, _ = learnAgainst(t, p, want, len(want)+1, []*nonogram.Grid{want[1]})
			if !done || !nonotest.SameSolutions(sols, want) {
				t.Fatalf("%s: seeded: got %d solutions (exhausted %v), want %d", p.Name, len(sols), done, len(want))
			}
		}
	}
}

// TestLearnAgainstSAT compares the learning search with SAT's enumeration
// on random puzzles (satenum.LearnPuzzle), many with several solutions, with
// every explanation verified and every learned clause checked against the
// solutions; it also checks that the puzzles make the search learn.
func TestLearnAgainstSAT(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (differential): skipped by go test -short; go test ./... runs it")
	}
	r := rand.New(rand.NewPCG(21, 22))
	var conflicts int64
	compared := 0
	for k := range 150 {
		p, all := satenum.LearnPuzzle(t, r, k, gini.New())
		if !all.Exhausted {
			continue
		}
		compared++
		sols, done, s := learnAgainst(t, p, all.Solutions, len(all.Solutions)+1, nil)
		if !done || !nonotest.SameSolutions(sols, all.Solutions) {
			t.Fatalf("puzzle %d: learning found %d solutions (exhausted %v), SAT %d", k, len(sols), done, len(all.Solutions))
		}
		conflicts += s.Conflicts
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
	if testing.Short() {
		t.Skip("slow (differential): skipped by go test -short; go test ./... runs it")
	}
	r := rand.New(rand.NewPCG(21, 22))
	cfg := defaultLearnConfig
	cfg.firstReduce, cfg.reduceStep = 6, 1
	var reductions int
	for k := range 150 {
		p, all := satenum.LearnPuzzle(t, r, k, gini.New())
		if !all.Exhausted {
			continue
		}
		sols, done, s := learnAgainstWith(t, p, all.Solutions, len(all.Solutions)+1, nil, cfg)
		if !done || !nonotest.SameSolutions(sols, all.Solutions) {
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
	if testing.Short() {
		t.Skip("slow (differential): skipped by go test -short; go test ./... runs it")
	}
	r := rand.New(rand.NewPCG(23, 24))
	turns, given := 0, 0
	for k := range 60 {
		p, all := satenum.LearnPuzzle(t, r, k, gini.New())
		if !all.Exhausted {
			continue
		}
		s := New(context.Background(), p, len(all.Solutions)+1)
		s.check = true
		for i := 0; ; i++ {
			ended, err := s.Resume(1)
			if err != nil {
				t.Fatalf("puzzle %d: %v", k, err)
			}
			if ended {
				break
			}
			turns++
			if i%50 == 1 {
				for _, g := range all.Solutions {
					if !slices.ContainsFunc(s.Known, g.Equal) {
						s.Known = append(s.Known, g)
						given++
						break
					}
				}
			}
		}
		if !s.Exhausted || !nonotest.SameSolutions(s.Known, all.Solutions) {
			t.Fatalf("puzzle %d: got %d solutions (exhausted %v), want %d", k, len(s.Known), s.Exhausted, len(all.Solutions))
		}
	}
	if turns < 1000 || given < 20 {
		t.Errorf("%d paused turns, %d solutions given: the test does not exercise resuming", turns, given)
	}
	t.Logf("%d turns, %d solutions given", turns, given)
}

// TestFeasible compares the explanations' completion test (feasible) with
// the reference line solver on every clue and every partial line of up
// to 8 cells, and with the bit-parallel solver on random lines of up to
// 64 cells.
func TestFeasible(t *testing.T) {
	var ls line.Solver
	var bl line.Bits
	for n := 1; n <= 8; n++ {
		out := make([]nonogram.Cell, n)
		line := make([]nonogram.Cell, n)
		for _, clue := range nonotest.AllClues(n) {
			for m := 0; m < pow3(n); m++ {
				var f, e uint64
				for i, q := 0, m; i < n; i, q = i+1, q/3 {
					line[i] = nonogram.Cell(q % 3)
					switch line[i] {
					case nonogram.Black:
						f |= 1 << uint(i)
					case nonogram.White:
						e |= 1 << uint(i)
					}
				}
				if got, want := feasible(clue, n, f, e), ls.Solve(clue, line, out); got != want {
					t.Fatalf("clue %v, line %v: feasible %v, line solver %v", clue, line, got, want)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(27, 28))
	infeasible := 0
	for range 200_000 {
		n := 1 + r.IntN(64)
		clue := nonotest.AllCluesSample(r, n)
		full := line.LowMask(n)
		f, e := r.Uint64()&r.Uint64()&r.Uint64()&full, r.Uint64()&r.Uint64()&r.Uint64()&full
		e &^= f
		_, _, want := bl.Solve(clue, n, f, e)
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
