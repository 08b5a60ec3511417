package solve

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/gini"
)

// BenchmarkSolve solves fixtures that need search with uniqueness (two
// solutions asked for), by SAT with each encoding and by the native
// solver, plus the survey's "Lasts Forever" when the shared corpus is
// present. Sub-benchmarks are named puzzle/solver so that benchstat can
// compare them; the SAT ones report the encoding's size.
func BenchmarkSolve(b *testing.B) {
	type bench struct {
		name string
		p    *nonogram.Puzzle
	}
	var ps []bench
	for _, f := range []struct {
		file  string
		index int
	}{{"smile.txt", 0}, {"snake.txt", 0}, {"domino-3-5.txt", 2}, {"wilk-001.nin", 0}} {
		got, err := nonogram.ParseFile(filepath.Join(nonotest.Testdata(), f.file), nonogram.FormatAuto)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, bench{fmt.Sprintf("%s[%d]", f.file, f.index), got[f.index]})
	}
	if got, err := nonogram.ParseFile(filepath.Join(nonotest.Corpus(), "webpbn-survey", "webpbn-06574.non"), nonogram.FormatAuto); err == nil {
		ps = append(ps, bench{"webpbn-06574", got[0]})
	}
	for _, pb := range ps {
		for _, enc := range nonogram.Encodings() {
			for _, be := range []struct {
				name string
				new  func() sat.Solver
			}{{"sat-", func() sat.Solver { return gini.New() }}, {"sat-cdcl-", func() sat.Solver { return cdcl.New() }}} {
				b.Run(pb.name+"/"+be.name+enc.String(), func(b *testing.B) {
					var res *nonogram.Result
					for b.Loop() {
						var err error
						res, err = SAT(context.Background(), be.new(), pb.p, nonogram.Options{Limit: 2, Encoding: enc})
						if err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(res.Stats.Vars), "vars")
					b.ReportMetric(float64(res.Stats.Clauses), "clauses")
				})
			}
		}
		b.Run(pb.name+"/native", func(b *testing.B) {
			for b.Loop() {
				if _, err := Native(context.Background(), pb.p, nonogram.Options{Limit: 2}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
