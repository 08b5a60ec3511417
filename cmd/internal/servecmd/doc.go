// Package servecmd is satsolve serve (the binary satsolve-serve,
// cmd/satsolve-serve; satsolve itself only runs it): an HTTP server, for a
// browser on the same machine, with the dollar game (chip-firing),
// nonograms and Dobble decks as pages, and the JSON API under /api/ that
// the pages call and that scripts can call too (docs/web.md documents
// every endpoint).
//
// The package is the command and the pages; the API lives below
// internal/web: the frame (web: errors, body limits, solver slots,
// deadlines, background jobs, Serve) and one package per family
// (web/chipfireapi, web/nonogramapi, web/dobbleapi), which never import
// each other.
//
//	command.go  the command: flags, listening, the address printed
//	server.go   NewHandler: the frame with the pages and every family
//	assets.go   the embedded pages, styles and scripts (assets/)
//
// # Invariants
//
//   - Every request is bounded: bodies by --max-body, instances by the
//     caps of each family's package (an error names the cap), every
//     solver call by --solve-timeout, and solver calls run only while
//     holding one of --max-jobs slots (strategies runs: --max-runs), so
//     the server's memory and CPU use stay bounded whatever arrives.
//   - Malformed input is a 400 with the message the command line gives for
//     the same input (the models' parse errors, positioned in "<input>"),
//     and nothing is left half-done: no job is registered, no state kept.
//     A handler that panics answers 500 and the server goes on; the tests
//     fuzz the API to show that input never gets there.
//   - Every answer is checked by the model's own rules before it is sent
//     (the family packages say how).
//   - Nothing is fetched from elsewhere: the pages, scripts and styles are
//     embedded, and the Content-Security-Policy allows only this origin.
package servecmd
