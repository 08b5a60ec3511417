package solve

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
)

// TestSolveSATBruteForce checks every encoding and pre-pass against
// enumeration: asked for more solutions than exist, SAT returns
// exactly the brute-force solution set and says it is exhausted.
func TestSolveSATBruteForce(t *testing.T) {
	for _, p := range nonotest.SmallPuzzles(3, 80) {
		want := nonotest.BruteSolutions(p)
		for _, enc := range nonogram.Encodings() {
			for _, pre := range nonogram.Presolves() {
				t.Run(fmt.Sprintf("%s/%s/%s", p.Name, enc, pre), func(t *testing.T) {
					res, err := SAT(context.Background(), gini.New(), p, nonogram.Options{Limit: len(want) + 1, Encoding: enc, Presolve: pre})
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
}

// TestLimit checks that a search stops at its limit without claiming to
// have covered everything.
func TestLimit(t *testing.T) {
	p := nonotest.PuzzleOf(&nonogram.Grid{Width: 2, Height: 2, Cells: []nonogram.Cell{nonogram.Black, nonogram.White, nonogram.White, nonogram.Black}}) // two solutions
	solvers := map[string]func(o nonogram.Options) (*nonogram.Result, error){
		"sat":    func(o nonogram.Options) (*nonogram.Result, error) { return SAT(context.Background(), gini.New(), p, o) },
		"native": func(o nonogram.Options) (*nonogram.Result, error) { return Native(context.Background(), p, o) },
	}
	for name, solve := range solvers {
		for _, tc := range []struct {
			limit     int
			n         int
			exhausted bool
			verdict   nonogram.Verdict
		}{{0, 1, false, nonogram.VerdictSolved}, {1, 1, false, nonogram.VerdictSolved}, {2, 2, false, nonogram.VerdictMultiple}, {3, 2, true, nonogram.VerdictMultiple}} {
			t.Run(fmt.Sprintf("%s/limit=%d", name, tc.limit), func(t *testing.T) {
				res, err := solve(nonogram.Options{Limit: tc.limit})
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Solutions) != tc.n || res.Exhausted != tc.exhausted || res.Verdict() != tc.verdict {
					t.Errorf("got %d solutions, exhausted %v, verdict %v; want %d, %v, %v",
						len(res.Solutions), res.Exhausted, res.Verdict(), tc.n, tc.exhausted, tc.verdict)
				}
			})
		}
	}
}

// TestHint checks that a hint is the first solution, that the
// neighbourhood search or the global search finds the other solutions,
// and that a hint that breaks the clues is refused.
func TestHint(t *testing.T) {
	for _, p := range nonotest.SmallPuzzles(5, 60) {
		want := nonotest.BruteSolutions(p)
		if len(want) == 0 {
			continue
		}
		hint := want[len(want)-1]
		t.Run(p.Name, func(t *testing.T) {
			for name, solve := range map[string]func(o nonogram.Options) (*nonogram.Result, error){
				"sat":    func(o nonogram.Options) (*nonogram.Result, error) { return SAT(context.Background(), gini.New(), p, o) },
				"native": func(o nonogram.Options) (*nonogram.Result, error) { return Native(context.Background(), p, o) },
			} {
				res, err := solve(nonogram.Options{Limit: len(want) + 1, Hint: hint})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if !res.Exhausted || !nonotest.SameSolutions(res.Solutions, want) {
					t.Fatalf("%s: got %d solutions (exhausted %v), want %d", name, len(res.Solutions), res.Exhausted, len(want))
				}
				if !res.Solutions[0].Equal(hint) || !res.Hinted && !res.LineSolved {
					t.Fatalf("%s: the hint is not the first solution", name)
				}
			}
		})
	}
	p := nonotest.PuzzleOf(&nonogram.Grid{Width: 2, Height: 1, Cells: []nonogram.Cell{nonogram.Black, nonogram.White}})
	bad := &nonogram.Grid{Width: 2, Height: 1, Cells: []nonogram.Cell{nonogram.White, nonogram.Black}}
	if _, err := Native(context.Background(), p, nonogram.Options{Hint: bad}); err == nil {
		t.Error("native: a wrong hint was accepted")
	}
	if _, err := SAT(context.Background(), gini.New(), p, nonogram.Options{Hint: bad}); err == nil {
		t.Error("sat: a wrong hint was accepted")
	}
}

// TestInterrupted checks that a cancelled context stops both solvers with
// its error and no claim of exhaustion.
func TestInterrupted(t *testing.T) {
	p := nonotest.PuzzleOf(nonotest.RandomGrid(rand.New(rand.NewPCG(9, 9)), 20, 20, 0.5))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := SAT(ctx, gini.New(), p, nonogram.Options{Limit: 2, Presolve: nonogram.PresolveNone})
	if !errors.Is(err, context.Canceled) || res.Exhausted {
		t.Errorf("sat: err %v, exhausted %v", err, res.Exhausted)
	}
	res, err = Native(ctx, p, nonogram.Options{Limit: 2})
	if !errors.Is(err, context.Canceled) || res.Exhausted {
		t.Errorf("native: err %v, exhausted %v", err, res.Exhausted)
	}
}

// lyingSolver answers Sat with an all-false model: its answers must be
// caught by Check, never printed.
type lyingSolver struct{ sat.Formula }

func (l *lyingSolver) Solve(context.Context, ...sat.Lit) (sat.Status, error) { return sat.Sat, nil }
func (l *lyingSolver) Value(sat.Lit) bool                                    { return false }
func (l *lyingSolver) Model() sat.Assignment                                 { return sat.NewAssignment(l.NumVars) }

func TestBadModelCaught(t *testing.T) {
	p := nonotest.PuzzleOf(&nonogram.Grid{Width: 3, Height: 3, Cells: []nonogram.Cell{nonogram.Black, nonogram.White, nonogram.Black, nonogram.White, nonogram.Black, nonogram.White, nonogram.Black, nonogram.White, nonogram.Black}})
	_, err := SAT(context.Background(), &lyingSolver{}, p, nonogram.Options{Presolve: nonogram.PresolveNone})
	if !errors.Is(err, nonogram.ErrBadSolution) {
		t.Errorf("got %v, want ErrBadSolution", err)
	}
}
