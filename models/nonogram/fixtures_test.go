package nonogram

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/satsolve/satsolve/sat/gini"
)

// solvers runs a puzzle through SAT (both encodings) and the native
// solver.
var solvers = map[string]func(p *Puzzle, o Options) (*Result, error){
	"sat-starts": func(p *Puzzle, o Options) (*Result, error) {
		o.Encoding = EncodeStarts
		return SolveSAT(context.Background(), gini.New(), p, o)
	},
	"sat-dfa": func(p *Puzzle, o Options) (*Result, error) {
		o.Encoding = EncodeDFA
		return SolveSAT(context.Background(), gini.New(), p, o)
	},
	"native": func(p *Puzzle, o Options) (*Result, error) {
		return SolveNative(context.Background(), p, o)
	},
}

// TestFixtureCounts counts solutions of fixtures whose counts are known
// from picross-solver's validation.csv and the corpus manifest, with every
// solver.
func TestFixtureCounts(t *testing.T) {
	cases := []struct {
		file  string
		index int
		count int
	}{
		{"dots.txt", 0, 16},
		{"katakana.txt", 0, 109},
		{"centerpiece-corner.txt", 0, 33},
		{"picross-example.txt", 0, 1},
		{"picross-example.txt", 1, 2},
		{"smile.txt", 0, 1},
		{"snake.txt", 0, 1},
		{"domino-3-5.txt", 2, 1},
		{"wilk-000.nin", 0, 1},
		{"webpbn-00001.non", 0, 1},
	}
	for _, tc := range cases {
		p := mustParse(t, tc.file)[tc.index]
		for name, solve := range solvers {
			t.Run(fmt.Sprintf("%s[%d]/%s", tc.file, tc.index, name), func(t *testing.T) {
				res, err := solve(p, Options{Limit: tc.count + 1})
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Solutions) != tc.count || !res.Exhausted {
					t.Errorf("%d solutions (exhausted %v), want %d", len(res.Solutions), res.Exhausted, tc.count)
				}
			})
		}
	}
}

// TestRatings checks the categories of "satsolve nonogram rate" against
// picross-solver's validation.csv (LINE, BRANCH, MULT, ZERO) and the
// manifest.
func TestRatings(t *testing.T) {
	invalid := picrossGrids(t, "picross-invalid.txt", 104)
	cases := []struct {
		name string
		p    *Puzzle
		want Rating
	}{
		{"webpbn-00001", mustParse(t, "webpbn-00001.non")[0], RatingLineSolvable},
		{"Fish", mustParse(t, "picross-example.txt")[0], RatingLineSolvable},
		{"Two Notes", mustParse(t, "picross-example.txt")[1], RatingMultiple},
		{"Smile", mustParse(t, "smile.txt")[0], RatingNeedsSearch},
		{"Snake", mustParse(t, "snake.txt")[0], RatingNeedsSearch},
		{"3-Dom", mustParse(t, "domino-3-5.txt")[0], RatingNeedsSearch},
		{"wilk-001", mustParse(t, "wilk-001.nin")[0], RatingMultiple},
		{"Impossible", invalid["Impossible"], RatingNone},
		{"Zero", invalid["Zero"], RatingNone},
	}
	for _, tc := range cases {
		for name, solve := range solvers {
			t.Run(tc.name+"/"+name, func(t *testing.T) {
				res, err := solve(tc.p, Options{Limit: 2})
				if err != nil {
					t.Fatal(err)
				}
				if got := res.Rating(); got != tc.want {
					t.Errorf("rating %v, want %v", got, tc.want)
				}
			})
		}
	}
}

// picrossGrids parses the first lines of a picross-solver file (before a
// deliberate syntax error) and returns the grids by name, unvalidated.
func picrossGrids(t *testing.T, file string, lines int) map[string]*Puzzle {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testdata, file))
	if err != nil {
		t.Fatal(err)
	}
	ps, err := parsePicross(splitLines(data)[:lines], file)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*Puzzle{}
	for _, p := range ps {
		out[p.Name] = p
	}
	return out
}

