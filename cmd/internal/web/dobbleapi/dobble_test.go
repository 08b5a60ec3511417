package dobbleapi

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
	"github.com/satsolve/satsolve/models/dobble"
)

func TestDobbleBuild(t *testing.T) {
	ts, _ := newTestServer(t, web.Options{})
	for q := 2; q <= 13; q++ {
		if !dobble.IsPrimePower(q) {
			continue
		}
		var a buildAnswer
		if st, body := webtest.Post(t, ts, "/api/dobble/build", map[string]int{"order": q}, &a); st != 200 {
			t.Fatalf("order %d: %d %s", q, st, body)
		}
		d := &dobble.Deck{Cards: a.Cards}
		if len(a.Cards) != q*q+q+1 || a.K != q+1 || a.Order != q || dobble.Check(d, q+1, 1) != nil {
			t.Errorf("order %d: %d cards, k %d, check %v", q, len(a.Cards), a.K, dobble.Check(d, q+1, 1))
		}
	}
	var a buildAnswer
	webtest.Post(t, ts, "/api/dobble/build", map[string]int{"k": 4, "lambda": 2}, &a)
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
		st, body := webtest.Post(t, ts, "/api/dobble/build", c.body, nil)
		webtest.WantError(t, st, body, 400, c.want)
	}
}

func TestDobbleCheckAndComplete(t *testing.T) {
	ts, _ := newTestServer(t, web.Options{})
	kids := webtest.ReadTestdata(t, "dobble/dobble-kids.txt")
	var a checkDeckAnswer
	webtest.Post(t, ts, "/api/dobble/check", map[string]any{"text": kids}, &a)
	if !a.OK || len(a.Cards) != 30 || a.K != 6 || len(a.Names) == 0 || a.Bound != 31 {
		t.Errorf("Dobble Kids: ok %v, %d cards, k %d, bound %d", a.OK, len(a.Cards), a.K, a.Bound)
	}
	// The command line's report of a broken rule, at the last card's line.
	webtest.Post(t, ts, "/api/dobble/check", map[string]any{"text": "a b c\na b d\nc d e\n"}, &a)
	if a.OK || a.Total != 1 || a.Violations[0].Message != "<input>:2: card 1 (line 1) and card 2 (line 2) share 2 symbols (a, b), want 1" {
		t.Errorf("a broken deck: %+v", a)
	}
	bad, _ := filepath.Glob(webtest.Testdata("dobble/bad/*"))
	for _, path := range bad {
		if filepath.Base(path) == "invalidutf8.txt" {
			continue // JSON strings carry no invalid UTF-8: the decoder replaces it
		}
		data, _ := os.ReadFile(path)
		_, err := dobble.Parse(strings.NewReader(string(data)), "<input>")
		if err == nil {
			t.Fatalf("%s parses", path)
		}
		st, body := webtest.Post(t, ts, "/api/dobble/check", map[string]any{"text": string(data)}, nil)
		var e web.ErrorBody
		json.Unmarshal([]byte(body), &e)
		if st != 400 || e.Error != err.Error() {
			t.Errorf("%s: got %d %q, want 400 %q", filepath.Base(path), st, e.Error, err.Error())
		}
	}
	var many strings.Builder
	for i := range maxDeckCards + 1 {
		fmt.Fprintf(&many, "%d %d\n", i, i+1000)
	}
	st, body := webtest.Post(t, ts, "/api/dobble/check", map[string]any{"text": many.String()}, nil)
	webtest.WantError(t, st, body, 400, "at most 200 cards")

	// Dobble Kids lacks one card: the completion finds it.
	var c completeAnswer
	if st, body := webtest.Post(t, ts, "/api/dobble/complete", map[string]any{"text": kids}, &c); st != 200 {
		t.Fatalf("%d %s", st, body)
	}
	whole := &dobble.Deck{Cards: append(slices.Clone(c.Deck.Cards), c.Added...), Names: c.Names}
	if len(c.Added) != 1 || dobble.Check(whole, 6, 1) != nil {
		t.Errorf("completion: %d added, check %v", len(c.Added), dobble.Check(whole, 6, 1))
	}
	st, body = webtest.Post(t, ts, "/api/dobble/complete", map[string]any{"text": "a b c\na b d\n"}, nil)
	webtest.WantError(t, st, body, 400, "<input>: the deck breaks the rules: card 1 (line 1) and card 2 (line 2) share 2 symbols")
	st, body = webtest.Post(t, ts, "/api/dobble/complete", map[string]any{"text": kids, "extra": -1}, nil)
	webtest.WantError(t, st, body, 400, "extra = -1")
}

// TestDobbleCompleteDeadline: a completion that cannot finish in time is a
// clear "timed out", within about a second of the limit; one whose model
// would be too large to build is refused first.
func TestDobbleCompleteDeadline(t *testing.T) {
	const timeout = 200 * time.Millisecond
	ts, _ := newTestServer(t, web.Options{SolveTimeout: timeout})
	// Two cards of 7 symbols and 20 new symbols: a small model (6,700
	// variables, 39,000 clauses), but gini does not find the largest
	// completion in 3 s.
	deck := "0 1 2 3 4 5 6\n0 7 8 9 10 11 12\n"
	start := time.Now()
	st, body := webtest.Post(t, ts, "/api/dobble/complete", map[string]any{"text": deck, "extra": 20}, nil)
	if took := time.Since(start); took > timeout+time.Second {
		t.Errorf("answered after %v", took)
	}
	webtest.WantError(t, st, body, 503, "timed out: the completion did not finish within 200ms")
	st, body = webtest.Post(t, ts, "/api/dobble/complete", map[string]any{"text": deck, "extra": 30}, nil)
	webtest.WantError(t, st, body, 400, "the server completes decks with models of at most 20000")
}
