package servecmd

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/models/dobble"
	"github.com/satsolve/satsolve/models/nonogram"
)

// gridOf turns rows of '#' and '.' into a grid.
func gridOf(rows []string) *nonogram.Grid {
	g := nonogram.NewGrid(len(rows[0]), len(rows))
	for r, row := range rows {
		for c := range row {
			v := nonogram.White
			if row[c] == '#' {
				v = nonogram.Black
			}
			g.Set(r, c, v)
		}
	}
	return g
}

func TestNonogramBundled(t *testing.T) {
	ts, _ := newTestServer(t, Options{})
	var list struct{ Puzzles []bundled }
	call(t, ts, "GET", "/api/nonogram/puzzles", nil, &list)
	if len(list.Puzzles) < 8 {
		t.Fatalf("%d bundled puzzles", len(list.Puzzles))
	}
	for _, b := range list.Puzzles {
		var f struct{ Text string }
		if st, body := call(t, ts, "GET", "/api/nonogram/puzzles/"+b.ID, nil, &f); st != 200 {
			t.Fatalf("%s: %d %s", b.ID, st, body)
		}
		// Every bundled puzzle solves, and each solution passes Check.
		var a solveNonogramAnswer
		if st, body := post(t, ts, "/api/nonogram/solve", map[string]any{"text": f.Text, "index": b.Index}, &a); st != 200 {
			t.Fatalf("%s #%d: %d %s", b.ID, b.Index, st, body)
		}
		ps, _ := nonogram.Parse(strings.NewReader(f.Text), b.ID, nonogram.FormatAuto)
		p := ps[b.Index-1]
		if len(a.Solutions) == 0 || a.Verdict == "unknown" || a.Puzzle.Width != b.Width {
			t.Errorf("%s #%d: %+v", b.ID, b.Index, a)
		}
		for _, s := range a.Solutions {
			if err := nonogram.Check(p, gridOf(s)); err != nil {
				t.Errorf("%s #%d: a solution sent breaks the clues: %v", b.ID, b.Index, err)
			}
		}
		if a.Verdict == "multiple" && (len(a.Solutions) != 2 || slices.Equal(a.Solutions[0], a.Solutions[1])) {
			t.Errorf("%s: multiple, but the two solutions sent are %v", b.ID, a.Solutions)
		}
	}
	code, body := call(t, ts, "GET", "/api/nonogram/puzzles/nosuch.non", nil, nil)
	wantError(t, code, body, 404, "no bundled puzzle")
}

