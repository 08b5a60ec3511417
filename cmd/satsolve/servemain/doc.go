// Package servemain is the command line of the satsolve-serve binary:
// satsolve serve, the web server, as a program of its own.
//
// The server needs net/http, and net brings cgo, which costs every run of
// a binary that links it about 1.1–1.5 ms of CPU at start-up (the dynamic
// loader, libc): on the corpus's tiny instances, most of satsolve solve's
// CPU time beside minisat (benchmarks/results/startup.md). So serve lives
// in cmd/satsolve-serve, and satsolve serve runs it (cli.Command.Program).
//
// The command itself is internal/servecmd, over internal/cli like every
// command; Go lets only packages under cmd/satsolve import those, and
// cmd/satsolve-serve is not one, so this package, outside internal, is
// the bridge. Nothing else should import it.
package servemain
