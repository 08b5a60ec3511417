// Package webtest helps the tests of satsolve serve's API: a server on a
// loopback httptest server, requests with JSON bodies, the check of a
// JSON error answer, the repository's testdata, and a brute-force oracle
// for the dollar game. Only tests import it.
package webtest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/web"
	"github.com/satsolve/satsolve/models/chipfire"
)

// Start serves s on an httptest server (loopback) and closes both at the
// end of the test.
func Start(t testing.TB, s *web.Server) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		ts.Close()
		s.Close()
	})
	return ts
}

// Call sends a request (a body that is not a string or []byte is encoded
// as JSON) and decodes the JSON answer into out (when non-nil). It
// returns the status and the raw body.
func Call(t testing.TB, ts *httptest.Server, method, path string, body any, out any) (int, string) {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, ts.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if out != nil && res.StatusCode < 300 {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %d %s: %v", method, path, res.StatusCode, data, err)
		}
	}
	return res.StatusCode, string(data)
}

// Post is Call with POST.
func Post(t testing.TB, ts *httptest.Server, path string, body any, out any) (int, string) {
	t.Helper()
	return Call(t, ts, http.MethodPost, path, body, out)
}

// WantError checks a failed answer: its status, that it is the JSON error
// body, and that the message contains want.
func WantError(t testing.TB, status int, body string, wantStatus int, want string) {
	t.Helper()
	var e web.ErrorBody
	if err := json.Unmarshal([]byte(body), &e); err != nil {
		t.Errorf("status %d, body %q: not a JSON error: %v", status, body, err)
		return
	}
	if status != wantStatus || !strings.Contains(e.Error, want) {
		t.Errorf("got %d %q, want %d and a message containing %q", status, e.Error, wantStatus, want)
	}
}

// Testdata returns the path of a file of the repository's testdata.
func Testdata(path string) string {
	_, file, _, _ := runtime.Caller(0) // .../cmd/internal/web/webtest/webtest.go
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "..", "testdata", path)
}

// ReadTestdata returns a file of the repository's testdata.
func ReadTestdata(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(Testdata(path))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// BruteMinMoves returns the fewest moves that win D on g by trying every
// script with entries in −b..b (an oracle independent of the PB model and
// of Dhar's algorithm), or −1 if none wins.
func BruteMinMoves(g *chipfire.Graph, d chipfire.Divisor, b int64) int64 {
	m, _ := BruteBest(g, d, b)
	return m
}

// BruteBest is BruteMinMoves with a script that takes the fewest moves.
func BruteBest(g *chipfire.Graph, d chipfire.Divisor, b int64) (int64, chipfire.Script) {
	n := g.N()
	f := make(chipfire.Script, n)
	for i := range f {
		f[i] = -b
	}
	best := int64(-1)
	var script chipfire.Script
	for {
		if m := f.Moves(); best < 0 || m < best {
			if e, err := g.Apply(d, f); err == nil && e.Effective() {
				best, script = m, slices.Clone(f)
			}
		}
		i := 0
		for ; i < n; i++ {
			if f[i] < b {
				f[i]++
				break
			}
			f[i] = -b
		}
		if i == n {
			return best, script
		}
	}
}

// HoldSlot takes one of s's solver slots through an endpoint registered
// for the purpose (POST /test/hold), as a long solve would, and keeps it
// until release is called; release waits for the request to end.
func HoldSlot(t testing.TB, ts *httptest.Server, s *web.Server) (release func()) {
	t.Helper()
	held, free, done := make(chan struct{}), make(chan struct{}), make(chan struct{})
	s.API("POST /test/hold", func(r *http.Request) (any, error) {
		rel, err := s.Acquire(r.Context())
		if err != nil {
			return nil, err
		}
		defer rel()
		close(held)
		<-free
		return "released", nil
	})
	go func() {
		defer close(done)
		if res, err := ts.Client().Post(ts.URL+"/test/hold", "application/json", nil); err == nil {
			res.Body.Close()
		}
	}()
	select {
	case <-held:
	case <-done:
		t.Fatal("POST /test/hold ended without holding a slot")
	}
	return func() {
		close(free)
		<-done
	}
}
