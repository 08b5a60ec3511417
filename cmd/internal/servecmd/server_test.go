package servecmd

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/web"
	"github.com/satsolve/satsolve/cmd/internal/web/webtest"
)

func TestPages(t *testing.T) {
	ts, _ := newTestServer(t, web.Options{})
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
	for _, path := range []string{"/nosuchpage", "/static/nosuch.js", "/static/../server.go", "/dollar/x"} {
		res, _ := ts.Client().Get(ts.URL + path)
		page, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 404 {
			t.Errorf("%s: %d", path, res.StatusCode)
		}
		// A page address gets the site's frame (its header and menu), not
		// Go's plain "404 page not found" (issue 29, item 12).
		if strings.HasPrefix(path, "/static/") {
			continue
		}
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") ||
			!strings.Contains(string(page), `<a class="brand" href="/">satsolve</a>`) || !strings.Contains(string(page), "Page not found") {
			t.Errorf("%s: %s, %q: want the site's 404 page", path, ct, page)
		}
	}
	code, body := webtest.Call(t, ts, "GET", "/api/nosuch", nil, nil)
	webtest.WantError(t, code, body, 404, "no such endpoint")
	code, body = webtest.Call(t, ts, "GET", "/api/chipfire/random", nil, nil)
	webtest.WantError(t, code, body, http.StatusMethodNotAllowed, "GET /api/chipfire/random: use POST")
	code, body = webtest.Call(t, ts, "PUT", "/api/jobs/x", nil, nil)
	webtest.WantError(t, code, body, http.StatusMethodNotAllowed, "use GET or DELETE")
}
