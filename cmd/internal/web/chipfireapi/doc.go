// Package chipfireapi is the dollar game's part of satsolve serve's JSON
// API (docs/web.md): random games and levels, pasted games, winnability
// by Dhar's algorithm, hints and fewest-moves solutions by the PB model,
// and strategies runs as background jobs. Register adds its endpoints to
// a web.Server.
//
//	api.go         Register, and the caps of what a request may ask
//	chipfire.go    games, levels, parsing, winnability, hints, solutions
//	strategies.go  the strategies runs: a job with progress
//
// # Invariants
//
//   - Every answer is checked by the model's own rules before it is sent:
//     winning scripts replay to an effective divisor (CheckWin), and
//     unwinnable verdicts carry a certificate that passes
//     CheckCertificate.
//   - A game beyond the caps of api.go is a 400 naming the cap; a model
//     that could not be built before the deadline is not started (Dhar's
//     script answers instead, labelled).
//   - A deadline that cuts a solve short is said in the answer ("timed
//     out"), with whatever was proved before it, labelled as such.
package chipfireapi
