package solve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
	"github.com/satsolve/satsolve/sat/gini"
)

// TestSearchBruteForce checks the fully probing search against
// enumeration: asked for more solutions than exist, it returns exactly the
// brute-force solution set and says it is exhausted; asked for fewer, it
// stops at the limit with solutions from that set.
func TestSearchBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (brute-force differential): skipped by go test -short; go test ./... runs it")
	}
	for _, p := range nonotest.SmallPuzzles(4, 120) {
		want := nonotest.BruteSolutions(p)
		for _, noProbe := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/noprobe=%v", p.Name, noProbe), func(t *testing.T) {
				res, err := Native(context.Background(), p, nonogram.Options{Limit: len(want) + 1, NoProbe: noProbe})
				if err != nil {
					t.Fatal(err)
				}
				if !res.Exhausted || !nonotest.SameSolutions(res.Solutions, want) {
					t.Fatalf("got %d solutions (exhausted %v), want %d", len(res.Solutions), res.Exhausted, len(want))
				}
			})
		}
	}
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
		p := nonotest.PuzzleOf(nonotest.RandomGrid(r, w, h, 0.4+0.3*r.Float64()))
		all, err := SAT(context.Background(), gini.New(), p, nonogram.Options{Limit: 60})
		if err != nil {
			t.Fatal(err)
		}
		if !all.Exhausted {
			continue
		}
		res, err := Native(context.Background(), p, nonogram.Options{Limit: len(all.Solutions) + 1})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Exhausted || !nonotest.SameSolutions(res.Solutions, all.Solutions) {
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
