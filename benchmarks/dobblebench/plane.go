package main

import (
	"context"
	"fmt"

	"github.com/satsolve/satsolve/models/dobble"
	"github.com/satsolve/satsolve/sat"
)

// planeConfig is one way of finding a plane by SAT.
type planeConfig struct {
	model   string // "incidence" or "mols"
	sym     dobble.Symmetry
	pair    dobble.PairEncoding
	oneFile bool // all symmetry cases in one formula behind selectors
}

// String names the configuration in the table.
func (c planeConfig) String() string {
	how := "cases one by one"
	if c.oneFile {
		how = "cases in one formula"
	}
	if c.model == "mols" {
		return "Latin squares, cycles, " + how
	}
	s := fmt.Sprintf("incidence, %v, %v", c.sym, c.pair)
	if c.sym == dobble.SymLatin {
		s += ", " + how
	}
	return s
}

// planes measures SAT plane search for orders 4, 5 and 7.
func (r *report) planes() error {
	fmt.Println("## SAT plane search")
	fmt.Println()
	fmt.Printf("Incidence model (v×v matrix, totalizer row and column sums, pairwise exactly-one) at each symmetry level, and the Latin-square model (q−1 MOLS of order q, turned into the plane). CPU limit %v per search; every plane found is checked. Times: wall / CPU.\n\n", r.timeout)
	fmt.Println("| order | model | backend | variables | clauses | result | time |")
	fmt.Println("|---|---|---|---|---|---|---|")
	configs := []planeConfig{
		{model: "incidence", sym: dobble.SymNone, pair: dobble.PairAux},
		{model: "incidence", sym: dobble.SymLex, pair: dobble.PairAux},
		{model: "incidence", sym: dobble.SymPencil, pair: dobble.PairAux},
		{model: "incidence", sym: dobble.SymTransversal, pair: dobble.PairAux},
		{model: "incidence", sym: dobble.SymTransversal, pair: dobble.PairRect},
		{model: "incidence", sym: dobble.SymLatin, pair: dobble.PairAux},
		{model: "incidence", sym: dobble.SymLatin, pair: dobble.PairRect},
		{model: "incidence", sym: dobble.SymLatin, pair: dobble.PairAux, oneFile: true},
		{model: "mols"},
		{model: "mols", oneFile: true},
	}
	for _, q := range []int{4, 5, 7} {
		for _, c := range configs {
			bes := []backend{giniBackend}
			if q <= 5 && (c.sym >= dobble.SymTransversal || c.model == "mols") {
				bes = append(bes, gophersatBackend)
			}
			if r.cadical && c.oneFile {
				bes = append(bes, cadicalBackend)
			}
			if q == 7 && c.model == "incidence" && c.sym < dobble.SymTransversal {
				fmt.Printf("| %d | %v | – | | | not run (the research brief's runs time out even at the transversal level) | |\n", q, c)
				continue
			}
			for _, be := range bes {
				if !r.rows.Next() {
					continue
				}
				if err := r.planeRow(q, c, be); err != nil {
					return err
				}
			}
		}
	}
	fmt.Println()
	return nil
}

func (r *report) planeRow(q int, c planeConfig, be backend) error {
	size := planeSize(q, c)
	var status sat.Status
	t, gaveUp, err := r.measure(func(ctx context.Context) (bool, error) {
		var d *dobble.Deck
		var err error
		status, d, err = solvePlane(ctx, q, c, be)
		if status == sat.Unknown {
			return true, nil
		}
		if err != nil {
			return false, err
		}
		if status != sat.Sat {
			return false, fmt.Errorf("order %d %v: %v", q, c, status)
		}
		return false, dobble.Check(d, q+1, 1)
	})
	if err != nil {
		return err
	}
	result := "plane found"
	if gaveUp {
		result = fmt.Sprintf("no answer in %v CPU", r.timeout)
	}
	fmt.Printf("| %d | %v | %s | %d | %d | %s | %v |\n", q, c, be.name, size.Vars, size.Clauses, result, t)
	return nil
}

// planeSize returns the size of the encoding (the largest case).
func planeSize(q int, c planeConfig) dobble.Size {
	f := &sat.Formula{}
	opt := dobble.DefaultOptions
	opt.Symmetry, opt.Pair = c.sym, c.pair
	switch {
	case c.model == "mols":
		dobble.EncodeMOLSCases(f, q, q-1, dobble.DefaultMOLSOptions)
	case c.sym == dobble.SymLatin:
		dobble.EncodeDesignCases(f, q+1, 1, opt)
	default:
		dobble.EncodeDesign(f, q+1, 1, opt, nil)
	}
	return dobble.Size{Vars: f.NumVars, Clauses: len(f.Clauses)}
}

// solvePlane finds a plane of order q with the configuration.
func solvePlane(ctx context.Context, q int, c planeConfig, be backend) (sat.Status, *dobble.Deck, error) {
	if c.model == "mols" {
		opt := dobble.DefaultMOLSOptions
		opt.Together = c.oneFile
		res, err := dobble.SolveMOLS(ctx, be.new, q, q-1, opt)
		if res.Status != sat.Sat {
			return res.Status, nil, err
		}
		return sat.Sat, dobble.PlaneFromMOLS(res.Squares), err
	}
	opt := dobble.DefaultOptions
	opt.Symmetry, opt.Pair, opt.Together = c.sym, c.pair, c.oneFile
	res, err := dobble.SolveDesign(ctx, be.new, q+1, 1, opt)
	return res.Status, res.Deck, err
}
