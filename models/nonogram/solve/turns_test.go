package solve

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest/satenum"
	"github.com/satsolve/satsolve/sat/gini"
)

// TestFreeness checks freeness on puzzles whose value is known: a full
// grid leaves nothing free, an empty one everything, and a mixed one the
// mean of its lines' free fractions.
func TestFreeness(t *testing.T) {
	full := nonogram.NewGrid(4, 3)
	for i := range full.Cells {
		full.Cells[i] = nonogram.Black
	}
	empty := nonogram.NewGrid(4, 3)
	for i := range empty.Cells {
		empty.Cells[i] = nonogram.White
	}
	// Rows "1 1" (min 3 of 4: free 1/4), "" (1), "4" (0); columns "1 1"
	// (min 3 of 3: 0), "1" (2/3), "1 1" (0), "1" (2/3).
	mixed := nonogram.NewGrid(4, 3)
	for i, v := range []nonogram.Cell{
		nonogram.Black, nonogram.White, nonogram.Black, nonogram.White,
		nonogram.White, nonogram.White, nonogram.White, nonogram.White,
		nonogram.Black, nonogram.Black, nonogram.Black, nonogram.Black,
	} {
		mixed.Cells[i] = v
	}
	for _, c := range []struct {
		name string
		g    *nonogram.Grid
		want float64
	}{
		{"full", full, 0},
		{"empty", empty, 1},
		{"mixed", mixed, (0.25 + 1 + 0 + 0 + 2.0/3 + 0 + 2.0/3) / 7},
	} {
		if got := freeness(nonotest.PuzzleOf(c.g)); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: freeness %v, want %v", c.name, got, c.want)
		}
	}
}

// BenchmarkFreeSchedule solves random pictures with uniqueness under the
// turns of turns.go, as they are (learning first on puzzles of
// freeness ≥ 0.55), never learning first (free 0) and always (free
// 0.01), by freeness band: 30 square pictures of 15 to 30 cells a side
// per band, at densities that put their freeness in it. It reports line
// solves per puzzle beside the time.
func BenchmarkFreeSchedule(b *testing.B) {
	saved := defaultLearnTurns
	defer func() { defaultLearnTurns = saved }()
	for _, band := range []float64{0.40, 0.45, 0.50, 0.55, 0.60, 0.65} {
		r := rand.New(rand.NewPCG(7, uint64(100*band)))
		var ps []*nonogram.Puzzle
		for len(ps) < 30 {
			sz := 15 + r.IntN(16)
			p := nonotest.PuzzleOf(nonotest.RandomGrid(r, sz, sz, 0.05+0.35*r.Float64()))
			if f := freeness(p); f >= band && f < band+0.05 {
				ps = append(ps, p)
			}
		}
		for _, v := range []struct {
			name string
			free float64
		}{{"default", saved.free}, {"never", 0}, {"always", 0.01}} {
			b.Run(fmt.Sprintf("freeness=%.2f/%s", band, v.name), func(b *testing.B) {
				defaultLearnTurns = saved
				defaultLearnTurns.free = v.free
				var ls int64
				for b.Loop() {
					for _, p := range ps {
						res, err := Native(context.Background(), p, nonogram.Options{Limit: 2})
						if err != nil {
							b.Fatal(err)
						}
						ls += res.Stats.LineSolves
					}
				}
				b.ReportMetric(float64(ls)/float64(b.N*len(ps)), "linesolves/puzzle")
			})
		}
	}
}

// TestLearningTurns compares Native's alternation of the learning
// and the probing search (solveLearning) with SAT's enumeration, with
// turns of a few hundred line solves so that both sides take many turns
// and hand each other solutions, and with the probing search alone; every
// third puzzle with a hint, which must come first.
func TestLearningTurns(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (differential): skipped by go test -short; go test ./... runs it")
	}
	saved := defaultLearnTurns
	defer func() { defaultLearnTurns = saved }()
	r := rand.New(rand.NewPCG(25, 26))
	var conflicts int64
	for k := range 60 {
		p, all := satenum.LearnPuzzle(t, r, k, gini.New())
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
				o := nonogram.Options{Limit: limit}
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
				if exhausted && !nonotest.SameSolutions(res.Solutions, all.Solutions) {
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
