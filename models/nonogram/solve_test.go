package nonogram

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
)

// bruteSolutions enumerates every grid of p's size and keeps those that
// pass Check: the reference answer, independent of every solver.
func bruteSolutions(p *Puzzle) []*Grid {
	n := p.Width * p.Height
	var out []*Grid
	for m := 0; m < 1<<n; m++ {
		g := NewGrid(p.Width, p.Height)
		for i := range g.Cells {
			g.Cells[i] = White
			if m>>i&1 == 1 {
				g.Cells[i] = Black
			}
		}
		if Check(p, g) == nil {
			out = append(out, g)
		}
	}
	return out
}

// puzzleOf returns the puzzle whose clues are read off g.
func puzzleOf(g *Grid) *Puzzle {
	p := &Puzzle{Width: g.Width, Height: g.Height}
	line := make([]Cell, max(g.Width, g.Height))
	for r := 0; r < g.Height; r++ {
		for c := 0; c < g.Width; c++ {
			line[c] = g.At(r, c)
		}
		p.Rows = append(p.Rows, Runs(line[:g.Width]))
	}
	for c := 0; c < g.Width; c++ {
		for r := 0; r < g.Height; r++ {
			line[r] = g.At(r, c)
		}
		p.Cols = append(p.Cols, Runs(line[:g.Height]))
	}
	return p
}

func randomGrid(r *rand.Rand, w, h int, density float64) *Grid {
	g := NewGrid(w, h)
	for i := range g.Cells {
		g.Cells[i] = White
		if r.Float64() < density {
			g.Cells[i] = Black
		}
	}
	return g
}

// smallPuzzles returns random puzzles of at most 16 cells: clues read off
// random grids (at least one solution) and, for every fourth, row clues
// of one grid with column clues of another (often no solution).
func smallPuzzles(seed uint64, count int) []*Puzzle {
	r := rand.New(rand.NewPCG(seed, 7))
	sizes := [][2]int{{1, 1}, {2, 2}, {3, 3}, {4, 4}, {4, 3}, {3, 4}, {5, 3}, {2, 7}, {8, 2}}
	var out []*Puzzle
	for i := 0; i < count; i++ {
		sz := sizes[i%len(sizes)]
		d := 0.2 + 0.6*r.Float64()
		p := puzzleOf(randomGrid(r, sz[0], sz[1], d))
		if i%4 == 3 {
			p.Cols = puzzleOf(randomGrid(r, sz[0], sz[1], d)).Cols
		}
		p.Name = fmt.Sprintf("random%d-%dx%d", i, sz[0], sz[1])
		out = append(out, p)
	}
	return out
}

// sameSolutions reports whether got and want hold the same grids.
func sameSolutions(got, want []*Grid) bool {
	if len(got) != len(want) {
		return false
	}
	for _, g := range got {
		if !slices.ContainsFunc(want, g.Equal) {
			return false
		}
	}
	return true
}