func TestNonogramSolve(t *testing.T) {
	ts, _ := newTestServer(t, Options{})
	// The demo puzzle is unique and its goal image matches.
	var a solveNonogramAnswer
	post(t, ts, "/api/nonogram/solve", map[string]any{"text": readTestdata(t, "nonogram/webpbn-00001.non")}, &a)
	if a.Verdict != "unique" || a.Rating != "line-solvable" || a.Goal != "matches" || len(a.Solutions) != 1 || a.Puzzle.Title != "Demo Puzzle from Front Page" {
		t.Errorf("webpbn 1: %+v", a)
	}
	if want := ".##..|.##.#|..#.#|.###.|#.#..|#.#..|..##.|.#.#.|.#.##|##..."; strings.Join(a.Solutions[0], "|") != want {
		t.Errorf("webpbn 1 solved as %v", a.Solutions[0])
	}
	if !slices.Equal(a.Puzzle.Rows[1], []int{2, 1}) || !slices.Equal(a.Puzzle.Cols[2], []int{7}) {
		t.Errorf("clues %v / %v", a.Puzzle.Rows, a.Puzzle.Cols)
	}
	// Dots has 16 solutions (picross-solver's validation table): two differ.
	post(t, ts, "/api/nonogram/solve", map[string]any{"text": readTestdata(t, "nonogram/dots.txt")}, &a)
	if a.Verdict != "multiple" || len(a.Solutions) != 2 || slices.Equal(a.Solutions[0], a.Solutions[1]) {
		t.Errorf("dots: %+v", a)
	}
	// A file of three puzzles: the index picks one.
	post(t, ts, "/api/nonogram/solve", map[string]any{"text": readTestdata(t, "nonogram/domino-3-5.txt"), "index": 3}, &a)
	if a.Puzzle.Puzzles != 3 || a.Puzzle.Title != "5-Dom" || a.Verdict != "unique" {
		t.Errorf("domino #3: %+v", a.Puzzle)
	}
	// Every malformed file of the corpus: 400 with the command line's
	// message for standard input.
	bad, _ := filepath.Glob(filepath.Join(repo, "testdata/nonogram/bad/*"))
	if len(bad) < 20 {
		t.Fatalf("only %d bad puzzles", len(bad))
	}
	for _, path := range bad {
		data, _ := os.ReadFile(path)
		_, err := nonogram.Parse(strings.NewReader(string(data)), "<input>", nonogram.FormatAuto)
		if err == nil {
			continue // a file the solver, not the parser, refuses
		}
		st, body := post(t, ts, "/api/nonogram/solve", map[string]any{"text": string(data)}, nil)
		var e errorBody
		json.Unmarshal([]byte(body), &e)
		if st != 400 || e.Error != err.Error() {
			t.Errorf("%s: got %d %q, want 400 %q", filepath.Base(path), st, e.Error, err.Error())
		}
	}
	wide := fmt.Sprintf("width %d\nheight 1\nrows\n0\ncolumns\n%s", maxNonogramSide+1, strings.Repeat("0\n", maxNonogramSide+1))
	for _, c := range []struct {
		body any
		want string
	}{
		{map[string]any{"text": wide}, "at most 100 cells a side"},
		{map[string]any{"text": readTestdata(t, "nonogram/dots.txt"), "index": 2}, "index 2: the file holds 1 puzzle(s)"},
		{map[string]any{"text": readTestdata(t, "nonogram/dots.txt"), "format": "gif"}, `unknown puzzle format "gif"`},
		{map[string]any{"text": readTestdata(t, "nonogram/colour-take-two.xml")}, "colour puzzles are not supported"},
		{map[string]any{"text": readTestdata(t, "nonogram/dots.txt"), "grid": []string{"#"}}, `"grid" belongs to /api/nonogram/check`},
	} {
		st, body := post(t, ts, "/api/nonogram/solve", c.body, nil)
		wantError(t, st, body, 400, c.want)
	}
}

// TestNonogramDeadline: a solve the deadline cuts short says so within
// about a second of the limit, with the solution it found (checked) and
// the question of uniqueness left open.
func TestNonogramDeadline(t *testing.T) {
	const timeout = 300 * time.Millisecond
	ts, _ := newTestServer(t, Options{SolveTimeout: timeout})
	// Knotty (40×40) has a second solution that neither SAT nor the
	// native search finds in 20 s.
	text := readTestdata(t, "nonogram/knotty.non")
	start := time.Now()
	var a solveNonogramAnswer
	st, body := post(t, ts, "/api/nonogram/solve", map[string]any{"text": text}, &a)
	if took := time.Since(start); took > time.Second+timeout {
		t.Errorf("answered after %v", took)
	}
	switch st {
	case 503: // not even one solution in time (a slow machine)
		wantError(t, st, body, 503, "timed out: the nonogram solve did not finish within 300ms")
	case 200:
		ps, _ := nonogram.Parse(strings.NewReader(text), "knotty", nonogram.FormatAuto)
		if !a.TimedOut || a.Verdict != "unknown" || len(a.Solutions) != 1 || !strings.Contains(a.Message, "not decided within 300ms") {
			t.Errorf("%s", body)
		} else if err := nonogram.Check(ps[0], gridOf(a.Solutions[0])); err != nil {
			t.Errorf("the solution sent breaks the clues: %v", err)
		}
	default:
		t.Errorf("%d %s", st, body)
	}
}

