package web_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/web"
	"github.com/satsolve/satsolve/cmd/internal/web/webtest"
)

// newTestServer serves a server with two test endpoints: POST /test/echo
// decodes {"text": …} and sends it back, POST /test/solve takes a solver
// slot and gives it back.
func newTestServer(t testing.TB, o web.Options) (*httptest.Server, *web.Server) {
	t.Helper()
	s := web.New(o)
	s.API("POST /test/echo", func(r *http.Request) (any, error) {
		var q struct {
			Text string `json:"text"`
		}
		if err := s.Decode(r, &q); err != nil {
			return nil, err
		}
		return q, nil
	})
	s.API("POST /test/solve", func(r *http.Request) (any, error) {
		release, err := s.Acquire(r.Context())
		if err != nil {
			return nil, err
		}
		defer release()
		return map[string]bool{"solved": true}, nil
	})
	return webtest.Start(t, s), s
}

func TestDecode(t *testing.T) {
	ts, _ := newTestServer(t, web.Options{})
	var echo struct{ Text string }
	if st, body := webtest.Post(t, ts, "/test/echo", `{"text": "a b"}`, &echo); st != 200 || echo.Text != "a b" {
		t.Errorf("%d %s", st, body)
	}
	for _, c := range []struct{ body, want string }{
		{``, "empty request body: want a JSON object"},
		{`{"text": 1}`, "malformed JSON request"},
		{`{"text": "a"} {}`, "data after the JSON object"},
		{`{"txt": "a"}`, `unknown field "txt"`},
	} {
		st, body := webtest.Post(t, ts, "/test/echo", c.body, nil)
		webtest.WantError(t, st, body, 400, c.want)
	}
	code, body := webtest.Call(t, ts, "GET", "/api/nosuch", nil, nil)
	webtest.WantError(t, code, body, 404, "no such endpoint")
	code, body = webtest.Call(t, ts, "GET", "/test/echo", nil, nil)
	if code != http.StatusMethodNotAllowed {
		t.Errorf("GET /test/echo: %d %s", code, body)
	}
	code, body = webtest.Call(t, ts, "PUT", "/api/jobs/x", nil, nil)
	webtest.WantError(t, code, body, http.StatusMethodNotAllowed, "PUT /api/jobs/x: use GET or DELETE")
}

func TestBodyLimit(t *testing.T) {
	ts, _ := newTestServer(t, web.Options{MaxBody: 1000})
	big := `{"text": "` + strings.Repeat("a b\\n", 300) + `"}`
	st, body := webtest.Post(t, ts, "/test/echo", big, nil)
	webtest.WantError(t, st, body, 400, "request body too large: more than 1000 bytes")
	st, _ = webtest.Post(t, ts, "/test/echo", `{"text": "a b"}`, nil)
	if st != 200 {
		t.Errorf("a small body after a large one: %d", st)
	}
}

// TestBusy: a request that finds every solver slot taken waits QueueWait,
// then gets 503 with Retry-After, and nothing is left running.
func TestBusy(t *testing.T) {
	ts, s := newTestServer(t, web.Options{MaxJobs: 1, QueueWait: 100 * time.Millisecond})
	release := webtest.HoldSlot(t, ts, s) // a solve in progress
	start := time.Now()
	res, err := ts.Client().Post(ts.URL+"/test/solve", "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	webtest.WantError(t, res.StatusCode, string(body), 503, "server busy: 1 solves running (at most 1 at once")
	if res.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	if waited := time.Since(start); waited < 100*time.Millisecond {
		t.Errorf("answered busy after %v, before QueueWait", waited)
	}
	release()
	if st, body := webtest.Post(t, ts, "/test/solve", nil, nil); st != 200 {
		t.Errorf("with the slot free: %d %s", st, body)
	}
	// The solve gave its slot back too.
	if st, body := webtest.Post(t, ts, "/test/solve", nil, nil); st != 200 {
		t.Errorf("after a solve: %d %s", st, body)
	}
}

// TestPanicRecovered: a handler that panics answers 500 and the server
// goes on.
func TestPanicRecovered(t *testing.T) {
	var log strings.Builder
	ts, s := newTestServer(t, web.Options{Log: &log})
	s.Handle("GET /test/panic", http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
	code, body := webtest.Call(t, ts, "GET", "/test/panic", nil, nil)
	webtest.WantError(t, code, body, 500, "internal error")
	if !strings.Contains(log.String(), "panic: boom") {
		t.Errorf("log: %q", log.String())
	}
	if code, _ := webtest.Post(t, ts, "/test/echo", `{}`, nil); code != 200 {
		t.Errorf("after the panic: %d", code)
	}
}

// TestServe: Serve answers on its listener, and ending the context shuts
// it down, with every goroutine gone.
func TestServe(t *testing.T) {
	before := runtime.NumGoroutine()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	s := web.New(web.Options{})
	s.API("GET /test/ok", func(*http.Request) (any, error) { return "ok", nil })
	go func() { done <- web.Serve(ctx, ln, s) }()
	client := &http.Client{Transport: &http.Transport{}}
	res, err := client.Get("http://" + ln.Addr().String() + "/test/ok")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("%d", res.StatusCode)
	}
	client.CloseIdleConnections()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after the context ended")
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("%d goroutines before, %d after", before, after)
	}
}
