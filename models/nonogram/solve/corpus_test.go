package solve

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
	"github.com/satsolve/satsolve/sat/gini"
)

// TestCorpusAgreement solves the small corpus puzzles whose manifest entry
// says unique or multiple with SAT and with the native solver: both must
// give the manifest's answer.
func TestCorpusAgreement(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	for _, row := range nonotest.Manifest(t) {
		if row.Unique != "unique" && row.Unique != "multiple" || row.W*row.H > 900 {
			continue
		}
		t.Run(row.File, func(t *testing.T) {
			ps, err := nonogram.ParseFile(filepath.Join(nonotest.Corpus(), row.File), nonogram.FormatAuto)
			if err != nil {
				t.Fatal(err)
			}
			want := nonogram.VerdictUnique
			if row.Unique == "multiple" {
				want = nonogram.VerdictMultiple
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			rs, err := SAT(ctx, gini.New(), ps[0], nonogram.Options{Limit: 2})
			if err != nil {
				t.Fatal(err)
			}
			rn, err := Native(ctx, ps[0], nonogram.Options{Limit: 2})
			if err != nil {
				t.Fatal(err)
			}
			if rs.Verdict() != want || rn.Verdict() != want {
				t.Errorf("SAT %v, native %v, manifest %v", rs.Verdict(), rn.Verdict(), want)
			}
		})
	}
}
