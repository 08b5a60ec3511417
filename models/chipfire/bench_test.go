package chipfire

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/graph/graphs/gen"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
)

// Benchmarks. Inputs are built once, outside the timed loops; names are
// instance/divisor/method so that benchstat can compare them.

// sparseGraphs returns the two 10,000-vertex sparse graphs: a
// Barabási–Albert graph with two edges per new vertex (gonum's
// PreferentialAttachment; average degree 4) and the 100×100 grid.
func sparseGraphs(b *testing.B) map[string]*Graph {
	sg := simple.NewUndirectedGraph()
	if err := gen.PreferentialAttachment(sg, 10000, 2, rand.NewPCG(1, 2)); err != nil {
		b.Fatal(err)
	}
	ba, err := FromGonum(sg)
	if err != nil {
		b.Fatal(err)
	}
	return map[string]*Graph{"BA10000": ba, "grid100x100": grid(b, 100, 100)}
}

// BenchmarkNativeWin decides a random divisor of degree g (winnable) and
// one of degree g/2 (unwinnable here) on 10,000-vertex sparse graphs with
// the greedy algorithm, Winnable (Dhar at the centre, stopping once won)
// and the full 0-reduction.
func BenchmarkNativeWin(b *testing.B) {
	ctx := context.Background()
	for name, g := range sparseGraphs(b) {
		for _, half := range []bool{false, true} {
			total := int64(g.Genus())
			label := "deg=g"
			if half {
				total, label = total/2, "deg=g/2"
			}
			d := RandomDivisor(rand.New(rand.NewPCG(3, 4)), g.N(), total, -1)
			b.Run(name+"/"+label+"/greedy", func(b *testing.B) {
				for b.Loop() {
					if _, err := Greedy(ctx, g, d); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(name+"/"+label+"/dhar", func(b *testing.B) {
				for b.Loop() {
					if _, _, err := Winnable(ctx, g, d); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(name+"/"+label+"/reduce", func(b *testing.B) {
				for b.Loop() {
					if _, err := Reduce(ctx, g, d, 0); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// satGames returns random G(n, p) games with n = 30, 60, 100 and about
// six neighbours per vertex: the RandomGame divisor (degree g, winnable)
// and the same with g/2 dollars taken from random vertices.
func satGames(b *testing.B) []struct {
	name string
	g    *Graph
	d    Divisor
} {
	var out []struct {
		name string
		g    *Graph
		d    Divisor
	}
	for _, n := range []int{30, 60, 100} {
		game, err := RandomGame(rand.NewPCG(5, uint64(n)), n, 6/float64(n), -1)
		if err != nil {
			b.Fatal(err)
		}
		poorer := append(Divisor(nil), game.Divisor...)
		rng := rand.New(rand.NewPCG(6, uint64(n)))
		for range game.Graph.Genus() / 2 {
			poorer[rng.IntN(n)]--
		}
		out = append(out,
			struct {
				name string
				g    *Graph
				d    Divisor
			}{fmt.Sprintf("n=%d/deg=g", n), game.Graph, game.Divisor},
			struct {
				name string
				g    *Graph
				d    Divisor
			}{fmt.Sprintf("n=%d/deg=g/2", n), game.Graph, poorer})
	}
	return out
}

// BenchmarkSATWin solves the bounded winnability model with gini (sat)
// and sat/cdcl (sat-cdcl) (log integers, BDDs, windows) next to Dhar,
// reporting the model's size.
func BenchmarkSATWin(b *testing.B) {
	ctx := context.Background()
	for _, c := range satGames(b) {
		var f sat.Formula
		m, err := EncodeWin(context.Background(), &f, c.g, c.d, DefaultOptions())
		if err != nil {
			b.Fatal(err)
		}
		for _, be := range []struct {
			name string
			new  func() sat.Solver
		}{{"sat", newGini}, {"sat-cdcl", func() sat.Solver { return cdcl.New() }}} {
			b.Run(c.name+"/"+be.name, func(b *testing.B) {
				b.ReportMetric(float64(f.NumVars), "vars")
				b.ReportMetric(float64(len(f.Clauses)), "clauses")
				b.ReportMetric(float64(m.Bound), "B")
				for b.Loop() {
					if _, err := SolveWin(ctx, c.g, c.d, be.new(), DefaultOptions()); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		b.Run(c.name+"/dhar", func(b *testing.B) {
			for b.Loop() {
				if _, _, err := Winnable(ctx, c.g, c.d); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMinMoves finds and proves the fewest moves on the winnable
// games of BenchmarkSATWin, capped by the cost of the Dhar script.
func BenchmarkMinMoves(b *testing.B) {
	ctx := context.Background()
	for _, c := range satGames(b) {
		script, _, err := Winnable(ctx, c.g, c.d)
		if err != nil || script == nil {
			continue
		}
		o := MovesOptions{Options: DefaultOptions(), Strategy: optimize.Binary, Known: script.Fewest().Moves()}
		b.Run(c.name, func(b *testing.B) {
			var moves int64
			for b.Loop() {
				res, err := MinMoves(ctx, c.g, c.d, newGini(), o)
				if err != nil {
					b.Fatal(err)
				}
				moves = res.Moves
			}
			b.ReportMetric(float64(moves), "moves")
			b.ReportMetric(float64(o.Known), "dhar-moves")
		})
	}
}

// BenchmarkRank computes the rank of random divisors of degree about g on
// random graphs of 8, 10 and 12 vertices by SAT (with Riemann–Roch, and
// pure) and by brute force.
func BenchmarkRank(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{8, 10, 12} {
		game, err := RandomGame(rand.NewPCG(7, uint64(n)), n, 0.4, 1)
		if err != nil {
			b.Fatal(err)
		}
		g, d := game.Graph, game.Divisor
		name := fmt.Sprintf("n=%d/g=%d", n, g.Genus())
		for _, pure := range []bool{false, true} {
			label := "/sat"
			if pure {
				label = "/sat-pure"
			}
			b.Run(name+label, func(b *testing.B) {
				var r int
				for b.Loop() {
					res, err := Rank(ctx, g, d, newGini, RankOptions{Options: DefaultOptions(), Pure: pure})
					if err != nil {
						b.Fatal(err)
					}
					r = res.Rank
				}
				b.ReportMetric(float64(r), "rank")
			})
		}
		b.Run(name+"/brute", func(b *testing.B) {
			for b.Loop() {
				if _, err := BruteRank(ctx, g, d, 1<<24); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
