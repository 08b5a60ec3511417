package nonogram_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
)

// The shared corpus lives outside the repository (nonotest.Corpus); these
// tests run only where it exists. The whole-corpus agreement run (every
// file, the survey and tournament sets, timings) is the benchmark command
// benchmarks/nonogrambench.

// TestCorpusParses reads every puzzle file of the manifest: each parses,
// except the colour puzzles (ErrColour) and picross-solver's deliberately
// invalid file, which fail with a positioned error; sizes match the
// manifest.
func TestCorpusParses(t *testing.T) {
	for _, row := range nonotest.Manifest(t) {
		if row.Unique == "n/a" && !strings.HasSuffix(row.File, "invalid_input.txt") {
			continue // a table or a solution file, not puzzles
		}
		t.Run(row.File, func(t *testing.T) {
			ps, err := nonogram.ParseFile(filepath.Join(nonotest.Corpus(), row.File), nonogram.FormatAuto)
			switch {
			case strings.HasPrefix(row.File, "color/"):
				if !errors.Is(err, nonogram.ErrColour) {
					t.Errorf("got %v, want ErrColour", err)
				}
			case strings.HasSuffix(row.File, "invalid_input.txt"):
				var pe *nonogram.ParseError
				if !errors.As(err, &pe) || pe.Line == 0 {
					t.Errorf("got %v, want a positioned error", err)
				}
			case err != nil:
				t.Error(err)
			case row.W > 0 && (ps[0].Width != row.W || ps[0].Height != row.H):
				t.Errorf("size %dx%d, manifest %dx%d", ps[0].Width, ps[0].Height, row.W, row.H)
			}
		})
	}
}
