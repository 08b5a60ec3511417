// Package servecmd is satsolve serve: an HTTP server, for a browser on the
// same machine, with the dollar game (chip-firing), nonograms and Dobble
// decks as pages, and the JSON API under /api/ that the pages call and
// that scripts can call too (docs/web.md documents every endpoint).
//
//	server.go        Options, the handler and its routes, Serve
//	limits.go        what bounds a request: body size, sizes, deadlines,
//	                 the heavy-job slots; JSON in and out; errors
//	assets.go        the embedded pages, styles and scripts (assets/)
//	api_chipfire.go  random games, levels, pasted games, winnability,
//	                 hints and solutions
//	jobs.go          the strategies runs: long jobs with progress
//	api_nonogram.go  the bundled puzzles, solving, uniqueness, checking
//	api_dobble.go    building, checking and completing decks
//
// # Invariants
//
//   - Every request is bounded: bodies by Options.MaxBody, instances by
//     the caps in limits.go (an error names the cap), every solver call by
//     Options.SolveTimeout, and solver calls run only while holding one of
//     Options.MaxJobs slots (strategies runs: Options.MaxRuns), so the
//     server's memory and CPU use stay bounded whatever arrives.
//   - Malformed input is a 400 with the message the command line gives for
//     the same input (the models' parse errors, positioned in "<input>"),
//     and nothing is left half-done: no job is registered, no state kept.
//     A handler that panics answers 500 and the server goes on; the tests
//     fuzz the API to show that input never gets there.
//   - Every answer is checked by the model's own rules before it is sent:
//     winning scripts replay to an effective divisor (CheckWin), unwinnable
//     verdicts carry a certificate that passes CheckCertificate, nonogram
//     solutions pass Check, decks pass dobble.Check.
//   - A deadline that cuts a solve short is said in the answer ("timed
//     out"), with whatever was proved before it, labelled as such.
//   - Nothing is fetched from elsewhere: the pages, scripts and styles are
//     embedded, and the Content-Security-Policy allows only this origin.
package servecmd