// TestGoal checks AddGoal: a goal equal to the unique solution matches; a
// goal that satisfies the clues but was not found is one more solution
// (knotty: its goal plus the solution the neighbourhood search finds
// prove at least two solutions, as the survey's third-party report says);
// a goal that breaks the clues is reported, not used.
func TestGoal(t *testing.T) {
	t.Run("matches", func(t *testing.T) {
		p := mustParse(t, "webpbn-00001.non")[0]
		res, err := SolveSAT(context.Background(), gini.New(), p, Options{Limit: 2})
		if err != nil {
			t.Fatal(err)
		}
		if st, err := res.AddGoal(p); st != GoalMatches || err != nil {
			t.Errorf("got %v, %v", st, err)
		}
	})
	t.Run("other-solution", func(t *testing.T) {
		p := mustParse(t, "picross-example.txt")[1] // Two Notes: 2 solutions
		res, err := SolveNative(context.Background(), p, Options{Limit: 3})
		if err != nil || len(res.Solutions) != 2 {
			t.Fatalf("%v, %d solutions", err, len(res.Solutions))
		}
		p.Goal = res.Solutions[1]
		one := &Result{Solutions: res.Solutions[:1]}
		if st, err := one.AddGoal(p); st != GoalOther || err != nil || one.Verdict() != VerdictMultiple {
			t.Errorf("got %v, %v, verdict %v", st, err, one.Verdict())
		}
		// A search that claims to be exhausted without the goal is wrong.
		wrong := &Result{Solutions: res.Solutions[:1], Exhausted: true}
		if _, err := wrong.AddGoal(p); err == nil {
			t.Error("an exhausted search that missed a valid goal was accepted")
		}
	})
	t.Run("only-solution-known", func(t *testing.T) {
		// An interrupted search found nothing: the goal is the one
		// solution known, not "another" one, and the verdict is "solved".
		p := mustParse(t, "webpbn-00001.non")[0]
		none := &Result{}
		if st, err := none.AddGoal(p); st != GoalOnly || err != nil || none.Verdict() != VerdictSolved || len(none.Solutions) != 1 {
			t.Errorf("got %v, %v, verdict %v, %d solutions", st, err, none.Verdict(), len(none.Solutions))
		}
	})
	t.Run("invalid", func(t *testing.T) {
		p := mustParse(t, "webpbn-00001.non")[0]
		bad := p.Goal.Clone()
		bad.Cells[0] = Black
		p.Goal = bad
		res := &Result{}
		if st, err := res.AddGoal(p); st != GoalInvalid || err == nil || len(res.Solutions) != 0 {
			t.Errorf("got %v, %v", st, err)
		}
	})
	t.Run("knotty-hint", func(t *testing.T) {
		p := mustParse(t, "knotty.non")[0]
		for name, solve := range solvers {
			res, err := solve(p, Options{Limit: 2, Hint: p.Goal})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if res.Verdict() != VerdictMultiple || !res.Hinted || res.Solutions[1].Equal(p.Goal) {
				t.Errorf("%s: verdict %v, hinted %v", name, res.Verdict(), res.Hinted)
			}
		}
	})
}

// TestGivenCells checks Tatham's pre-filled squares: a consistent given
// cell leaves the plus sign's unique solution, a contradicting one leaves
// none.
func TestGivenCells(t *testing.T) {
	p := mustParse(t, "plus-given.tatham")[0]
	for name, solve := range solvers {
		res, err := solve(p, Options{Limit: 2})
		if err != nil || res.Verdict() != VerdictUnique || res.Solutions[0].String() != ".#.\n###\n.#.\n" {
			t.Errorf("%s: %v %v", name, res.Verdict(), err)
		}
	}
	q := *p
	q.Given = NewGrid(3, 3)
	q.Given.Set(0, 0, Black)
	for name, solve := range solvers {
		res, err := solve(&q, Options{Limit: 2})
		if err != nil || res.Verdict() != VerdictNone {
			t.Errorf("%s: contradicting given cell: %v %v", name, res.Verdict(), err)
		}
	}
}
