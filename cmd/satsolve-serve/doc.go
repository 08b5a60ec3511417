// Command satsolve-serve is satsolve serve: the dollar game, nonograms and
// Dobble decks in the browser, with their JSON API (docs/web.md).
//
//	satsolve-serve [--addr 127.0.0.1:8080] [--backend cdcl] [flags]
//
// It is a binary of its own so that satsolve links no net/http (and so no
// cgo, which slows every start of a process); "satsolve serve ARGS…" runs
// it, found beside satsolve or on PATH. Install both with
//
//	go install github.com/satsolve/satsolve/cmd/...@latest
//
// The command is cmd/internal/servecmd.
package main
