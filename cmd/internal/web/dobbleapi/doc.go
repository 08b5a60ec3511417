// Package dobbleapi is the Dobble decks' part of satsolve serve's JSON
// API (docs/web.md): building a deck for an order (or k symbols per card
// and λ), checking a pasted deck with every broken rule as the command
// line reports it, and completing a deck with the cards it can still
// take. Register adds its endpoints to a web.Server.
//
//	api.go     Register and the caps
//	dobble.go  the endpoints
//
// # Invariants
//
//   - Every deck sent, built or completed, passes dobble.Check with the
//     request's k and λ before it is sent.
//   - Malformed decks are a 400 with the model's positioned message (in
//     "<input>"); a deck or completion beyond the caps of api.go is a 400
//     naming the cap (a completion's model is bounded before it is built,
//     since building it cannot be interrupted).
//   - A deadline that cuts a completion short is a 503 saying "timed
//     out".
package dobbleapi
