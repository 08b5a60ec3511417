package chipfireapi

import "github.com/satsolve/satsolve/cmd/internal/web"

// What a request may ask for. Each cap is said in the error that refuses
// a request beyond it; docs/web.md lists them.
const (
	// maxGameVertices and maxGameEdges bound a dollar game: a graph a
	// person can play by clicking, and the SAT models stay small.
	maxGameVertices = 100
	maxGameEdges    = 2000
	// maxGameValue bounds the dollars on a vertex.
	maxGameValue = 1_000_000
	// maxRandomVertices bounds a random game drawn by the server.
	maxRandomVertices = 60
	// maxMovesModel bounds the estimated size of a fewest-moves model
	// built with BDDs (movesModelSize): building it cannot be interrupted,
	// so a larger one would outlast the deadline. Beyond it, the hints and
	// solutions come from Dhar's script, labelled.
	maxMovesModel = 2_500_000
	// maxSteps bounds the moves of a solution listed one by one.
	maxSteps = 5000

	// Strategies runs: vertices, games per density, densities, the move
	// limit, and all games together.
	maxRunVertices  = 20
	maxRunGames     = 200
	maxRunDensities = 11
	maxRunMoves     = 1000
	maxRunTotal     = 1000
)

// api is the server the endpoints answer on, with its options.
type api struct {
	*web.Server
	opts web.Options
}

// Register adds the dollar game's endpoints to s.
func Register(s *web.Server) {
	a := api{Server: s, opts: s.Options()}
	s.API("POST /api/chipfire/random", a.chipfireRandom)
	s.API("GET /api/chipfire/levels", a.chipfireLevels)
	s.API("POST /api/chipfire/level", a.chipfireLevel)
	s.API("POST /api/chipfire/parse", a.chipfireParse)
	s.API("POST /api/chipfire/winnable", a.chipfireWinnable)
	s.API("POST /api/chipfire/hint", a.chipfireHint)
	s.API("POST /api/chipfire/solve", a.chipfireSolve)
	s.API("POST /api/chipfire/strategies", a.strategiesStart)
}
