package games

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"

	"gonum.org/v1/gonum/graph/simple"
)

func BenchmarkSequence(b *testing.B) {
	for _, code := range []string{"0.77", "0.137"} {
		for _, n := range []int{10_000, 100_000} {
			b.Run(fmt.Sprintf("%s/n=%d", code, n), func(b *testing.B) {
				g := MustParseOctal(code)
				for b.Loop() {
					if _, err := g.Sequence(context.Background(), n); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkSparseSpace compares Kayles with sparse space (the default)
// against the plain split scan, mask pinned to 0.
func BenchmarkSparseSpace(b *testing.B) {
	const n = 30_000
	for _, plain := range []bool{false, true} {
		b.Run(fmt.Sprintf("0.77/n=%d/plain=%v", n, plain), func(b *testing.B) {
			for b.Loop() {
				s := newSequencer(MustParseOctal("0.77"), n)
				s.fixedMask = plain
				for i := 0; i <= n; i++ {
					s.maybeChooseMask(i)
					s.next()
				}
			}
		})
	}
}

func BenchmarkKaylesRandom(b *testing.B) {
	for _, n := range []int{20, 25, 30} {
		for _, cm := range []int{0, 12} {
			b.Run(fmt.Sprintf("n=%d/p=0.15/canonical=%d", n, cm), func(b *testing.B) {
				r := rand.New(rand.NewPCG(uint64(n), 1))
				graphs := make([]*simple.UndirectedGraph, 8)
				for i := range graphs {
					graphs[i] = randomGraph(r, n, 0.15)
				}
				components := 0
				for b.Loop() {
					components = 0
					for _, gr := range graphs {
						k, _ := NewKayles(gr)
						k.CanonicalMax = cm
						if _, err := k.Analyse(context.Background()); err != nil {
							b.Fatal(err)
						}
						components += len(k.bySet)
					}
				}
				b.ReportMetric(float64(components)/float64(len(graphs)), "components/graph")
			})
		}
	}
}

func BenchmarkMisereKayles(b *testing.B) {
	g := MustParseOctal("0.77")
	for b.Loop() {
		an, err := g.Misere(context.Background(), []int{40}, 1<<24)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(an.Positions), "positions")
	}
}

func BenchmarkCrossCheck(b *testing.B) {
	for _, rows := range []int{8, 12} {
		b.Run(fmt.Sprintf("kayles-row-%d/gini/ladder", rows), func(b *testing.B) {
			gg, native, err := MustParseOctal("0.77").GameGraph(context.Background(), []int{rows}, 1<<16)
			if err != nil {
				b.Fatal(err)
			}
			var rep CrossReport
			for b.Loop() {
				if rep, err = CrossCheck(context.Background(), gg, native, func() sat.Solver { return gini.New() }, encode.AMOLadder); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(rep.Grundy.Vars), "grundy-vars")
			b.ReportMetric(float64(rep.Grundy.Clauses), "grundy-clauses")
			b.ReportMetric(float64(rep.Kernel.Clauses), "kernel-clauses")
		})
	}
}
