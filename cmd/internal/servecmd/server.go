package servecmd

import (
	"github.com/satsolve/satsolve/cmd/internal/web"
	"github.com/satsolve/satsolve/cmd/internal/web/chipfireapi"
	"github.com/satsolve/satsolve/cmd/internal/web/dobbleapi"
	"github.com/satsolve/satsolve/cmd/internal/web/nonogramapi"
)

// DefaultAddr is where satsolve serve listens unless told otherwise: the
// loopback interface only, so the pages are not offered to the network.
const DefaultAddr = "127.0.0.1:8080"

// NewHandler returns the server of satsolve serve for opts: the pages
// and the endpoints of every family. Call Close when done with it, to
// stop the strategies runs in progress.
func NewHandler(opts web.Options) *web.Server {
	s := web.New(opts)
	registerPages(s)
	chipfireapi.Register(s)
	nonogramapi.Register(s)
	dobbleapi.Register(s)
	return s
}
