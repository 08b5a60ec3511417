package main

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/satsolve/satsolve/models/chipfire"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
)

// rank times the SAT rank (with Riemann–Roch and pure) against brute
// force on random graphs of 8 to 12 vertices.
func (r *report) rank() error {
	fmt.Println("## Rank on small graphs: SAT certificates against brute force")
	fmt.Println()
	fmt.Println("Random G(n, 0.4) graphs with a divisor of degree g (RandomGame, spread 1) and one of degree g + 2. SAT: gini, log integers; \"RR\" scans the smaller of D and K − D (Riemann–Roch), \"pure\" scans D from k = 0. Brute force enumerates effective E of degree k with Dhar. Every SAT rank equals the brute-force rank. Milliseconds, medians over the games.")
	fmt.Println()
	fmt.Println("| n | deg D | games | median g | median rank | SAT (RR) | SAT (pure) | brute force | SAT (RR)/brute |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|")
	newGini := func() sat.Solver { return gini.New() }
	for _, n := range []int{8, 10, 12} {
		for _, extra := range []int64{0, 2} {
			if !r.rows.Next() {
				continue
			}
			var trr, tpure, tbrute, genus, ranks []time.Duration
			for i := range r.games {
				gm, err := chipfire.RandomGame(rand.NewPCG(7, uint64(n*1000+i)), n, 0.4, 1)
				if err != nil {
					return err
				}
				g, d := gm.Graph, gm.Divisor
				d[0] += extra
				start := time.Now()
				want, err := chipfire.BruteRank(r.ctx, g, d, 1<<26)
				if err != nil {
					return err
				}
				tbrute = append(tbrute, time.Since(start))
				for _, pure := range []bool{false, true} {
					start := time.Now()
					res, err := chipfire.Rank(r.ctx, g, d, newGini, chipfire.RankOptions{Options: chipfire.DefaultOptions(), Pure: pure})
					if err != nil {
						return err
					}
					el := time.Since(start)
					if res.Rank != want {
						return fmt.Errorf("n = %d game %d: SAT rank %d (pure %v), brute force %d", n, i, res.Rank, pure, want)
					}
					if pure {
						tpure = append(tpure, el)
					} else {
						trr = append(trr, el)
					}
				}
				genus = append(genus, time.Duration(g.Genus()))
				ranks = append(ranks, time.Duration(want))
			}
			label := fmt.Sprintf("g%+d", extra)
			fmt.Printf("| %d | %s | %d | %d | %d | %s | %s | %s | %s |\n", n, label, r.games, int64(median(genus)), int64(median(ranks)),
				ms(median(trr)), ms(median(tpure)), ms(median(tbrute)), ratio(median(trr), median(tbrute)))
		}
	}
	fmt.Println()
	return nil
}
