package chipfireapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/web"
	"github.com/satsolve/satsolve/cmd/internal/web/webtest"
	"github.com/satsolve/satsolve/models/chipfire"
)

// gameOf rebuilds the model's game from an answer, as the page sends it
// back: this also checks that every answer is a valid game.
func gameOf(t testing.TB, g *gameJSON) *chipfire.Game {
	t.Helper()
	game, err := chipfire.ReadGame(bytes.NewReader(gameBody(t, g.Names, g.Edges, g.Divisor)), "answer", chipfire.FormatJSON)
	if err != nil {
		t.Fatalf("the answer is not a game: %v", err)
	}
	return game
}

// gameBody is the JSON game format.
func gameBody(t testing.TB, names []string, edges [][2]int, d []int64) json.RawMessage {
	t.Helper()
	data, err := json.Marshal(map[string]any{"names": names, "edges": edges, "divisor": d})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// request is the body of the analysis endpoints for a game at divisor d.
func request(t testing.TB, g *gameJSON, d []int64) map[string]any {
	return map[string]any{"game": gameBody(t, g.Names, g.Edges, d)}
}

func TestChipfireRandom(t *testing.T) {
	ts, _ := newTestServer(t, web.Options{})
	var a, b gameJSON
	if st, body := webtest.Post(t, ts, "/api/chipfire/random", map[string]any{"n": 8, "p": 0.5, "seed": 7}, &a); st != 200 {
		t.Fatalf("%d %s", st, body)
	}
	webtest.Post(t, ts, "/api/chipfire/random", map[string]any{"n": 8, "p": 0.5, "seed": 7}, &b)
	game := gameOf(t, &a)
	if game.Graph.N() != 8 || a.Degree != int64(game.Graph.Genus()) || a.Genus != game.Graph.Genus() {
		t.Errorf("8 vertices wanted, degree = genus: got %d vertices, degree %d, genus %d (%d)", game.Graph.N(), a.Degree, a.Genus, game.Graph.Genus())
	}
	if !slices.Equal(a.Divisor, b.Divisor) || !slices.Equal(a.Edges, b.Edges) || !slices.Equal(a.Layout, b.Layout) {
		t.Error("the same seed gave another game or layout")
	}
	if len(a.Layout) != 8 {
		t.Fatalf("%d layout points", len(a.Layout))
	}
	for _, p := range a.Layout {
		if p[0] < 0 || p[0] > layoutScale || p[1] < 0 || p[1] > layoutScale {
			t.Errorf("layout point %v outside 0..%d", p, layoutScale)
		}
	}
	// It is the model's random game with that seed.
	want, _ := chipfire.RandomGame(rand.NewPCG(7, 0x6a6d), 8, 0.5, -1)
	if !slices.Equal(chipfire.Divisor(a.Divisor), want.Divisor) || !slices.Equal(game.Graph.Edges(), want.Graph.Edges()) {
		t.Error("not the model's RandomGame")
	}
	for _, c := range []struct {
		body any
		want string
	}{
		{map[string]any{"n": 61, "p": 0.5}, "2 to 60 vertices"},
		{map[string]any{"n": 1, "p": 0.5}, "2 to 60 vertices"},
		{map[string]any{"n": 8, "p": 0}, "must be in (0, 1]"},
		{map[string]any{"n": 8, "p": 1.5}, "must be in (0, 1]"},
		{map[string]any{"n": 60, "p": 0.01}, "no connected G(60, 0.01)"},
		{`{"n": 8, "p": 0.5, "colour": 1}`, `unknown field "colour"`},
		{`{"n": 8,`, "malformed JSON"},
		{`{"n": 8} {"n": 9}`, "data after the JSON object"},
		{``, "empty request body"},
		{`{"n": "eight"}`, "malformed JSON"},
	} {
		st, body := webtest.Post(t, ts, "/api/chipfire/random", c.body, nil)
		webtest.WantError(t, st, body, http.StatusBadRequest, c.want)
	}
}

func TestChipfireLevels(t *testing.T) {
	ts, _ := newTestServer(t, web.Options{})
	var list struct{ Levels []levelInfo }
	webtest.Call(t, ts, "GET", "/api/chipfire/levels", nil, &list)
	if len(list.Levels) != chipfire.LevelCount {
		t.Fatalf("%d levels", len(list.Levels))
	}
	for _, k := range []int{1, 12, chipfire.LevelCount} {
		var g gameJSON
		if st, body := webtest.Post(t, ts, "/api/chipfire/level", map[string]int{"level": k}, &g); st != 200 {
			t.Fatalf("level %d: %d %s", k, st, body)
		}
		want, _ := chipfire.NewLevel(k)
		game := gameOf(t, &g)
		if g.Level != k || !slices.Equal(game.Divisor, want.Game.Divisor) || !slices.Equal(game.Graph.Edges(), want.Game.Graph.Edges()) || g.Borrows != want.Borrows {
			t.Errorf("level %d: not the model's level", k)
		}
		if list.Levels[k-1].N != game.Graph.N() {
			t.Errorf("level %d: the list says %d vertices, the game has %d", k, list.Levels[k-1].N, game.Graph.N())
		}
	}
	st, body := webtest.Post(t, ts, "/api/chipfire/level", map[string]int{"level": 25}, nil)
	webtest.WantError(t, st, body, 400, "level 25 outside 1..24")
}

func TestChipfireParse(t *testing.T) {
	ts, _ := newTestServer(t, web.Options{})
	var g gameJSON
	if st, body := webtest.Post(t, ts, "/api/chipfire/parse", map[string]string{"text": webtest.ReadTestdata(t, "chipfire/good/cp.txt")}, &g); st != 200 {
		t.Fatalf("%d %s", st, body)
	}
	if !slices.Equal(g.Names, []string{"A", "B", "C", "E"}) || !slices.Equal(g.Divisor, []int64{2, -3, 4, -1}) || len(g.Edges) != 6 {
		t.Errorf("cp.txt read as %v %v %v", g.Names, g.Divisor, g.Edges)
	}
	// The divisor field replaces the file's, as --divisor does.
	webtest.Post(t, ts, "/api/chipfire/parse", map[string]string{"text": webtest.ReadTestdata(t, "chipfire/good/k4.dot"), "divisor": "2,-3,2,0"}, &g)
	if !slices.Equal(g.Divisor, []int64{2, -3, 2, 0}) || len(g.Edges) != 6 {
		t.Errorf("k4.dot with a divisor: %v, %d edges", g.Divisor, len(g.Edges))
	}
	// Every malformed game of the corpus: 400 with the message the command
	// line prints (after "satsolve: ") for standard input.
	bad, _ := filepath.Glob(webtest.Testdata("chipfire/bad/*"))
	if len(bad) < 10 {
		t.Fatalf("only %d bad games", len(bad))
	}
	for _, path := range bad {
		data, _ := os.ReadFile(path)
		_, err := chipfire.ReadGame(bytes.NewReader(data), "<input>", chipfire.FormatAuto)
		if err == nil {
			t.Fatalf("%s reads without error", path)
		}
		st, body := webtest.Post(t, ts, "/api/chipfire/parse", map[string]string{"text": string(data)}, nil)
		var e web.ErrorBody
		json.Unmarshal([]byte(body), &e)
		if st != 400 || e.Error != err.Error() {
			t.Errorf("%s: got %d %q, want 400 %q", filepath.Base(path), st, e.Error, err.Error())
		}
	}
	var path strings.Builder
	for v := range maxGameVertices + 1 {
		fmt.Fprintf(&path, "%d %d\n", v, v+1)
	}
	for _, c := range []struct {
		body map[string]string
		want string
	}{
		{map[string]string{"text": "a b\n"}, "no divisor"},
		{map[string]string{"text": "a b\n", "format": "xml"}, `unknown game format "xml"`},
		{map[string]string{"text": "a b\n", "divisor": "1,x"}, "divisor:"},
		{map[string]string{"text": "a b\n", "divisor": "1,2,3"}, "divisor:"},
		{map[string]string{"text": path.String() + "divisor: 0\n"}, "divisor has 1 value, the graph has 102 vertices"},
		{map[string]string{"text": path.String(), "divisor": strings.Repeat("0,", maxGameVertices+1) + "0"}, "at most 100 vertices"},
		{map[string]string{"text": "a b\ndivisor: 2000000 0\n"}, "at most 1000000 dollars"},
	} {
		st, body := webtest.Post(t, ts, "/api/chipfire/parse", c.body, nil)
		webtest.WantError(t, st, body, 400, c.want)
	}
}

func TestChipfireWinnable(t *testing.T) {
	ts, _ := newTestServer(t, web.Options{})
	var g gameJSON
	webtest.Post(t, ts, "/api/chipfire/parse", map[string]string{"text": webtest.ReadTestdata(t, "chipfire/good/cp.txt")}, &g)
	game := gameOf(t, &g)
	for q := range 4 {
		var a winnableAnswer
		req := request(t, &g, g.Divisor)
		req["q"] = q
		if st, body := webtest.Post(t, ts, "/api/chipfire/winnable", req, &a); st != 200 {
			t.Fatalf("%d %s", st, body)
		}
		want, _ := chipfire.Reduce(t.Context(), game.Graph, game.Divisor, q)
		if !a.Winnable || a.Q != q || !slices.Equal(a.Reduced, want.Divisor) {
			t.Errorf("q=%d: %+v, want the reduced divisor %v", q, a, want.Divisor)
		}
	}
	// Sage's example on K4: [2, −3, 2, 0] is unwinnable, 0-reduced [−2, 1, 2, 0].
	webtest.Post(t, ts, "/api/chipfire/parse", map[string]string{"text": webtest.ReadTestdata(t, "chipfire/good/k4.dot"), "divisor": "2,-3,2,0"}, &g)
	var a winnableAnswer
	req := request(t, &g, g.Divisor)
	req["q"] = 0
	webtest.Post(t, ts, "/api/chipfire/winnable", req, &a)
	if a.Winnable || !slices.Equal(a.Reduced, []int64{-2, 1, 2, 0}) || len(a.Order) != 4 || !strings.Contains(a.Message, "Not winnable") {
		t.Errorf("K4 [2,-3,2,0]: %+v", a)
	}
	k4 := gameOf(t, &g)
	if err := k4.Graph.CheckCertificate(k4.Divisor, 0, chipfire.Certificate{Order: a.Order, Script: a.Script}); err != nil {
		t.Errorf("the certificate sent fails: %v", err)
	}
	req["q"] = 4
	st, body := webtest.Post(t, ts, "/api/chipfire/winnable", req, nil)
	webtest.WantError(t, st, body, 400, "q = 4: no such vertex")
	// Malformed games in the request: the model's messages.
	for _, c := range []struct {
		body string
		want string
	}{
		{`{}`, `missing "game"`},
		{`{"game": {"edges": [[0, 1]]}}`, "no divisor"},
		{`{"game": {"edges": [[0, 0]], "divisor": [1]}}`, "<input>:"},
		{`{"game": {"edges": [[0, 1]], "divisor": [1, 2, 3]}}`, "<input>:"},
		{`{"game": {"edges": [[0, 1], [2, 3]], "divisor": [1, 2, 3, 4]}}`, "not connected"},
		{`{"game": {"edges": [[0, 1]], "divisor": [1, 0], "x": 1}}`, `unknown field "x"`},
		{`{"game": [1, 2]}`, "<input>:"},
	} {
		st, body := webtest.Post(t, ts, "/api/chipfire/winnable", c.body, nil)
		webtest.WantError(t, st, body, 400, c.want)
	}
}

func TestChipfireSolveAndHint(t *testing.T) {
	ts, _ := newTestServer(t, web.Options{})
	for _, c := range []struct {
		file  string
		moves int64
	}{{"chipfire/good/cp.txt", 2}, {"chipfire/good/p4.txt", 18}} {
		var g gameJSON
		webtest.Post(t, ts, "/api/chipfire/parse", map[string]string{"text": webtest.ReadTestdata(t, c.file)}, &g)
		game := gameOf(t, &g)
		var a solveAnswer
		if st, body := webtest.Post(t, ts, "/api/chipfire/solve", request(t, &g, g.Divisor), &a); st != 200 {
			t.Fatalf("%d %s", st, body)
		}
		if !a.Winnable || !a.Optimal || a.Moves != c.moves || a.Script.Moves() != c.moves || !strings.Contains(a.Method, "proved optimal") {
			t.Errorf("%s: %+v, want %d moves, proved optimal", c.file, a, c.moves)
		}
		// The steps replay, one move at a time, to a won position.
		cur := slices.Clone(game.Divisor)
		for _, s := range a.Steps {
			k := int64(1)
			if s.Action == "borrow" {
				k = -1
			}
			game.Graph.Fire(cur, s.Vertex, k)
		}
		if int64(len(a.Steps)) != c.moves || !cur.Effective() {
			t.Errorf("%s: %d steps end at %v", c.file, len(a.Steps), cur)
		}
	}

	// Hints on every level up to 4 and on the Corry–Perkinson game: each
	// is a move of an optimal script, so it lowers the fewest moves (found
	// by brute force) by exactly one; following hints wins in the optimum.
	var games []gameJSON
	for k := 1; k <= 4; k++ {
		var g gameJSON
		webtest.Post(t, ts, "/api/chipfire/level", map[string]int{"level": k}, &g)
		games = append(games, g)
	}
	for _, g := range games {
		game := gameOf(t, &g)
		cur := slices.Clone(game.Divisor)
		opt := webtest.BruteMinMoves(game.Graph, cur, 6)
		if opt <= 0 {
			t.Fatalf("%s: brute force finds %d moves", g.Title, opt)
		}
		for step := int64(0); step < opt; step++ {
			var h hintAnswer
			if st, body := webtest.Post(t, ts, "/api/chipfire/hint", request(t, &g, cur), &h); st != 200 {
				t.Fatalf("%d %s", st, body)
			}
			if h.Won || h.Move == nil || !h.Optimal || h.MovesLeft != opt-step {
				t.Fatalf("%s, step %d: %+v, want a move with %d moves left", g.Title, step, h, opt-step)
			}
			k := int64(1)
			if h.Move.Action == "borrow" {
				k = -1
			}
			game.Graph.Fire(cur, h.Move.Vertex, k)
			if left := webtest.BruteMinMoves(game.Graph, cur, 6); left != opt-step-1 {
				t.Fatalf("%s, step %d: after the hint %s %s the fewest moves are %d, want %d", g.Title, step, h.Move.Name, h.Move.Action, left, opt-step-1)
			}
		}
		if !cur.Effective() {
			t.Errorf("%s: %d hints followed, not won: %v", g.Title, opt, cur)
		}
		var h hintAnswer
		webtest.Post(t, ts, "/api/chipfire/hint", request(t, &g, cur), &h)
		if !h.Won || h.Move != nil {
			t.Errorf("%s: hint on a won position: %+v", g.Title, h)
		}
	}

	// An unwinnable position: no hint, no solution, and no error.
	var g gameJSON
	webtest.Post(t, ts, "/api/chipfire/parse", map[string]string{"text": webtest.ReadTestdata(t, "chipfire/good/k4.dot"), "divisor": "2,-3,2,0"}, &g)
	var h hintAnswer
	var a solveAnswer
	webtest.Post(t, ts, "/api/chipfire/hint", request(t, &g, g.Divisor), &h)
	webtest.Post(t, ts, "/api/chipfire/solve", request(t, &g, g.Divisor), &a)
	if h.Winnable || h.Move != nil || a.Winnable || a.Script != nil || !strings.Contains(a.Method, "cannot be won") {
		t.Errorf("unwinnable: hint %+v, solve %+v", h, a)
	}
	req := request(t, &g, g.Divisor)
	req["q"] = 1
	st, body := webtest.Post(t, ts, "/api/chipfire/hint", req, nil)
	webtest.WantError(t, st, body, 400, `"q" applies to /api/chipfire/winnable only`)
}

// TestChipfireDeadline: when the PB model cannot prove the optimum within
// the solve timeout, the answer comes within about a second of it and
// says so, with a script that still wins.
func TestChipfireDeadline(t *testing.T) {
	const timeout = 300 * time.Millisecond
	ts, _ := newTestServer(t, web.Options{SolveTimeout: timeout})
	var g gameJSON
	webtest.Post(t, ts, "/api/chipfire/random", map[string]any{"n": 60, "p": 0.1, "seed": 3}, &g)
	game := gameOf(t, &g)
	for _, path := range []string{"/api/chipfire/solve", "/api/chipfire/hint"} {
		start := time.Now()
		var a solveAnswer
		st, body := webtest.Post(t, ts, path, request(t, &g, g.Divisor), &a)
		took := time.Since(start)
		if st != 200 {
			t.Fatalf("%s: %d %s", path, st, body)
		}
		if took > timeout+time.Second {
			t.Errorf("%s: answered after %v, the timeout is %v", path, took, timeout)
		}
		var h hintAnswer
		json.Unmarshal([]byte(body), &h)
		if !strings.Contains(body, `"timed_out":true`) || !strings.Contains(body, "not proved optimal") || strings.Contains(body, `"optimal":true`) {
			t.Errorf("%s: %s", path, body)
		}
		if path == "/api/chipfire/solve" {
			if err := game.Graph.CheckWin(game.Divisor, a.Script); err != nil {
				t.Errorf("the script sent does not win: %v", err)
			}
		}
	}

	// A dense 100-vertex game (the largest the server plays): its model
	// would take minutes to build, which no deadline could interrupt, so
	// the server answers at once with Dhar's script, saying why.
	var text strings.Builder
	rng := rand.New(rand.NewPCG(4, 4))
	edges := 0
	for u := range maxGameVertices {
		for v := u + 1; v < maxGameVertices; v++ {
			if v == u+1 || rng.Float64() < 0.3 {
				fmt.Fprintf(&text, "%d %d\n", u, v)
				edges++
			}
		}
	}
	d := make([]string, maxGameVertices)
	total := 0
	for v := range d {
		x := rng.IntN(7) - 3
		if v == 0 {
			x = 0
		}
		d[v] = fmt.Sprint(x)
		total += x
	}
	d[0] = fmt.Sprint(edges - maxGameVertices + 1 - total) // degree = genus: winnable
	if st, body := webtest.Post(t, ts, "/api/chipfire/parse", map[string]string{"text": text.String(), "divisor": strings.Join(d, ",")}, &g); st != 200 {
		t.Fatalf("%d %s", st, body)
	}
	dense := gameOf(t, &g)
	start := time.Now()
	var a solveAnswer
	webtest.Post(t, ts, "/api/chipfire/solve", request(t, &g, g.Divisor), &a)
	if took := time.Since(start); took > timeout+time.Second {
		t.Errorf("dense game: answered after %v", took)
	}
	if a.Optimal || !strings.Contains(a.Method, "too large to build in time") || dense.Graph.CheckWin(dense.Divisor, a.Script) != nil {
		t.Errorf("dense game: %+v", a)
	}
}
