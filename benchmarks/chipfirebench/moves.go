package main

import (
	"context"
	"fmt"
	"time"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/models/chipfire"
)

// encodePBNative is the PB method for backends with native PB constraints.
const encodePBNative = encode.PBNative

// moves times the fewest-moves optimisation on the winnable games.
func (r *report) moves() error {
	fmt.Println("## Fewest moves (PB optimisation, optimality proved)")
	fmt.Println()
	fmt.Println("The winnable games of the previous table (degree g). Binary search on the cost (encode/optimize) over the default model: the difference bounds f(v) − f(q) ≤ σ_q(v) of every pair, the entries bounded by them and by the cost of the cheapest reduced script (docs/chipfire.md). \"optimal\" counts optima proved within the limit (the backends must agree); Dhar's moves are medians over all games, the fewest over the games some backend proved (–: none); milliseconds, medians over the games each backend proved.")
	fmt.Println()
	fmt.Println("| n | p | games | Dhar script moves | fewest moves | gini optimal | gini | gophersat optimal | gophersat |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|")
	for _, sr := range satRows {
		if !r.rows.Next() {
			continue
		}
		n := sr.n
		games, err := r.satGames(n, sr.p, false)
		if err != nil {
			return err
		}
		var known, best []time.Duration // move counts, stored as durations to reuse median
		costs := make([]int64, len(games))
		fewest := make([]int64, len(games)) // −1: not proved by any backend
		for i, gm := range games {
			script, _, err := chipfire.Winnable(r.ctx, gm.g, gm.d)
			if err != nil {
				return err
			}
			if script == nil {
				return fmt.Errorf("n = %d game %d: a divisor of degree g is unwinnable", n, i)
			}
			costs[i], fewest[i] = script.Fewest().Moves(), -1
			known = append(known, time.Duration(costs[i]))
		}
		row := ""
		for _, b := range backends() {
			var ts []time.Duration
			for i, gm := range games {
				o := chipfire.MovesOptions{Options: b.opt, Strategy: optimize.Binary, Known: costs[i]}
				ctx, cancel := context.WithTimeout(r.ctx, r.timeout)
				start := time.Now()
				res, err := chipfire.MinMoves(ctx, gm.g, gm.d, b.new(), o)
				el := time.Since(start)
				cancel()
				if r.ctx.Err() != nil {
					return r.ctx.Err()
				}
				if err != nil || !res.Optimal {
					continue
				}
				if fewest[i] >= 0 && fewest[i] != res.Moves {
					return fmt.Errorf("n = %d game %d: %s proves %d moves, another backend %d", n, i, b.name, res.Moves, fewest[i])
				}
				fewest[i] = res.Moves
				ts = append(ts, el)
			}
			row += fmt.Sprintf(" | %d/%d | %s", len(ts), len(games), ms(median(ts)))
		}
		for _, m := range fewest {
			if m >= 0 {
				best = append(best, time.Duration(m))
			}
		}
		fewestCell := "–"
		if len(best) > 0 {
			fewestCell = fmt.Sprint(int64(median(best)))
		}
		fmt.Printf("| %d | %.2f | %d | %d | %s%s |\n", n, sr.p, len(games), int64(median(known)), fewestCell, row)
	}
	fmt.Println()
	return nil
}
