package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/models/games"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/gophersat"
)

// satCase is a position whose explicit game graph goes to the encodings.
type satCase struct {
	name   string
	native func() error                            // the native evaluation of the position
	graph  func() (*games.GameGraph, []int, error) // the explicit graph and every position's native value
}

func (r *report) satCases() ([]satCase, error) {
	var cases []satCase
	const limit = 200_000
	for _, row := range []int{8, 12, 16, 20} {
		g := games.MustParseOctal("0.77")
		cases = append(cases, satCase{
			name:   fmt.Sprintf("Kayles row %d", row),
			native: func() error { _, err := g.Analyse(r.ctx, []int{row}); return err },
			graph:  func() (*games.GameGraph, []int, error) { return g.GameGraph(r.ctx, []int{row}, limit) },
		})
	}
	for _, heaps := range [][]int{{10, 10}, {6, 7, 8}} {
		g := games.MustParseOctal("0.137")
		cases = append(cases, satCase{
			name:   fmt.Sprintf("0.137 %v", heaps),
			native: func() error { _, err := g.Analyse(r.ctx, heaps); return err },
			graph:  func() (*games.GameGraph, []int, error) { return g.GameGraph(r.ctx, heaps, limit) },
		})
	}
	for _, heaps := range [][]int{{3, 4, 5}, {2, 3, 5, 7}} {
		cases = append(cases, satCase{
			name:   fmt.Sprintf("Nim %v", heaps),
			native: func() error { _, err := games.Nim(heaps); return err },
			graph:  func() (*games.GameGraph, []int, error) { return games.NimGameGraph(r.ctx, heaps, limit) },
		})
	}
	src := rand.NewPCG(5, 5)
	for _, n := range []int{10, 14, 18} {
		g, err := randomGraph(src, n, 0.2)
		if err != nil {
			return nil, err
		}
		fresh := func() (*games.Kayles, error) { return games.NewKayles(g) } // a new memo per run
		cases = append(cases, satCase{
			name: fmt.Sprintf("node-Kayles G(%d, 0.2)", n),
			native: func() error {
				k, err := fresh()
				if err == nil {
					_, err = k.Analyse(r.ctx)
				}
				return err
			},
			graph: func() (*games.GameGraph, []int, error) {
				k, err := fresh()
				if err != nil {
					return nil, nil, err
				}
				return k.GameGraph(r.ctx, limit)
			},
		})
	}
	return cases, nil
}

// satVersusNative times the native evaluation of a position against
// CrossCheck (both encodings of every position of its game graph, solved
// and compared) on each backend.
func (r *report) satVersusNative() error {
	fmt.Println("## Native evaluation against the SAT encodings")
	fmt.Println()
	fmt.Println("Native: the nimber and winning moves of the start position. SAT: `CrossCheck` on the explicit game graph (kernel and one-hot Grundy encodings with the ladder at-most-one, each solved once, every position decoded, checked by the rules and compared with the native values). Building the graph is not counted on either side.")
	fmt.Println()
	fmt.Println("| position | positions | moves | kernel clauses | Grundy vars | Grundy clauses | native ms | gini ms | gophersat ms | gini / native |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	backends := []func() sat.Solver{
		func() sat.Solver { return gini.New() },
		func() sat.Solver { return gophersat.New() },
	}
	cases, err := r.satCases()
	if err != nil {
		return err
	}
	for _, c := range cases {
		if !r.rows.Next() {
			continue
		}
		gg, native, err := c.graph()
		if err != nil {
			return err
		}
		dn, err := r.median(c.native)
		if err != nil {
			return err
		}
		var rep games.CrossReport
		var ds []string
		var gini float64
		for i, b := range backends {
			d, err := r.median(func() (err error) {
				rep, err = games.CrossCheck(r.ctx, gg, native, b, encode.AMOLadder)
				return err
			})
			if err != nil {
				return fmt.Errorf("%s: %w", c.name, err)
			}
			ds = append(ds, ms(d))
			if i == 0 {
				gini = float64(d)
			}
		}
		fmt.Printf("| %s | %d | %d | %d | %d | %d | %s | %s | %s | %.0f× |\n", c.name, rep.Positions, rep.Moves,
			rep.Kernel.Clauses, rep.Grundy.Vars, rep.Grundy.Clauses, ms(dn), ds[0], ds[1], gini/float64(dn))
	}
	fmt.Println()
	return nil
}
