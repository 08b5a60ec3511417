package servecmd

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// newTestServer starts the handler on an httptest server (loopback) and
// closes both at the end of the test.
func newTestServer(t testing.TB, o Options) (*httptest.Server, *Server) {
	t.Helper()
	s := NewHandler(o)
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		ts.Close()
		s.Close()
	})
	return ts, s
}

// call sends a request (a body that is not a string or []byte is encoded
// as JSON) and decodes the JSON answer into out (when non-nil). It
// returns the status and the raw body.
func call(t testing.TB, ts *httptest.Server, method, path string, body any, out any) (int, string) {
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

// post is call with POST.
func post(t testing.TB, ts *httptest.Server, path string, body any, out any) (int, string) {
	t.Helper()
	return call(t, ts, http.MethodPost, path, body, out)
}

// wantError checks a failed answer: its status, that it is the JSON error
// body, and that the message contains want.
func wantError(t testing.TB, status int, body string, wantStatus int, want string) {
	t.Helper()
	var e errorBody
	if err := json.Unmarshal([]byte(body), &e); err != nil {
		t.Errorf("status %d, body %q: not a JSON error: %v", status, body, err)
		return
	}
	if status != wantStatus || !strings.Contains(e.Error, want) {
		t.Errorf("got %d %q, want %d and a message containing %q", status, e.Error, wantStatus, want)
	}
}