// TestSolveSATBruteForce checks every encoding and pre-pass against
// enumeration: asked for more solutions than exist, SolveSAT returns
// exactly the brute-force solution set and says it is exhausted.
func TestSolveSATBruteForce(t *testing.T) {
	for _, p := range smallPuzzles(3, 80) {
		want := bruteSolutions(p)
		for _, enc := range Encodings() {
			for _, pre := range Presolves() {
				t.Run(fmt.Sprintf("%s/%s/%s", p.Name, enc, pre), func(t *testing.T) {
					res, err := SolveSAT(context.Background(), gini.New(), p, Options{Limit: len(want) + 1, Encoding: enc, Presolve: pre})
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
}

// TestLimit checks that a search stops at its limit without claiming to
// have covered everything.
func TestLimit(t *testing.T) {
	p := puzzleOf(&Grid{Width: 2, Height: 2, Cells: []Cell{Black, White, White, Black}}) // two solutions
	solvers := map[string]func(o Options) (*Result, error){
		"sat":    func(o Options) (*Result, error) { return SolveSAT(context.Background(), gini.New(), p, o) },
		"native": func(o Options) (*Result, error) { return SolveNative(context.Background(), p, o) },
	}
	for name, solve := range solvers {
		for _, tc := range []struct {
			limit     int
			n         int
			exhausted bool
			verdict   Verdict
		}{{0, 1, false, VerdictSolved}, {1, 1, false, VerdictSolved}, {2, 2, false, VerdictMultiple}, {3, 2, true, VerdictMultiple}} {
			t.Run(fmt.Sprintf("%s/limit=%d", name, tc.limit), func(t *testing.T) {
				res, err := solve(Options{Limit: tc.limit})
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
	for _, p := range smallPuzzles(5, 60) {
		want := bruteSolutions(p)
		if len(want) == 0 {
			continue
		}
		hint := want[len(want)-1]
		t.Run(p.Name, func(t *testing.T) {
			for name, solve := range map[string]func(o Options) (*Result, error){
				"sat":    func(o Options) (*Result, error) { return SolveSAT(context.Background(), gini.New(), p, o) },
				"native": func(o Options) (*Result, error) { return SolveNative(context.Background(), p, o) },
			} {
				res, err := solve(Options{Limit: len(want) + 1, Hint: hint})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if !res.Exhausted || !sameSolutions(res.Solutions, want) {
					t.Fatalf("%s: got %d solutions (exhausted %v), want %d", name, len(res.Solutions), res.Exhausted, len(want))
				}
				if !res.Solutions[0].Equal(hint) || !res.Hinted && !res.LineSolved {
					t.Fatalf("%s: the hint is not the first solution", name)
				}
			}
		})
	}
	p := puzzleOf(&Grid{Width: 2, Height: 1, Cells: []Cell{Black, White}})
	bad := &Grid{Width: 2, Height: 1, Cells: []Cell{White, Black}}
	if _, err := SolveNative(context.Background(), p, Options{Hint: bad}); err == nil {
		t.Error("native: a wrong hint was accepted")
	}
	if _, err := SolveSAT(context.Background(), gini.New(), p, Options{Hint: bad}); err == nil {
		t.Error("sat: a wrong hint was accepted")
	}
}

// TestNearby checks the neighbourhood search on a puzzle with two
// solutions far apart in a larger grid: a 2×2 switch embedded in a
// line-solvable frame.
func TestNearby(t *testing.T) {
	// Rows 0-1, columns 0-1 hold the switch; the rest is a diagonal that
	// line solving fixes.
	g := NewGrid(12, 12)
	for i := range g.Cells {
		g.Cells[i] = White
	}
	g.Set(0, 0, Black)
	g.Set(1, 1, Black)
	for i := 3; i < 12; i++ {
		for j := 3; j <= i; j++ {
			g.Set(i, j, Black)
		}
	}
	p := puzzleOf(g)
	all, err := SolveSAT(context.Background(), gini.New(), p, Options{Limit: 3})
	if err != nil || !all.Exhausted || len(all.Solutions) != 2 {
		t.Fatalf("the test puzzle should have exactly 2 solutions: %d (%v)", len(all.Solutions), err)
	}
	var st Stats
	other, err := nearby(context.Background(), p, g, nil, &st)
	if err != nil {
		t.Fatal(err)
	}
	if other == nil || other.Equal(g) || Check(p, other) != nil {
		t.Fatalf("nearby found %v", other)
	}
	again, err := nearby(context.Background(), p, g, []*Grid{other}, &st)
	if err != nil || again != nil {
		t.Fatalf("nearby found a third solution %v (%v)", again, err)
	}
}

// TestInterrupted checks that a cancelled context stops both solvers with
// its error and no claim of exhaustion.
func TestInterrupted(t *testing.T) {
	p := puzzleOf(randomGrid(rand.New(rand.NewPCG(9, 9)), 20, 20, 0.5))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := SolveSAT(ctx, gini.New(), p, Options{Limit: 2, Presolve: PresolveNone})
	if !errors.Is(err, context.Canceled) || res.Exhausted {
		t.Errorf("sat: err %v, exhausted %v", err, res.Exhausted)
	}
	res, err = SolveNative(ctx, p, Options{Limit: 2})
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
	p := puzzleOf(&Grid{Width: 3, Height: 3, Cells: []Cell{Black, White, Black, White, Black, White, Black, White, Black}})
	_, err := SolveSAT(context.Background(), &lyingSolver{}, p, Options{Presolve: PresolveNone})
	if !errors.Is(err, ErrBadSolution) {
		t.Errorf("got %v, want ErrBadSolution", err)
	}
}

// TestGoalHint checks the three cases: no goal, a goal that satisfies the
// clues (the hint), one that does not (an error, no hint).
func TestGoalHint(t *testing.T) {
	p := &Puzzle{Width: 2, Height: 1, Rows: []Clue{{1}}, Cols: []Clue{{1}, {}}}
	if g, err := GoalHint(p); g != nil || err != nil {
		t.Errorf("no goal: %v, %v", g, err)
	}
	good := NewGrid(2, 1)
	good.Set(0, 0, Black)
	good.Set(0, 1, White)
	p.Goal = good
	if g, err := GoalHint(p); g != good || err != nil {
		t.Errorf("a valid goal: %v, %v", g, err)
	}
	bad := NewGrid(2, 1)
	bad.Set(0, 0, White)
	bad.Set(0, 1, Black)
	p.Goal = bad
	if g, err := GoalHint(p); g != nil || err == nil {
		t.Errorf("an invalid goal: %v, %v", g, err)
	}
}
