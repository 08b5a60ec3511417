package preprocess_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/preprocess"
	"github.com/satsolve/satsolve/sat/satfile"
)

// corpusDir is the shared CNF corpus, seen from this package's directory.
const corpusDir = "../../../shared/corpus/cnf"

// benchInstances are the corpus's largest files and its hard tail.
var benchInstances = []string{
	"bmc/bmc-galileo-9.cnf.xz",
	"bmc/bmc-ibm-12.cnf.xz",
	"gcp/g250.15.cnf.xz",
	"sudoku/sudoku16-shnarazk.cnf.xz",
	"blocksworld/bw_large.d.cnf.xz",
	"qg/qg1-08.cnf.xz",
	"industrial/p01_lb_05.cnf.xz",
	"industrial/assoc_mult_err_3.c.cnf.xz",
	"industrial/manthey_DimacsSorter_28_3.cnf.xz",
	"beijing/2bitadd_10.cnf",
	"hole/hole10.cnf",
	"lran/f1000.cnf",
	"uuf/uuf250-01.cnf",
}

// BenchmarkCorpus times Simplify on the corpus instances that matter most
// and reports the size reduction. It reads ../shared/corpus/cnf and skips
// when the corpus is absent. Compare runs with benchstat.
func BenchmarkCorpus(b *testing.B) {
	if _, err := os.Stat(corpusDir); err != nil {
		b.Skipf("corpus not found at %s: %v", corpusDir, err)
	}
	for _, name := range benchInstances {
		path := filepath.Join(corpusDir, name)
		if _, err := os.Stat(path); err != nil {
			b.Logf("skipping %s: %v", name, err)
			continue
		}
		b.Run(strings.TrimSuffix(filepath.Base(name), ".xz"), func(b *testing.B) {
			p, err := satfile.ReadFile(path, satfile.Options{})
			if err != nil {
				b.Fatal(err)
			}
			var res *preprocess.Result
			for b.Loop() {
				res, err = preprocess.Simplify(context.Background(), p.Formula, preprocess.Options{})
				if err != nil {
					b.Fatal(err)
				}
			}
			st := res.Stats
			b.ReportMetric(float64(st.ClausesBefore), "clauses-in")
			b.ReportMetric(float64(st.ClausesAfter), "clauses-out")
			b.ReportMetric(float64(st.VarsAfter), "vars-out")
			b.ReportMetric(float64(st.Steps), "steps")
			if res.Status == sat.Sat {
				if err := p.Formula.Check(res.Extend(nil)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
