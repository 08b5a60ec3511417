package servecmd

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/web"
)

// fuzzEndpoints are the POST endpoints the fuzz target sends bodies to.
var fuzzEndpoints = []string{
	"/api/chipfire/random", "/api/chipfire/level", "/api/chipfire/parse", "/api/chipfire/winnable",
	"/api/chipfire/hint", "/api/chipfire/solve", "/api/chipfire/strategies",
	"/api/nonogram/parse", "/api/nonogram/solve", "/api/nonogram/check",
	"/api/dobble/build", "/api/dobble/check", "/api/dobble/complete",
}

// FuzzAPI sends arbitrary bodies to every endpoint: the server must answer
// each with JSON, and never with a 500 (an internal error or a panic on
// input). Run it with go test -fuzz FuzzAPI ./cmd/internal/servecmd.
func FuzzAPI(f *testing.F) {
	game := `{"game": {"names": ["A", "B", "C"], "edges": [[0, 1], [1, 2], [0, 2], [0, 2]], "divisor": [3, -2, 0]}}`
	for i, body := range []string{
		`{"n": 8, "p": 0.5, "seed": 3}`, `{"level": 3}`, `{"text": "a b\nb c\ndivisor: 1 -1 0\n"}`, game, game, game,
		`{"n": 5, "densities": [0.5], "games": 2, "moves": 20}`,
		`{"text": "5x5:1/1/1/1/1/1/1/1/1/1"}`, `{"text": "width 2\nheight 2\nrows\n1\n1\ncolumns\n2\n0\n"}`,
		`{"text": "5x5:1/1/1/1/1/1/1/1/1/1", "grid": ["#....", ".#...", "..#..", "...#.", "....#"]}`,
		`{"order": 3}`, `{"text": "a b c\na d e\n"}`, `{"text": "0 1 2\n0 3 4\n1 3 5\n", "extra": 2}`,
	} {
		f.Add(uint8(i), []byte(body))
	}
	f.Add(uint8(3), []byte(`{"game": {"edges": [[0, 1]], "divisor": [1073741824, 0]}}`))
	f.Add(uint8(2), []byte(`{"text": "graph { a -- b [chips=3] }"}`))
	f.Add(uint8(9), []byte(`{"text": "5x5:1/1/1/1/1/1/1/1/1/1", "grid": ["\u00e9\u00e9\u00e9"]}`))
	f.Add(uint8(10), []byte(`{"k": 4, "lambda": 2}`))
	// Found by this target: a deck of one 1-symbol card made DeckBound
	// divide by zero (k = λ = 1).
	f.Add(uint8(11), []byte(`{"teXt":"0"}`))
	f.Add(uint8(12), []byte(`{"text":"0 1", "lambda": 2}`))
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		s := NewHandler(web.Options{SolveTimeout: 200 * time.Millisecond, QueueWait: 10 * time.Millisecond, RunTimeout: 200 * time.Millisecond})
		defer s.Close()
		path := fuzzEndpoints[int(which)%len(fuzzEndpoints)]
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body)))
		switch rec.Code {
		case http.StatusOK, http.StatusAccepted, http.StatusBadRequest, http.StatusServiceUnavailable:
		default:
			t.Fatalf("%s %q: %d %s", path, body, rec.Code, rec.Body)
		}
		if !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("%s %q: not JSON: %s", path, body, rec.Body)
		}
	})
}
