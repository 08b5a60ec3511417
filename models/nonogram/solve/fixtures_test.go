package solve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
	"github.com/satsolve/satsolve/sat/gini"
)

// solvers runs a puzzle through SAT (both encodings) and the native
// solver.
var solvers = map[string]func(p *nonogram.Puzzle, o nonogram.Options) (*nonogram.Result, error){
	"sat-starts": func(p *nonogram.Puzzle, o nonogram.Options) (*nonogram.Result, error) {
		o.Encoding = nonogram.EncodeStarts
		return SAT(context.Background(), gini.New(), p, o)
	},
	"sat-dfa": func(p *nonogram.Puzzle, o nonogram.Options) (*nonogram.Result, error) {
		o.Encoding = nonogram.EncodeDFA
		return SAT(context.Background(), gini.New(), p, o)
	},
	"native": func(p *nonogram.Puzzle, o nonogram.Options) (*nonogram.Result, error) {
		return Native(context.Background(), p, o)
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
		p := nonotest.Fixture(t, tc.file)[tc.index]
		for name, solve := range solvers {
			t.Run(fmt.Sprintf("%s[%d]/%s", tc.file, tc.index, name), func(t *testing.T) {
				res, err := solve(p, nonogram.Options{Limit: tc.count + 1})
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
	invalid := picrossGrids(t, "picross-invalid.txt", 104, "Impossible", "Zero")
	cases := []struct {
		name string
		p    *nonogram.Puzzle
		want nonogram.Rating
	}{
		{"webpbn-00001", nonotest.Fixture(t, "webpbn-00001.non")[0], nonogram.RatingLineSolvable},
		{"Fish", nonotest.Fixture(t, "picross-example.txt")[0], nonogram.RatingLineSolvable},
		{"Two Notes", nonotest.Fixture(t, "picross-example.txt")[1], nonogram.RatingMultiple},
		{"Smile", nonotest.Fixture(t, "smile.txt")[0], nonogram.RatingNeedsSearch},
		{"Snake", nonotest.Fixture(t, "snake.txt")[0], nonogram.RatingNeedsSearch},
		{"3-Dom", nonotest.Fixture(t, "domino-3-5.txt")[0], nonogram.RatingNeedsSearch},
		{"wilk-001", nonotest.Fixture(t, "wilk-001.nin")[0], nonogram.RatingMultiple},
		{"Impossible", invalid["Impossible"], nonogram.RatingNone},
		{"Zero", invalid["Zero"], nonogram.RatingNone},
	}
	for _, tc := range cases {
		for name, solve := range solvers {
			t.Run(tc.name+"/"+name, func(t *testing.T) {
				res, err := solve(tc.p, nonogram.Options{Limit: 2})
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

// picrossGrids parses the grids of the first lines of a picross-solver
// file (before a deliberate syntax error) one at a time, and returns those
// that pass Validate by name; it fails t when a grid named in want is not
// among them.
func picrossGrids(t *testing.T, file string, lines int, want ...string) map[string]*nonogram.Puzzle {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(nonotest.Testdata(), file))
	if err != nil {
		t.Fatal(err)
	}
	var grids []string
	for _, l := range strings.SplitAfter(string(data), "\n")[:lines] {
		if strings.HasPrefix(l, "GRID ") || len(grids) == 0 {
			grids = append(grids, "")
		}
		grids[len(grids)-1] += l
	}
	out := map[string]*nonogram.Puzzle{}
	for _, g := range grids {
		if ps, err := nonogram.Parse(strings.NewReader(g), file, nonogram.FormatPicross); err == nil {
			for _, p := range ps {
				out[p.Name] = p
			}
		}
	}
	for _, name := range want {
		if out[name] == nil {
			t.Fatalf("%s: no valid grid %q", file, name)
		}
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
		p := nonotest.Fixture(t, "webpbn-00001.non")[0]
		res, err := SAT(context.Background(), gini.New(), p, nonogram.Options{Limit: 2})
		if err != nil {
			t.Fatal(err)
		}
		if st, err := res.AddGoal(p); st != nonogram.GoalMatches || err != nil {
			t.Errorf("got %v, %v", st, err)
		}
	})
	t.Run("other-solution", func(t *testing.T) {
		p := nonotest.Fixture(t, "picross-example.txt")[1] // Two Notes: 2 solutions
		res, err := Native(context.Background(), p, nonogram.Options{Limit: 3})
		if err != nil || len(res.Solutions) != 2 {
			t.Fatalf("%v, %d solutions", err, len(res.Solutions))
		}
		p.Goal = res.Solutions[1]
		one := &nonogram.Result{Solutions: res.Solutions[:1]}
		if st, err := one.AddGoal(p); st != nonogram.GoalOther || err != nil || one.Verdict() != nonogram.VerdictMultiple {
			t.Errorf("got %v, %v, verdict %v", st, err, one.Verdict())
		}
		// A search that claims to be exhausted without the goal is wrong.
		wrong := &nonogram.Result{Solutions: res.Solutions[:1], Exhausted: true}
		if _, err := wrong.AddGoal(p); err == nil {
			t.Error("an exhausted search that missed a valid goal was accepted")
		}
	})
	t.Run("only-solution-known", func(t *testing.T) {
		// An interrupted search found nothing: the goal is the one
		// solution known, not "another" one, and the verdict is "solved".
		p := nonotest.Fixture(t, "webpbn-00001.non")[0]
		none := &nonogram.Result{}
		if st, err := none.AddGoal(p); st != nonogram.GoalOnly || err != nil || none.Verdict() != nonogram.VerdictSolved || len(none.Solutions) != 1 {
			t.Errorf("got %v, %v, verdict %v, %d solutions", st, err, none.Verdict(), len(none.Solutions))
		}
	})
	t.Run("invalid", func(t *testing.T) {
		p := nonotest.Fixture(t, "webpbn-00001.non")[0]
		bad := p.Goal.Clone()
		bad.Cells[0] = nonogram.Black
		p.Goal = bad
		res := &nonogram.Result{}
		if st, err := res.AddGoal(p); st != nonogram.GoalInvalid || err == nil || len(res.Solutions) != 0 {
			t.Errorf("got %v, %v", st, err)
		}
	})
	t.Run("knotty-hint", func(t *testing.T) {
		p := nonotest.Fixture(t, "knotty.non")[0]
		for name, solve := range solvers {
			res, err := solve(p, nonogram.Options{Limit: 2, Hint: p.Goal})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if res.Verdict() != nonogram.VerdictMultiple || !res.Hinted || res.Solutions[1].Equal(p.Goal) {
				t.Errorf("%s: verdict %v, hinted %v", name, res.Verdict(), res.Hinted)
			}
		}
	})
}

// TestGivenCells checks Tatham's pre-filled squares: a consistent given
// cell leaves the plus sign's unique solution, a contradicting one leaves
// none.
func TestGivenCells(t *testing.T) {
	p := nonotest.Fixture(t, "plus-given.tatham")[0]
	for name, solve := range solvers {
		res, err := solve(p, nonogram.Options{Limit: 2})
		if err != nil || res.Verdict() != nonogram.VerdictUnique || res.Solutions[0].String() != ".#.\n###\n.#.\n" {
			t.Errorf("%s: %v %v", name, res.Verdict(), err)
		}
	}
	q := *p
	q.Given = nonogram.NewGrid(3, 3)
	q.Given.Set(0, 0, nonogram.Black)
	for name, solve := range solvers {
		res, err := solve(&q, nonogram.Options{Limit: 2})
		if err != nil || res.Verdict() != nonogram.VerdictNone {
			t.Errorf("%s: contradicting given cell: %v %v", name, res.Verdict(), err)
		}
	}
}
