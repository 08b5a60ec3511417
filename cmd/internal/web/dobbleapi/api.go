package dobbleapi

import "github.com/satsolve/satsolve/cmd/internal/web"

// What a request may ask for. Each cap is said in the error that refuses
// a request beyond it; docs/web.md lists them.
const (
	// maxDobbleK bounds the symbols per card of a deck built (order 13:
	// 183 cards); maxDeckCards and maxDeckSymbols a deck pasted.
	maxDobbleK     = 14
	maxDeckCards   = 200
	maxDeckSymbols = 400
	// maxCompleteModel bounds the variables of a completion's model
	// (pairs of cards times symbols): encoding it happens before the
	// deadline can act.
	maxCompleteModel = 20_000
)

// api is the server the endpoints answer on, with its options.
type api struct {
	*web.Server
	opts web.Options
}

// Register adds the Dobble endpoints to s.
func Register(s *web.Server) {
	a := api{Server: s, opts: s.Options()}
	s.API("POST /api/dobble/build", a.dobbleBuild)
	s.API("POST /api/dobble/check", a.dobbleCheck)
	s.API("POST /api/dobble/complete", a.dobbleComplete)
}
