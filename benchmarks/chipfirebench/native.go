package main

import (
	"fmt"
	"math/rand/v2"
	"time"

	"gonum.org/v1/gonum/graph/graphs/gen"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/satsolve/satsolve/models/chipfire"
)

// sparseGraphs returns the 10,000-vertex sparse graphs of the native
// table.
func sparseGraphs() ([]string, []*chipfire.Graph, error) {
	sg := simple.NewUndirectedGraph()
	if err := gen.PreferentialAttachment(sg, 10000, 2, rand.NewPCG(1, 2)); err != nil {
		return nil, nil, err
	}
	ba, err := chipfire.FromGonum(sg)
	if err != nil {
		return nil, nil, err
	}
	const side = 100
	var es []chipfire.Edge
	for r := range side {
		for c := range side {
			v := r*side + c
			if c+1 < side {
				es = append(es, chipfire.Edge{U: v, V: v + 1})
			}
			if r+1 < side {
				es = append(es, chipfire.Edge{U: v, V: v + side})
			}
		}
	}
	grid, err := chipfire.NewGraph(side*side, es)
	if err != nil {
		return nil, nil, err
	}
	return []string{"Barabási–Albert, m = 2", "grid 100×100"}, []*chipfire.Graph{ba, grid}, nil
}

// native times greedy, Winnable and Reduce on the sparse graphs, checks
// that they agree and that every winning script wins.
func (r *report) native() error {
	names, graphs, err := sparseGraphs()
	if err != nil {
		return err
	}
	fmt.Println("## Native winnability on 10,000-vertex sparse graphs")
	fmt.Println()
	fmt.Println("Divisors from RandomDivisor (values around the mean, some in debt); degree g is winnable by Baker–Norine. Milliseconds.")
	fmt.Println()
	fmt.Println("| graph | n | edges | g | deg D | winnable | greedy | Winnable (Dhar at centre) | Reduce at 0 | greedy borrows |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for i, g := range graphs {
		genus := int64(g.Genus())
		for j, total := range []int64{genus, genus - 1, genus / 2} {
			if !r.rows.Next() {
				continue
			}
			d := chipfire.RandomDivisor(rand.New(rand.NewPCG(3, uint64(j))), g.N(), total, -1)
			var tg, tw, tr []time.Duration
			var gr chipfire.GreedyResult
			var won bool
			for range r.runs {
				start := time.Now()
				gr, err = chipfire.Greedy(r.ctx, g, d)
				if err != nil {
					return err
				}
				tg = append(tg, time.Since(start))
				start = time.Now()
				script, _, err := chipfire.Winnable(r.ctx, g, d)
				if err != nil {
					return err
				}
				tw = append(tw, time.Since(start))
				start = time.Now()
				red, err := chipfire.Reduce(r.ctx, g, d, 0)
				if err != nil {
					return err
				}
				tr = append(tr, time.Since(start))
				won = red.Winnable()
				if gr.Winnable != won || (script != nil) != won {
					return fmt.Errorf("%s, degree %d: greedy %v, Winnable %v, Reduce %v", names[i], total, gr.Winnable, script != nil, won)
				}
				if won {
					for _, f := range []chipfire.Script{gr.Script, script, red.Script} {
						if err := g.CheckWin(d, f); err != nil {
							return fmt.Errorf("%s, degree %d: %v", names[i], total, err)
						}
					}
				}
			}
			fmt.Printf("| %s | %d | %d | %d | %d | %v | %s | %s | %s | %d |\n",
				names[i], g.N(), len(g.Edges()), genus, total, won, ms(median(tg)), ms(median(tw)), ms(median(tr)), gr.Borrows)
		}
	}
	fmt.Println()
	return nil
}
