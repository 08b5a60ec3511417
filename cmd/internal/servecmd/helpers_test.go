package servecmd

import (
	"net/http/httptest"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/web"
	"github.com/satsolve/satsolve/cmd/internal/web/webtest"
)

// newTestServer starts the handler on an httptest server (loopback) and
// closes both at the end of the test.
func newTestServer(t testing.TB, o web.Options) (*httptest.Server, *web.Server) {
	t.Helper()
	s := NewHandler(o)
	return webtest.Start(t, s), s
}
