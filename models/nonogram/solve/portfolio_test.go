package solve

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest/satenum"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/gini"
)

// TestPortfolioAgainstSAT compares the portfolio's solution sets with
// SAT's enumeration on random 10×10 and 12×9 puzzles, many with several
// solutions, under native turns from one line solve (the first pause
// comes during the root's probing) to ones the native search finishes
// within, asking for every solution, for two (uniqueness) and for one:
// SAT's turns are either long enough for SAT to finish (so SAT answers,
// also after native solutions) or over at once (so the native search
// resumes, turn after turn, and answers): the same sets and exact
// counts either way. With more than one solution wanted the native side
// is the probing and learning searches in turns (portfolioLearning), run
// with the default turns and with turns of a few line solves, so that
// SAT's turns come between the native side's early.
func TestPortfolioAgainstSAT(t *testing.T) {
	saved := defaultLearnTurns
	defer func() { satTurn, defaultLearnTurns = 0, saved }()
	short := learnTurns{first: 3, wait: 5, fails: 1, learn: 4, ratio: 1, dense: 2}
	r := rand.New(rand.NewPCG(21, 22))
	bySAT, byNative, multiple := 0, 0, 0
	learnBySAT, learnByNative := 0, 0 // portfolioLearning's answers
	for k := 0; k < 40; k++ {
		p, all := satenum.SearchPuzzle(t, r, k, gini.New())
		if !all.Exhausted {
			continue
		}
		if len(all.Solutions) > 1 {
			multiple++
		}
		for j, turn := range []time.Duration{time.Nanosecond, time.Minute, time.Nanosecond, time.Minute} {
			satTurn, defaultLearnTurns = turn, saved
			if j >= 2 {
				defaultLearnTurns = short
			}
			for _, work := range []int64{1, 50, 400, 1 << 40} {
				for _, limit := range []int{len(all.Solutions) + 1, 2, 1} {
					var s sat.Solver = gini.New()
					if (k+int(work))%2 == 1 {
						s = cdcl.New()
					}
					res, err := Portfolio(context.Background(), s, p, nonogram.Options{Limit: limit}, work)
					if err != nil {
						t.Fatalf("puzzle %d, turn %v, work %d, limit %d: %v", k, turn, work, limit, err)
					}
					if res.BySAT {
						bySAT++
					} else {
						byNative++
					}
					if limit > 1 && res.BySAT {
						learnBySAT++
					} else if limit > 1 {
						learnByNative++
					}
					want := min(limit, len(all.Solutions))
					if len(res.Solutions) != want || !subset(res.Solutions, all.Solutions) {
						t.Fatalf("puzzle %d, turn %v, work %d, limit %d: %d solutions, want %d of SAT's", k, turn, work, limit, len(res.Solutions), want)
					}
					if limit > len(all.Solutions) && (!res.Exhausted || res.Verdict() != all.Verdict()) {
						t.Fatalf("puzzle %d, turn %v, work %d, limit %d: verdict %v (exhausted %v), SAT's %v", k, turn, work, limit, res.Verdict(), res.Exhausted, all.Verdict())
					}
				}
			}
		}
	}
	if bySAT < 50 || byNative < 50 || multiple < 5 {
		t.Errorf("%d answers by SAT, %d native, %d puzzles with several solutions: the test does not exercise both sides", bySAT, byNative, multiple)
	}
	if learnBySAT < 20 || learnByNative < 50 {
		t.Errorf("with the learning search, %d answers by SAT, %d native: the test does not exercise both sides", learnBySAT, learnByNative)
	}
	t.Logf("%d answers by SAT, %d native; with the learning search %d and %d", bySAT, byNative, learnBySAT, learnByNative)
}

// subset reports whether every grid of a is in b.
func subset(a, b []*nonogram.Grid) bool {
	for _, g := range a {
		found := false
		for _, h := range b {
			if g.Equal(h) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
