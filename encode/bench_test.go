package encode_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/sat"
)

func report(b *testing.B, f *sat.Formula, inputs int) {
	b.ReportMetric(float64(f.NumVars-inputs), "vars")
	b.ReportMetric(float64(len(f.Clauses)), "clauses")
}

// BenchmarkCard encodes Σ of 57 literals op 8 with every method, the
// instance of the size note; sub-benchmarks are
// card57k8/<op>/<method>.
func BenchmarkCard(b *testing.B) {
	const n, k = 57, 8
	for _, op := range ops {
		for _, m := range encode.CardMethods() {
			b.Run(fmt.Sprintf("card57k8/%s/%v", map[sat.Op]string{sat.AtMost: "le", sat.AtLeast: "ge", sat.Equal: "eq"}[op], m), func(b *testing.B) {
				var f *sat.Formula
				for b.Loop() {
					f, _, _ = inputs(n)
					lits := make([]sat.Lit, n)
					for i := range lits {
						lits[i] = sat.Var(i + 1).Pos()
					}
					if err := encode.Card(f, lits, op, k, m); err != nil {
						b.Fatal(err)
					}
				}
				report(b, f, n)
			})
		}
	}
}

// BenchmarkAMO encodes at-most-one of 100 literals with every method.
func BenchmarkAMO(b *testing.B) {
	const n = 100
	for _, m := range encode.AMOMethods() {
		b.Run(fmt.Sprintf("amo100/%v", m), func(b *testing.B) {
			var f *sat.Formula
			for b.Loop() {
				var lits []sat.Lit
				f, _, lits = inputs(n)
				encode.AtMostOne(f, lits, m)
			}
			report(b, f, n)
		})
	}
}

// BenchmarkPB encodes Σ aᵢxᵢ op K for 30 terms with weights 1..50 (fixed
// seed) and K a third of the total, with every method.
func BenchmarkPB(b *testing.B) {
	const n = 30
	r := rand.New(rand.NewSource(1))
	terms := make([]sat.Term, n)
	var sum int64
	for i := range terms {
		terms[i] = sat.Term{Coef: 1 + r.Int63n(50), Lit: sat.Var(i + 1).Pos()}
		sum += terms[i].Coef
	}
	for _, op := range ops {
		for _, m := range encode.PBMethods() {
			b.Run(fmt.Sprintf("pb30w50/%s/%v", map[sat.Op]string{sat.AtMost: "le", sat.AtLeast: "ge", sat.Equal: "eq"}[op], m), func(b *testing.B) {
				var f *sat.Formula
				for b.Loop() {
					f, _, _ = inputs(n)
					if err := encode.PB(f, sat.PB{Terms: terms, Op: op, K: sum / 3}, m); err != nil {
						b.Fatal(err)
					}
				}
				report(b, f, n)
			})
		}
	}
}
