package dobble

import (
	"context"
	"fmt"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
)

// The benchmarks are named instance/backend/encoding, so benchstat can
// compare them; each reports the encoding's size. The report command
// benchmarks/dobblebench runs the whole tables.

// benchBackends are the engines BenchmarkPlaneSAT compares (gini, the
// previous default, and sat/cdcl).
var benchBackends = []struct {
	name string
	new  func() sat.Solver
}{{"gini", newGini}, {"cdcl", func() sat.Solver { return cdcl.New() }}}

func BenchmarkMOLS(b *testing.B) {
	for _, tt := range []struct {
		n, r int
		sym  MOLSSymmetry
	}{{6, 2, MOLSCycles}, {7, 2, MOLSCycles}, {5, 4, MOLSCycles}, {7, 2, MOLSReduced}} {
		opt := DefaultMOLSOptions
		opt.Symmetry = tt.sym
		b.Run(fmt.Sprintf("%d-MOLS(%d)/gini/%v", tt.r, tt.n, tt.sym), func(b *testing.B) {
			var res MOLSResult
			for b.Loop() {
				var err error
				if res, err = SolveMOLS(context.Background(), newGini, tt.n, tt.r, opt); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(res.Size.Vars), "vars")
			b.ReportMetric(float64(res.Size.Clauses), "clauses")
			b.ReportMetric(float64(res.Cases), "cases")
		})
	}
}

func BenchmarkPlaneSAT(b *testing.B) {
	for _, k := range []int{5, 6} {
		for _, sym := range []Symmetry{SymLex, SymTransversal, SymLatin} {
			for _, pair := range []PairEncoding{PairAux, PairRect} {
				opt := DefaultOptions
				opt.Symmetry, opt.Pair = sym, pair
				for _, be := range benchBackends {
					b.Run(fmt.Sprintf("order%d/%s/%v-%v", k-1, be.name, sym, pair), func(b *testing.B) {
						var res DesignResult
						for b.Loop() {
							var err error
							if res, err = SolveDesign(context.Background(), be.new, k, 1, opt); err != nil || res.Status != sat.Sat {
								b.Fatal(res.Status, err)
							}
						}
						b.ReportMetric(float64(res.Size.Vars), "vars")
						b.ReportMetric(float64(res.Size.Clauses), "clauses")
					})
				}
			}
		}
	}
}

func BenchmarkMaxDeck(b *testing.B) {
	for _, nk := range [][2]int{{12, 4}, {18, 5}, {20, 5}} {
		n, k := nk[0], nk[1]
		b.Run(fmt.Sprintf("n=%d-k=%d/gini/lex", n, k), func(b *testing.B) {
			var res MaxResult
			for b.Loop() {
				var err error
				if res, err = MaxDeck(context.Background(), newGini, n, k, 1, MaxOptions{Symmetry: SymLex, SearchOnly: true}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(res.Size.Vars), "vars")
			b.ReportMetric(float64(res.Size.Clauses), "clauses")
		})
		b.Run(fmt.Sprintf("n=%d-k=%d/native/clique", n, k), func(b *testing.B) {
			for b.Loop() {
				if _, err := MaxDeckNative(context.Background(), n, k, 1, true); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkComplete(b *testing.B) {
	kids := kidsDeck(b)
	plane, _ := Plane(7)
	partial := &Deck{Cards: plane.Cards[6:]}
	for _, tt := range []struct {
		name string
		d    *Deck
		k    int
	}{{"kids", kids, 6}, {"PG(2,7)-minus-6", partial, 8}} {
		b.Run(tt.name+"/gini/aux", func(b *testing.B) {
			var res CompleteResult
			for b.Loop() {
				var err error
				if res, err = Complete(context.Background(), newGini, tt.d, tt.k, 1, CompleteOptions{All: true}); err != nil || len(res.Added) != 1 {
					b.Fatal(len(res.Added), err)
				}
			}
			b.ReportMetric(float64(res.Size.Vars), "vars")
			b.ReportMetric(float64(res.Size.Clauses), "clauses")
		})
	}
}
