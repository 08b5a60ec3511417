package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/satsolve/satsolve/models/chipfire"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/gophersat"
)

// game is one SAT benchmark instance.
type game struct {
	g *chipfire.Graph
	d chipfire.Divisor
}

// satRows are the graph sizes and densities of the SAT tables: about six
// neighbours per vertex, and p = 0.3.
var satRows = []struct {
	n int
	p float64
}{{30, 6.0 / 30}, {30, 0.3}, {60, 6.0 / 60}, {60, 0.3}, {100, 6.0 / 100}, {100, 0.3}}

// satGames returns r.games random G(n, p) games: the RandomGame divisor
// (degree g) if poorer is false, otherwise the same with g/2 dollars
// taken from random vertices.
func (r *report) satGames(n int, p float64, poorer bool) ([]game, error) {
	var out []game
	for i := range r.games {
		gm, err := chipfire.RandomGame(rand.NewPCG(5, uint64(n*1000+i)), n, p, -1)
		if err != nil {
			return nil, err
		}
		d := gm.Divisor
		if poorer {
			rng := rand.New(rand.NewPCG(6, uint64(n*1000+i)))
			for range gm.Graph.Genus() / 2 {
				d[rng.IntN(n)]--
			}
		}
		out = append(out, game{gm.Graph, d})
	}
	return out, nil
}

// backend is a SAT backend with the model options suited to it.
type backend struct {
	name string
	new  func() sat.Solver
	opt  chipfire.Options
}

// backends returns gini (PB constraints as BDDs) and gophersat (native PB
// constraints, in a child process).
func backends() []backend {
	native := chipfire.DefaultOptions()
	native.PB = encodePBNative
	return []backend{
		{"gini", func() sat.Solver { return gini.New() }, chipfire.DefaultOptions()},
		{"gophersat", func() sat.Solver { return gophersat.New() }, native},
	}
}

// win times the bounded SAT model against Dhar.
func (r *report) win() error {
	fmt.Println("## SAT bounded winnability (random G(n, p) games)")
	fmt.Println()
	fmt.Println("The default model: each script entry in Dhar's box [−σ*_q, σ_q] (f(q) = 0), order-encoded when at most 32 values wide, log otherwise (docs/chipfire.md). B is the median level-set bound ⌊(n−1)·deg⁺(D)/λ⌋ of the plain model, for scale; \"solved\" counts answers within the limit, each checked against Dhar. Milliseconds, medians over the solved games; the ratio is SAT/Dhar. The poorer divisors (deg g/2) are unwinnable here; before Dhar's bounds no SAT model proved one so beyond 30 vertices.")
	fmt.Println()
	fmt.Println("| n | p | divisor | winnable | median B | Dhar | gini solved | gini | gini/Dhar | gophersat solved | gophersat | gophersat/Dhar |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, sr := range satRows {
		n := sr.n
		for _, poorer := range []bool{false, true} {
			if !r.rows.Next() {
				continue
			}
			games, err := r.satGames(n, sr.p, poorer)
			if err != nil {
				return err
			}
			var td []time.Duration
			var bounds []time.Duration // B, stored as durations to reuse median
			won := 0
			want := make([]bool, len(games))
			for i, gm := range games {
				start := time.Now()
				script, _, err := chipfire.Winnable(r.ctx, gm.g, gm.d)
				if err != nil {
					return err
				}
				td = append(td, time.Since(start))
				want[i] = script != nil
				if want[i] {
					won++
				}
				bounds = append(bounds, time.Duration(chipfire.WinBound(gm.g, gm.d)))
			}
			label := "deg g"
			if poorer {
				label = "deg g/2"
			}
			row := fmt.Sprintf("| %d | %.2f | %s | %d/%d | %d | %s", n, sr.p, label, won, len(games), int64(median(bounds)), ms(median(td)))
			for _, b := range backends() {
				var ts []time.Duration
				for i, gm := range games {
					ctx, cancel := context.WithTimeout(r.ctx, r.timeout)
					start := time.Now()
					res, err := chipfire.SolveWin(ctx, gm.g, gm.d, b.new(), b.opt)
					el := time.Since(start)
					cancel()
					if err != nil {
						if r.ctx.Err() != nil {
							return r.ctx.Err()
						}
						continue // over the limit
					}
					if res.Winnable != want[i] {
						return fmt.Errorf("n = %d game %d: %s says winnable %v, Dhar %v", n, i, b.name, res.Winnable, want[i])
					}
					ts = append(ts, el)
				}
				row += fmt.Sprintf(" | %d/%d | %s | %s", len(ts), len(games), ms(median(ts)), ratio(median(ts), median(td)))
			}

			fmt.Println(row + " |")
		}
	}
	fmt.Println()
	return nil
}
