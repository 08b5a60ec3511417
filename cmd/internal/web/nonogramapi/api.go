package nonogramapi

import (
	"embed"

	"github.com/satsolve/satsolve/cmd/internal/web"
)

// What a request may ask for. Each cap is said in the error that refuses
// a request beyond it; docs/web.md lists them.
const (
	// maxNonogramSide and maxNonogramCells bound a puzzle the server
	// solves; maxPuzzlesInFile bounds a pasted file.
	maxNonogramSide  = 100
	maxNonogramCells = 10_000
	maxPuzzlesInFile = 1000
)

// puzzleFS holds the bundled puzzles (puzzles/, with their sources in its
// README).
//
//go:embed puzzles
var puzzleFS embed.FS

// api is the server the endpoints answer on, with its options.
type api struct {
	*web.Server
	opts web.Options
}

// Register adds the nonogram endpoints to s.
func Register(s *web.Server) {
	a := api{Server: s, opts: s.Options()}
	s.API("GET /api/nonogram/puzzles", a.nonogramPuzzles)
	s.API("GET /api/nonogram/puzzles/{id}", a.nonogramPuzzle)
	s.API("POST /api/nonogram/parse", a.nonogramParse)
	s.API("POST /api/nonogram/solve", a.nonogramSolve)
	s.API("POST /api/nonogram/check", a.nonogramCheck)
}