func TestNonogramCheck(t *testing.T) {
	ts, _ := newTestServer(t, Options{})
	text := readTestdata(t, "nonogram/webpbn-00001.non")
	good := []string{".##..", ".##.#", "..#.#", ".###.", "#.#..", "#.#..", "..##.", ".#.#.", ".#.##", "##..."}
	var a checkAnswer
	post(t, ts, "/api/nonogram/check", map[string]any{"text": text, "grid": good}, &a)
	if !a.Solved || slices.Contains(a.RowsOK, false) || slices.Contains(a.ColsOK, false) {
		t.Errorf("the solution: %+v", a)
	}
	bad := slices.Clone(good)
	bad[3] = ".#x#." // 'x' is white: row 4 shows 1,1 instead of 3
	post(t, ts, "/api/nonogram/check", map[string]any{"text": text, "grid": bad}, &a)
	if a.Solved || a.RowsOK[3] || !a.RowsOK[2] || a.ColsOK[2] || !a.ColsOK[0] || a.Message != "row 4: clue 3 but the grid shows 1,1" {
		t.Errorf("one cell off: %+v", a)
	}
	var p puzzleJSON
	post(t, ts, "/api/nonogram/parse", map[string]any{"text": text}, &p)
	if p.Width != 5 || p.Height != 10 || len(p.Rows) != 10 {
		t.Errorf("parse: %+v", p)
	}
	for _, c := range []struct {
		grid []string
		want string
	}{
		{good[:9], "grid has 9 rows, the puzzle 10"},
		{append(slices.Clone(good[:9]), "##"), "grid row 10 has 2 characters"},
	} {
		st, body := post(t, ts, "/api/nonogram/check", map[string]any{"text": text, "grid": c.grid}, nil)
		wantError(t, st, body, 400, c.want)
	}
}

func TestDobbleBuild(t *testing.T) {
	ts, _ := newTestServer(t, Options{})
	for q := 2; q <= 13; q++ {
		if !dobble.IsPrimePower(q) {
			continue
		}
		var a buildAnswer
		if st, body := post(t, ts, "/api/dobble/build", map[string]int{"order": q}, &a); st != 200 {
			t.Fatalf("order %d: %d %s", q, st, body)
		}
		d := &dobble.Deck{Cards: a.Cards}
		if len(a.Cards) != q*q+q+1 || a.K != q+1 || a.Order != q || dobble.Check(d, q+1, 1) != nil {
			t.Errorf("order %d: %d cards, k %d, check %v", q, len(a.Cards), a.K, dobble.Check(d, q+1, 1))
		}
	}
	var a buildAnswer
	post(t, ts, "/api/dobble/build", map[string]int{"k": 4, "lambda": 2}, &a)
	if len(a.Cards) != 7 || dobble.Check(&dobble.Deck{Cards: a.Cards}, 4, 2) != nil {
		t.Errorf("the 2-(7,4,2) biplane: %+v", a)
	}
	for _, c := range []struct {
		body any
		want string
	}{
		{map[string]int{"k": 7}, "no projective plane of order 6: Bruck–Ryser theorem"},
		{map[string]int{"order": 10}, "no projective plane of order 10"},
		{map[string]int{"order": 12}, "open problem"},
		{map[string]int{"order": 14}, "2 to 14 symbols per card"},
		{map[string]int{"k": 1}, "2 to 14 symbols per card"},
		{map[string]int{}, `give "order"`},
		{map[string]int{"order": 3, "k": 5}, "order 3 means k = 4"},
		{map[string]int{"k": 5, "lambda": 5}, "want 1 ≤ λ < k"},
	} {
		st, body := post(t, ts, "/api/dobble/build", c.body, nil)
		wantError(t, st, body, 400, c.want)
	}
}

