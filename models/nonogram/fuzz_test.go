package nonogram_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
	"github.com/satsolve/satsolve/models/nonogram/solve"
)

// FuzzParse feeds arbitrary bytes to Parse under every format: it must
// never panic, every puzzle it returns must pass Validate, and an error
// must be a *ParseError. Small puzzles are also line-solved, which must
// not panic either. Seeds are the good and bad fixtures.
func FuzzParse(f *testing.F) {
	for _, dir := range []string{nonotest.Testdata(), filepath.Join(nonotest.Testdata(), "bad")} {
		files, _ := filepath.Glob(filepath.Join(dir, "*"))
		for _, file := range files {
			if data, err := os.ReadFile(file); err == nil && len(data) < 4096 {
				f.Add(data, uint8(0))
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, format uint8) {
		fm := nonogram.Format(int(format) % len(nonogram.Formats()))
		ps, err := nonogram.Parse(bytes.NewReader(data), "fuzz", fm)
		if err != nil {
			var pe *nonogram.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			return
		}
		for _, p := range ps {
			if err := p.Validate(); err != nil {
				t.Fatalf("Parse returned an invalid puzzle: %v", err)
			}
			if p.Width*p.Height <= 400 {
				solve.LineSolve(p)
			}
		}
	})
}
