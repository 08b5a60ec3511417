package servecmd

import (
	"context"
	"flag"
	"fmt"
	"net"
	"runtime"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/web"
)

// Command is satsolve serve.
var Command = &cli.Command{
	Name:    "serve",
	Summary: "the dollar game, nonograms and Dobble decks in the browser, with their JSON API",
	Args:    "[flags]",
	Doc: `Serves the pages (/, /dollar, /strategies, /help, /nonogram, /dobble) and the
JSON API under /api/ (docs/web.md) until interrupted. Everything is embedded:
the pages work offline. The server listens on the loopback interface unless
--addr names another; every solve stops at --solve-timeout. The address
served is printed on standard output (so --addr 127.0.0.1:0 tells the port).`,
	Flags: serveFlags,
}

func serveFlags(fs *flag.FlagSet) cli.Action {
	addr := fs.String("addr", DefaultAddr, "address to listen on (host:port; the default is reachable from this machine only)")
	be, timeout := new(string), new(time.Duration)
	cli.BackendVar(fs, be, backend.Default, " of the solves requests start")
	cli.SolveTimeoutVar(fs, timeout, 5*time.Second, ": every solve a request starts (and each game of a strategies run)")
	maxJobs := fs.Int("max-jobs", runtime.NumCPU(), "solves that may run at once; a request finding none free waits up to 10s, then gets 503")
	maxRuns := fs.Int("max-runs", 1, "strategies runs that may be in progress at once")
	maxBody := fs.Int64("max-body", 1<<20, "largest request body in bytes")
	verbose := new(bool)
	cli.VerboseVar(fs, verbose)
	lifetime := fs.Duration("for", 0, "stop after this long (0: when interrupted); for scripts and tests")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 0, "no arguments"); err != nil {
			return err
		}
		switch {
		case *timeout <= 0:
			return cli.Usagef("--solve-timeout %v: want a positive duration", *timeout)
		case *maxJobs < 1:
			return cli.Usagef("--max-jobs %d: want at least 1", *maxJobs)
		case *maxRuns < 1:
			return cli.Usagef("--max-runs %d: want at least 1", *maxRuns)
		case *maxBody < 1024:
			return cli.Usagef("--max-body %d: want at least 1024 bytes", *maxBody)
		case *lifetime < 0:
			return cli.Usagef("--for %v: want a duration of 0 or more", *lifetime)
		}
		newSolver, _, err := backend.Factory(*be)
		if err != nil {
			return cli.Usagef("--backend: %v", err)
		}
		o := web.Options{SolveTimeout: *timeout, MaxJobs: *maxJobs, MaxRuns: *maxRuns, MaxBody: *maxBody, NewSolver: newSolver, Backend: *be}
		if *verbose {
			o.Log = e.Stderr
		}
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			return err
		}
		if !isLoopback(ln.Addr()) {
			e.Warnf("listening on %s: anyone who can reach this machine can use the server", ln.Addr())
		}
		// The address is the result (with --addr 127.0.0.1:0 a script
		// learns the port from it): standard output, first.
		if _, err := fmt.Fprintf(e.Stdout, "http://%s/\n", ln.Addr()); err != nil {
			ln.Close()
			return err
		}
		e.Notef("serving on http://%s/ (Ctrl-C stops)", ln.Addr())
		if *lifetime > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, *lifetime)
			defer cancel()
		}
		return web.Serve(ctx, ln, NewHandler(o))
	}
}

// isLoopback reports whether a listener's address is on the loopback
// interface only.
func isLoopback(a net.Addr) bool {
	t, ok := a.(*net.TCPAddr)
	return ok && t.IP.IsLoopback()
}
