package servecmd

import (
	"context"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestPages(t *testing.T) {
	ts, _ := newTestServer(t, Options{})
	for path, file := range pages {
		res, err := ts.Client().Get(ts.URL + strings.TrimSuffix(path, "{$}"))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") || !strings.Contains(string(body), "<title>") {
			t.Errorf("%s (%s): %d %s", path, file, res.StatusCode, res.Header.Get("Content-Type"))
		}
		csp := res.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "default-src 'self'") || strings.Contains(csp, "http") {
			t.Errorf("%s: Content-Security-Policy %q", path, csp)
		}
		// Nothing is loaded from elsewhere: every src and href is local.
		for _, attr := range []string{`src="`, `href="`} {
			for _, part := range strings.Split(string(body), attr)[1:] {
				if !strings.HasPrefix(part, "/") {
					t.Errorf("%s: %s%s", path, attr, part[:min(40, len(part))])
				}
			}
		}
	}
	for _, c := range []struct{ path, ctype string }{
		{"/static/style.css", "text/css"},
		{"/static/dollar.js", "text/javascript"},
		{"/static/common.js", "text/javascript"},
	} {
		res, err := ts.Client().Get(ts.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), c.ctype) {
			t.Errorf("%s: %d %s", c.path, res.StatusCode, res.Header.Get("Content-Type"))
		}
	}
	for _, path := range []string{"/nosuchpage", "/static/nosuch.js", "/static/../server.go"} {
		res, _ := ts.Client().Get(ts.URL + path)
		res.Body.Close()
		if res.StatusCode != 404 {
			t.Errorf("%s: %d", path, res.StatusCode)
		}
	}
	code, body := call(t, ts, "GET", "/api/nosuch", nil, nil)
	wantError(t, code, body, 404, "no such endpoint")
	code, body = call(t, ts, "GET", "/api/chipfire/random", nil, nil)
	wantError(t, code, body, http.StatusMethodNotAllowed, "GET /api/chipfire/random: use POST")
	code, body = call(t, ts, "PUT", "/api/jobs/x", nil, nil)
	wantError(t, code, body, http.StatusMethodNotAllowed, "use GET or DELETE")
}

func TestBodyLimit(t *testing.T) {
	ts, _ := newTestServer(t, Options{MaxBody: 1000})
	big := `{"text": "` + strings.Repeat("a b\\n", 300) + `"}`
	st, body := post(t, ts, "/api/chipfire/parse", big, nil)
	wantError(t, st, body, 400, "request body too large: more than 1000 bytes")
	st, _ = post(t, ts, "/api/chipfire/random", `{"n": 5, "p": 0.5}`, nil)
	if st != 200 {
		t.Errorf("a small body after a large one: %d", st)
	}
}

// TestBusy: a request that finds every solver slot taken waits QueueWait,
// then gets 503 with Retry-After, and nothing is left running.
func TestBusy(t *testing.T) {
	ts, s := newTestServer(t, Options{MaxJobs: 1, QueueWait: 100 * time.Millisecond})
	s.slots <- struct{}{} // a solve in progress
	req := map[string]any{"text": readTestdata(t, "nonogram/dots.txt")}
	res, err := ts.Client().Post(ts.URL+"/api/nonogram/solve", "application/json", strings.NewReader(`{"text": "5x5:1/1/1/1/1/1/1/1/1/1"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	wantError(t, res.StatusCode, string(body), 503, "server busy: 1 solves running (at most 1 at once")
	if res.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	<-s.slots
	if st, body := post(t, ts, "/api/nonogram/solve", req, nil); st != 200 {
		t.Errorf("with the slot free: %d %s", st, body)
	}
	if len(s.slots) != 0 {
		t.Errorf("%d slots still taken", len(s.slots))
	}
}

// TestPanicRecovered: a handler that panics answers 500 and the server
// goes on.
func TestPanicRecovered(t *testing.T) {
	var log strings.Builder
	ts, s := newTestServer(t, Options{Log: &log})
	s.mux.HandleFunc("GET /test/panic", func(http.ResponseWriter, *http.Request) { panic("boom") })
	code, body := call(t, ts, "GET", "/test/panic", nil, nil)
	wantError(t, code, body, 500, "internal error")
	if !strings.Contains(log.String(), "panic: boom") {
		t.Errorf("log: %q", log.String())
	}
	if code, _ := call(t, ts, "GET", "/api/chipfire/levels", nil, nil); code != 200 {
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
	go func() { done <- Serve(ctx, ln, NewHandler(Options{})) }()
	client := &http.Client{Transport: &http.Transport{}}
	res, err := client.Get("http://" + ln.Addr().String() + "/api/chipfire/levels")
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
