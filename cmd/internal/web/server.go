package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/sat"
)

// Options configure the server. The zero value of each field means its
// default.
type Options struct {
	// SolveTimeout bounds every solver call of a request (default 5 s) and
	// each game of a strategies run.
	SolveTimeout time.Duration
	// MaxBody bounds a request body in bytes (default 1 MiB).
	MaxBody int64
	// MaxJobs is the number of solver calls that may run at once (default:
	// the number of CPUs). A request that needs one waits at most
	// QueueWait for a slot, then gets 503.
	MaxJobs int
	// QueueWait is how long a request waits for a solver slot (default
	// 10 s).
	QueueWait time.Duration
	// MaxRuns is the number of background jobs (strategies runs) that may
	// be in progress at once (default 1); RunTimeout bounds each (default
	// 10 min).
	MaxRuns    int
	RunTimeout time.Duration
	// NewSolver makes a fresh SAT solver for each solve (default: the
	// backend registry's default engine).
	NewSolver func() sat.Solver
	// Backend names the solvers NewSolver makes, for the answers.
	Backend string
	// Log, when set, receives one line per request and every internal
	// error.
	Log io.Writer
}

// withDefaults returns o with every zero field set to its default.
func (o Options) withDefaults() Options {
	if o.SolveTimeout <= 0 {
		o.SolveTimeout = 5 * time.Second
	}
	if o.MaxBody <= 0 {
		o.MaxBody = 1 << 20
	}
	if o.MaxJobs <= 0 {
		o.MaxJobs = runtime.NumCPU()
	}
	if o.QueueWait <= 0 {
		o.QueueWait = 10 * time.Second
	}
	if o.MaxRuns <= 0 {
		o.MaxRuns = 1
	}
	if o.RunTimeout <= 0 {
		o.RunTimeout = 10 * time.Minute
	}
	if o.NewSolver == nil {
		o.NewSolver = func() sat.Solver {
			s, err := backend.New(backend.Default)
			if err != nil {
				panic("web: the default backend: " + err.Error()) // the registry's own default
			}
			return s
		}
		o.Backend = backend.Default
	}
	if o.Backend == "" {
		o.Backend = "custom"
	}
	return o
}

// Server is the handler of the pages and endpoints registered on it.
type Server struct {
	opts   Options
	mux    *http.ServeMux
	slots  chan struct{} // one token per running solver call
	jobs   *jobTable
	logger *log.Logger
	// ctx ends when Close is called; running jobs watch it.
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup // the job goroutines
}

// New returns a server for opts with the routes of its own: the jobs
// (GET and DELETE /api/jobs/{id}) and the answer to any other path under
// /api/. Register the pages and the families' endpoints on it, and call
// Close when done with it, to stop the jobs in progress.
func New(opts Options) *Server {
	o := opts.withDefaults()
	s := &Server{opts: o, mux: http.NewServeMux(), slots: make(chan struct{}, o.MaxJobs)}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.jobs = newJobTable(o.MaxRuns)
	if o.Log != nil {
		s.logger = log.New(o.Log, "satsolve: ", log.LstdFlags)
	}
	s.API("GET /api/jobs/{id}", s.jobGet)
	s.API("DELETE /api/jobs/{id}", s.jobCancel)
	s.API("/api/", s.notFound)
	return s
}

// Options returns the server's options, with the defaults filled in.
func (s *Server) Options() Options { return s.opts }

// Handle registers a handler that is not an endpoint (a page, the static
// files), as http.ServeMux.Handle does.
func (s *Server) Handle(pattern string, h http.Handler) { s.mux.Handle(pattern, h) }

// notFound answers a path under /api/ that no endpoint has: 405 naming
// the methods when the path exists with another method, else 404.
func (s *Server) notFound(r *http.Request) (any, error) {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodDelete} {
		r2 := r.Clone(r.Context())
		r2.Method = m
		if _, pattern := s.mux.Handler(r2); pattern != "/api/" && pattern != "" {
			allow = append(allow, m)
		}
	}
	if len(allow) > 0 {
		return nil, &Error{Status: http.StatusMethodNotAllowed, Msg: fmt.Sprintf("%s %s: use %s", r.Method, r.URL.Path, strings.Join(allow, " or "))}
	}
	return nil, &Error{Status: http.StatusNotFound, Msg: "no such endpoint (docs/web.md lists them)"}
}

// ServeHTTP answers a request: security headers, then the route, with a
// recover that turns a panic into a 500 so the server goes on.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			s.Logf("internal error: %s %s: panic: %v", r.Method, r.URL.Path, p)
			if !rec.wrote {
				writeJSON(rec, http.StatusInternalServerError, ErrorBody{Error: "internal error (the server log has the details)"})
			}
		}
		if s.logger != nil {
			s.logger.Printf("%s %s %d %v", r.Method, r.URL.Path, rec.status, time.Since(start).Round(time.Microsecond))
		}
	}()
	s.mux.ServeHTTP(rec, r)
}

// statusRecorder remembers the status a handler wrote, for the log and
// for the panic handler (which must not write a second header).
type statusRecorder struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (r *statusRecorder) WriteHeader(code int) {
	if !r.wrote {
		r.status, r.wrote = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	r.wrote = true
	return r.ResponseWriter.Write(b)
}

// Logf writes an internal message to the log, if there is one.
func (s *Server) Logf(format string, args ...any) {
	if s.logger != nil {
		s.logger.Printf(format, args...)
	}
}

// Close stops the jobs in progress and waits for them.
func (s *Server) Close() {
	s.cancel()
	s.wg.Wait()
}

// Serve answers requests on ln until ctx ends, then shuts down: it stops
// accepting, lets requests in flight finish (at most the solve timeout
// plus a second), and stops the jobs. The error is that of
// http.Server.Serve, nil after a shutdown.
func Serve(ctx context.Context, ln net.Listener, s *Server) error {
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      s.opts.QueueWait + s.opts.SolveTimeout + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	if s.logger != nil {
		srv.ErrorLog = s.logger
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		s.Close()
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), s.opts.SolveTimeout+time.Second)
	defer cancel()
	err := srv.Shutdown(sctx)
	s.Close()
	if serr := <-done; serr != nil && !errors.Is(serr, http.ErrServerClosed) {
		return serr
	}
	if err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}
