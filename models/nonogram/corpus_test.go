package nonogram

import (
	"context"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat/gini"
)

// The shared corpus lives outside the repository; these tests run only
// where it exists. The whole-corpus agreement run (every file, the survey
// and tournament sets, timings) is the benchmark command
// benchmarks/nonogrambench.
const corpus = "../../../shared/corpus/nonogram"

type manifestRow struct {
	file, unique string
	w, h         int
}

func readManifest(t *testing.T) []manifestRow {
	t.Helper()
	f, err := os.Open(filepath.Join(corpus, "manifest.csv"))
	if err != nil {
		t.Skipf("no shared corpus: %v", err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []manifestRow
	for _, r := range recs[1:] {
		w, _ := strconv.Atoi(r[1])
		h, _ := strconv.Atoi(r[2])
		out = append(out, manifestRow{file: r[0], unique: r[4], w: w, h: h})
	}
	return out
}

// TestCorpusParses reads every puzzle file of the manifest: each parses,
// except the colour puzzles (ErrColour) and picross-solver's deliberately
// invalid file, which fail with a positioned error; sizes match the
// manifest.
func TestCorpusParses(t *testing.T) {
	for _, row := range readManifest(t) {
		if row.unique == "n/a" && !strings.HasSuffix(row.file, "invalid_input.txt") {
			continue // a table or a solution file, not puzzles
		}
		t.Run(row.file, func(t *testing.T) {
			ps, err := ParseFile(filepath.Join(corpus, row.file), FormatAuto)
			switch {
			case strings.HasPrefix(row.file, "color/"):
				if !errors.Is(err, ErrColour) {
					t.Errorf("got %v, want ErrColour", err)
				}
			case strings.HasSuffix(row.file, "invalid_input.txt"):
				var pe *ParseError
				if !errors.As(err, &pe) || pe.Line == 0 {
					t.Errorf("got %v, want a positioned error", err)
				}
			case err != nil:
				t.Error(err)
			case row.w > 0 && (ps[0].Width != row.w || ps[0].Height != row.h):
				t.Errorf("size %dx%d, manifest %dx%d", ps[0].Width, ps[0].Height, row.w, row.h)
			}
		})
	}
}

// TestCorpusAgreement solves the small corpus puzzles whose manifest entry
// says unique or multiple with SAT and with the native solver: both must
// give the manifest's answer.
func TestCorpusAgreement(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	for _, row := range readManifest(t) {
		if row.unique != "unique" && row.unique != "multiple" || row.w*row.h > 900 {
			continue
		}
		t.Run(row.file, func(t *testing.T) {
			ps, err := ParseFile(filepath.Join(corpus, row.file), FormatAuto)
			if err != nil {
				t.Fatal(err)
			}
			want := VerdictUnique
			if row.unique == "multiple" {
				want = VerdictMultiple
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			rs, err := SolveSAT(ctx, gini.New(), ps[0], Options{Limit: 2})
			if err != nil {
				t.Fatal(err)
			}
			rn, err := SolveNative(ctx, ps[0], Options{Limit: 2})
			if err != nil {
				t.Fatal(err)
			}
			if rs.Verdict() != want || rn.Verdict() != want {
				t.Errorf("SAT %v, native %v, manifest %v", rs.Verdict(), rn.Verdict(), want)
			}
		})
	}
}
