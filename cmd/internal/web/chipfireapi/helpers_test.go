package chipfireapi

import (
	"net/http/httptest"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/web"
	"github.com/satsolve/satsolve/cmd/internal/web/webtest"
)

// newTestServer serves this package's endpoints on a loopback httptest
// server, closed at the end of the test.
func newTestServer(t testing.TB, o web.Options) (*httptest.Server, *web.Server) {
	t.Helper()
	s := web.New(o)
	Register(s)
	return webtest.Start(t, s), s
}