func TestDobbleCheckAndComplete(t *testing.T) {
	ts, _ := newTestServer(t, Options{})
	kids := readTestdata(t, "dobble/dobble-kids.txt")
	var a checkDeckAnswer
	post(t, ts, "/api/dobble/check", map[string]any{"text": kids}, &a)
	if !a.OK || len(a.Cards) != 30 || a.K != 6 || len(a.Names) == 0 || a.Bound != 31 {
		t.Errorf("Dobble Kids: ok %v, %d cards, k %d, bound %d", a.OK, len(a.Cards), a.K, a.Bound)
	}
	// The command line's report of a broken rule, at the last card's line.
	post(t, ts, "/api/dobble/check", map[string]any{"text": "a b c\na b d\nc d e\n"}, &a)
	if a.OK || a.Total != 1 || a.Violations[0].Message != "<input>:2: card 1 (line 1) and card 2 (line 2) share 2 symbols (a, b), want 1" {
		t.Errorf("a broken deck: %+v", a)
	}
	bad, _ := filepath.Glob(filepath.Join(repo, "testdata/dobble/bad/*"))
	for _, path := range bad {
		if filepath.Base(path) == "invalidutf8.txt" {
			continue // JSON strings carry no invalid UTF-8: the decoder replaces it
		}
		data, _ := os.ReadFile(path)
		_, err := dobble.Parse(strings.NewReader(string(data)), "<input>")
		if err == nil {
			t.Fatalf("%s parses", path)
		}
		st, body := post(t, ts, "/api/dobble/check", map[string]any{"text": string(data)}, nil)
		var e errorBody
		json.Unmarshal([]byte(body), &e)
		if st != 400 || e.Error != err.Error() {
			t.Errorf("%s: got %d %q, want 400 %q", filepath.Base(path), st, e.Error, err.Error())
		}
	}
	var many strings.Builder
	for i := range maxDeckCards + 1 {
		fmt.Fprintf(&many, "%d %d\n", i, i+1000)
	}
	st, body := post(t, ts, "/api/dobble/check", map[string]any{"text": many.String()}, nil)
	wantError(t, st, body, 400, "at most 200 cards")

	// Dobble Kids lacks one card: the completion finds it.
	var c completeAnswer
	if st, body := post(t, ts, "/api/dobble/complete", map[string]any{"text": kids}, &c); st != 200 {
		t.Fatalf("%d %s", st, body)
	}
	whole := &dobble.Deck{Cards: append(slices.Clone(c.Deck.Cards), c.Added...), Names: c.Names}
	if len(c.Added) != 1 || dobble.Check(whole, 6, 1) != nil {
		t.Errorf("completion: %d added, check %v", len(c.Added), dobble.Check(whole, 6, 1))
	}
	st, body = post(t, ts, "/api/dobble/complete", map[string]any{"text": "a b c\na b d\n"}, nil)
	wantError(t, st, body, 400, "<input>: the deck breaks the rules: card 1 (line 1) and card 2 (line 2) share 2 symbols")
	st, body = post(t, ts, "/api/dobble/complete", map[string]any{"text": kids, "extra": -1}, nil)
	wantError(t, st, body, 400, "extra = -1")
}

// TestDobbleCompleteDeadline: a completion that cannot finish in time is a
// clear "timed out", within about a second of the limit; one whose model
// would be too large to build is refused first.
func TestDobbleCompleteDeadline(t *testing.T) {
	const timeout = 200 * time.Millisecond
	ts, _ := newTestServer(t, Options{SolveTimeout: timeout})
	// Two cards of 7 symbols and 20 new symbols: a small model (6,700
	// variables, 39,000 clauses), but gini does not find the largest
	// completion in 3 s.
	deck := "0 1 2 3 4 5 6\n0 7 8 9 10 11 12\n"
	start := time.Now()
	st, body := post(t, ts, "/api/dobble/complete", map[string]any{"text": deck, "extra": 20}, nil)
	if took := time.Since(start); took > timeout+time.Second {
		t.Errorf("answered after %v", took)
	}
	wantError(t, st, body, 503, "timed out: the completion did not finish within 200ms")
	st, body = post(t, ts, "/api/dobble/complete", map[string]any{"text": deck, "extra": 30}, nil)
	wantError(t, st, body, 400, "the server completes decks with models of at most 20000")
}
