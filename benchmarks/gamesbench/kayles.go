package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"gonum.org/v1/gonum/graph/graphs/gen"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/satsolve/satsolve/models/games"
)

// randomGraph returns G(n, p) drawn from src by gonum's generator, the
// project's one G(n, p) generator.
func randomGraph(src rand.Source, n int, p float64) (*simple.UndirectedGraph, error) {
	g := simple.NewUndirectedGraph()
	if err := gen.Gnp(g, n, p, src); err != nil {
		return nil, err
	}
	return g, nil
}

// kaylesRun evaluates g once with a fresh memo.
func (r *report) kaylesRun(g *simple.UndirectedGraph, canonical int) (games.KaylesAnalysis, error) {
	k, err := games.NewKayles(g)
	if err != nil {
		return games.KaylesAnalysis{}, err
	}
	k.CanonicalMax = canonical
	return k.Analyse(r.ctx)
}

// kayles times node-Kayles on random graphs, by vertex set only and with
// canonical forms of components up to 12 vertices.
func (r *report) kayles(perCell int) error {
	fmt.Println("## Node-Kayles on random graphs")
	fmt.Println()
	fmt.Printf("G(n, p), %d graphs per row (seeded); `Kayles.Analyse` (nimber and every winning move) with a fresh memo per run. ", perCell)
	fmt.Println("\"by set\" memoises components by vertex set only (the default); \"canonical ≤ 12\" also by canonical form for components of 4–12 vertices. Both give the same values (checked).")
	fmt.Println()
	fmt.Println("| n | p | median ms, by set | max ms, by set | median ms, canonical ≤ 12 | ratio | P-positions |")
	fmt.Println("|---:|---:|---:|---:|---:|---:|---:|")
	for _, n := range []int{20, 25, 30} {
		for _, p := range []float64{0.1, 0.2, 0.3} {
			if !r.rows.Next() {
				continue
			}
			src := rand.NewPCG(uint64(n), uint64(p*1000))
			var bySet, canon []time.Duration
			zero := 0
			for range perCell {
				g, err := randomGraph(src, n, p)
				if err != nil {
					return err
				}
				var a, b games.KaylesAnalysis
				d1, err := r.median(func() (err error) { a, err = r.kaylesRun(g, 0); return err })
				if err != nil {
					return err
				}
				d2, err := r.median(func() (err error) { b, err = r.kaylesRun(g, 12); return err })
				if err != nil {
					return err
				}
				if a.Nimber != b.Nimber || len(a.Winning) != len(b.Winning) {
					return fmt.Errorf("n=%d p=%v: values differ between memo keys: %d and %d", n, p, a.Nimber, b.Nimber)
				}
				if a.Nimber == 0 {
					zero++
				}
				bySet, canon = append(bySet, d1), append(canon, d2)
			}
			m1, m2 := medianOf(bySet), medianOf(canon)
			fmt.Printf("| %d | %.1f | %s | %s | %s | %.2f | %d/%d |\n", n, p, ms(m1), ms(slices.Max(bySet)), ms(m2),
				float64(m2)/float64(m1), zero, perCell)
		}
	}
	fmt.Println()
	return nil
}
