package nonogramapi

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/web"
	"github.com/satsolve/satsolve/cmd/internal/web/webtest"
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
	ts, _ := newTestServer(t, web.Options{})
	var list struct{ Puzzles []bundled }
	webtest.Call(t, ts, "GET", "/api/nonogram/puzzles", nil, &list)
	if len(list.Puzzles) < 8 {
		t.Fatalf("%d bundled puzzles", len(list.Puzzles))
	}
	for _, b := range list.Puzzles {
		var f struct{ Text string }
		if st, body := webtest.Call(t, ts, "GET", "/api/nonogram/puzzles/"+b.ID, nil, &f); st != 200 {
			t.Fatalf("%s: %d %s", b.ID, st, body)
		}
		// Every bundled puzzle solves, and each solution passes Check.
		var a solveNonogramAnswer
		if st, body := webtest.Post(t, ts, "/api/nonogram/solve", map[string]any{"text": f.Text, "index": b.Index}, &a); st != 200 {
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
	code, body := webtest.Call(t, ts, "GET", "/api/nonogram/puzzles/nosuch.non", nil, nil)
	webtest.WantError(t, code, body, 404, "no bundled puzzle")
}

func TestNonogramSolve(t *testing.T) {
	ts, _ := newTestServer(t, web.Options{})
	// The demo puzzle is unique and its goal image matches.
	var a solveNonogramAnswer
	webtest.Post(t, ts, "/api/nonogram/solve", map[string]any{"text": webtest.ReadTestdata(t, "nonogram/webpbn-00001.non")}, &a)
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
	webtest.Post(t, ts, "/api/nonogram/solve", map[string]any{"text": webtest.ReadTestdata(t, "nonogram/dots.txt")}, &a)
	if a.Verdict != "multiple" || len(a.Solutions) != 2 || slices.Equal(a.Solutions[0], a.Solutions[1]) {
		t.Errorf("dots: %+v", a)
	}
	// A file of three puzzles: the index picks one.
	webtest.Post(t, ts, "/api/nonogram/solve", map[string]any{"text": webtest.ReadTestdata(t, "nonogram/domino-3-5.txt"), "index": 3}, &a)
	if a.Puzzle.Puzzles != 3 || a.Puzzle.Title != "5-Dom" || a.Verdict != "unique" {
		t.Errorf("domino #3: %+v", a.Puzzle)
	}
	// Every malformed file of the corpus: 400 with the command line's
	// message for standard input.
	bad, _ := filepath.Glob(webtest.Testdata("nonogram/bad/*"))
	if len(bad) < 20 {
		t.Fatalf("only %d bad puzzles", len(bad))
	}
	for _, path := range bad {
		data, _ := os.ReadFile(path)
		_, err := nonogram.Parse(strings.NewReader(string(data)), "<input>", nonogram.FormatAuto)
		if err == nil {
			continue // a file the solver, not the parser, refuses
		}
		st, body := webtest.Post(t, ts, "/api/nonogram/solve", map[string]any{"text": string(data)}, nil)
		var e web.ErrorBody
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
		{map[string]any{"text": webtest.ReadTestdata(t, "nonogram/dots.txt"), "index": 2}, "index 2: the file holds 1 puzzle(s)"},
		{map[string]any{"text": webtest.ReadTestdata(t, "nonogram/dots.txt"), "format": "gif"}, `unknown puzzle format "gif"`},
		{map[string]any{"text": webtest.ReadTestdata(t, "nonogram/colour-take-two.xml")}, "colour puzzles are not supported"},
		{map[string]any{"text": webtest.ReadTestdata(t, "nonogram/dots.txt"), "grid": []string{"#"}}, `"grid" belongs to /api/nonogram/check`},
	} {
		st, body := webtest.Post(t, ts, "/api/nonogram/solve", c.body, nil)
		webtest.WantError(t, st, body, 400, c.want)
	}
}

// TestNonogramDeadline: a solve the deadline cuts short says so within
// about a second of the limit, with the solution it found (checked) and
// the question of uniqueness left open.
func TestNonogramDeadline(t *testing.T) {
	const timeout = 300 * time.Millisecond
	ts, _ := newTestServer(t, web.Options{SolveTimeout: timeout})
	// Knotty (40×40) has a second solution that neither SAT nor the
	// native search finds in 20 s.
	text := webtest.ReadTestdata(t, "nonogram/knotty.non")
	start := time.Now()
	var a solveNonogramAnswer
	st, body := webtest.Post(t, ts, "/api/nonogram/solve", map[string]any{"text": text}, &a)
	if took := time.Since(start); took > time.Second+timeout {
		t.Errorf("answered after %v", took)
	}
	switch st {
	case 503: // not even one solution in time (a slow machine)
		webtest.WantError(t, st, body, 503, "timed out: the nonogram solve did not finish within 300ms")
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
	ts, _ := newTestServer(t, web.Options{})
	text := webtest.ReadTestdata(t, "nonogram/webpbn-00001.non")
	good := []string{".##..", ".##.#", "..#.#", ".###.", "#.#..", "#.#..", "..##.", ".#.#.", ".#.##", "##..."}
	var a checkAnswer
	webtest.Post(t, ts, "/api/nonogram/check", map[string]any{"text": text, "grid": good}, &a)
	if !a.Solved || slices.Contains(a.RowsOK, false) || slices.Contains(a.ColsOK, false) {
		t.Errorf("the solution: %+v", a)
	}
	bad := slices.Clone(good)
	bad[3] = ".#x#." // 'x' is white: row 4 shows 1,1 instead of 3
	webtest.Post(t, ts, "/api/nonogram/check", map[string]any{"text": text, "grid": bad}, &a)
	if a.Solved || a.RowsOK[3] || !a.RowsOK[2] || a.ColsOK[2] || !a.ColsOK[0] || a.Message != "row 4: clue 3 but the grid shows 1,1" {
		t.Errorf("one cell off: %+v", a)
	}
	var p puzzleJSON
	webtest.Post(t, ts, "/api/nonogram/parse", map[string]any{"text": text}, &p)
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
		st, body := webtest.Post(t, ts, "/api/nonogram/check", map[string]any{"text": text, "grid": c.grid}, nil)
		webtest.WantError(t, st, body, 400, c.want)
	}
}

// TestNonogramBusy: a solve that finds every solver slot taken waits
// QueueWait, then gets 503 with Retry-After; with the slot free it runs.
func TestNonogramBusy(t *testing.T) {
	ts, s := newTestServer(t, web.Options{MaxJobs: 1, QueueWait: 100 * time.Millisecond})
	release := webtest.HoldSlot(t, ts, s) // a solve in progress
	st, body := webtest.Post(t, ts, "/api/nonogram/solve", map[string]any{"text": "5x5:1/1/1/1/1/1/1/1/1/1"}, nil)
	webtest.WantError(t, st, body, 503, "server busy: 1 solves running (at most 1 at once")
	release()
	req := map[string]any{"text": webtest.ReadTestdata(t, "nonogram/dots.txt")}
	if st, body := webtest.Post(t, ts, "/api/nonogram/solve", req, nil); st != 200 {
		t.Errorf("with the slot free: %d %s", st, body)
	}
}
