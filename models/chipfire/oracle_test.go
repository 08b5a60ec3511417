package chipfire

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/gini"
	"github.com/satsolve/satsolve/sat/gophersat"
)

// The worked examples of the research brief (part A4), with the values it
// computed by brute force: winnability, rank, and where given the
// 0-reduced divisor, its script, the fewest moves and the greedy count M0.

// winnableRank marks a winnable divisor whose rank the brief does not give.
const winnableRank = -2

type oracle struct {
	graph    string
	d        Divisor
	rank     int     // or winnableRank
	reduced  Divisor // red@0, nil when the brief gives none
	script   Script  // D − L·script = reduced, script[0] = 0
	minMoves int64   // −1 when the brief gives none
	m0       int64   // greedy borrows, −1 when the brief gives none
}

func (o oracle) name() string { return fmt.Sprintf("%s/%v", o.graph, o.d) }

func oracles(t testing.TB) (map[string]*Graph, []oracle) {
	gs := map[string]*Graph{
		"K3": complete(t, 3), "K4": complete(t, 4), "K5": complete(t, 5),
		"C4": cycle(t, 4), "C5": cycle(t, 5), "C6": cycle(t, 6), "P4": path(t, 4),
		"Petersen": petersen(t), "CP": corryPerkinson(t), "house": house(t),
	}
	pet := func(pairs ...int64) Divisor { // vertex, value, vertex, value, …
		d := make(Divisor, 10)
		for i := 0; i < len(pairs); i += 2 {
			d[pairs[i]] += pairs[i+1]
		}
		return d
	}
	const x = -1
	return gs, []oracle{
		// K3: g = 1, Jac = Z/3, K = 0.
		{"K3", Divisor{-1, 1, 0}, -1, Divisor{-1, 1, 0}, Script{0, 0, 0}, x, x},
		{"K3", Divisor{2, -2, 0}, -1, Divisor{-1, 1, 0}, Script{0, -2, -1}, x, x},
		{"K3", Divisor{0, 0, -2}, -1, nil, nil, x, x},
		{"K3", Divisor{0, 0, 0}, 0, nil, nil, 0, 0},
		{"K3", Divisor{2, -1, -1}, 0, Divisor{0, 0, 0}, Script{0, -1, -1}, 1, 2},
		{"K3", Divisor{3, -3, 0}, 0, nil, nil, x, x},
		{"K3", Divisor{-2, 1, 1}, 0, nil, nil, x, x},
		{"K3", Divisor{1, 0, 0}, 0, nil, nil, x, x},
		{"K3", Divisor{1, 1, 0}, 1, nil, nil, x, x},
		{"K3", Divisor{1, 1, 1}, 2, Divisor{3, 0, 0}, nil, x, x},
		// K4: g = 3, K ~ (4,0,0,0), r(K) = 2; Sage's doc examples.
		{"K4", Divisor{1, 1, 0, 0}, 0, nil, nil, x, x},
		{"K4", Divisor{2, 0, 0, 0}, 0, nil, nil, x, x},
		{"K4", Divisor{0, 0, 0, 2}, 0, nil, nil, x, x},
		{"K4", Divisor{2, 2, -1, -1}, 0, Divisor{0, 0, 1, 1}, nil, x, x},
		{"K4", Divisor{-3, 1, 1, 1}, 0, nil, nil, 1, x},
		{"K4", Divisor{1, 1, 1, 0}, 1, nil, nil, x, x},
		{"K4", Divisor{3, 0, 0, 0}, 1, nil, nil, x, x},
		{"K4", Divisor{2, 2, 0, 0}, 1, nil, nil, x, x},
		{"K4", Divisor{3, 1, 0, 0}, 1, nil, nil, x, x},
		{"K4", Divisor{1, 1, 1, 1}, 2, nil, nil, x, x},
		{"K4", Divisor{4, 0, 0, 0}, 2, nil, nil, x, x},
		{"K4", Divisor{-1, 1, 0, 0}, -1, nil, nil, x, x},
		{"K4", Divisor{0, 0, 0, 5}, 2, Divisor{4, 0, 0, 1}, nil, x, x},
		{"K4", Divisor{4, 2, 0, 0}, 3, Divisor{4, 2, 0, 0}, nil, x, x},
		{"K4", Divisor{2, -3, 2, 0}, -1, Divisor{-2, 1, 2, 0}, nil, x, x},
		// K5: g = 6.
		{"K5", Divisor{3, 0, 0, 0, 0}, 0, nil, nil, x, x},
		{"K5", Divisor{2, 2, 0, 0, 0}, 0, nil, nil, x, x},
		{"K5", Divisor{4, 0, 0, 0, 0}, 1, nil, nil, x, x},
		{"K5", Divisor{1, 1, 1, 1, 0}, 1, nil, nil, x, x},
		{"K5", Divisor{5, 0, 0, 0, 0}, 2, nil, nil, x, x},
		{"K5", Divisor{6, 0, 0, 0, 0}, 2, nil, nil, x, x},
		{"K5", Divisor{2, 2, 2, 0, 0}, 1, nil, nil, x, x},
		{"K5", Divisor{3, 3, 0, 0, 0}, 1, nil, nil, x, x},
		{"K5", Divisor{4, -1, 0, 0, 0}, 0, nil, nil, x, x},
		{"K5", Divisor{-1, 1, 0, 0, 0}, -1, nil, nil, x, x},
		// Cycles: g = 1.
		{"C4", Divisor{2, -1, 0, -1}, 0, nil, nil, 1, 3},
		{"C5", Divisor{2, 0, -1, 0, 0}, 0, nil, nil, 3, 6},
		{"C5", Divisor{2, -1, 0, 0, -1}, 0, nil, nil, x, x},
		{"C5", Divisor{1, 0, 0, 0, -1}, -1, nil, nil, x, x},
		{"C6", Divisor{3, 0, 0, 0, 0, 0}, 2, nil, nil, x, x},
		{"C6", Divisor{2, -1, 0, 0, 0, 0}, 0, nil, nil, x, x},
		// Trees: g = 0; P4 needs f = (0,3,9,12) up to shift.
		{"P4", Divisor{-3, -3, 3, 3}, 0, nil, nil, 18, 24},
		// Petersen: g = 6.
		{"Petersen", pet(0, 1, 1, 1, 2, 1, 3, 1, 4, 1, 5, 1, 6, 1, 7, 1, 8, 1, 9, 1), 5, nil, nil, x, x},
		{"Petersen", pet(0, 2, 1, 2), 1, nil, nil, x, x},
		{"Petersen", pet(0, 2, 5, 2), 1, nil, nil, x, x},
		{"Petersen", pet(0, 1, 1, 1, 2, 1, 3, 1), 0, nil, nil, x, x},
		{"Petersen", pet(0, 3), 0, nil, nil, x, x},
		{"Petersen", pet(0, 4), 0, nil, nil, x, x},
		{"Petersen", pet(0, 5, 1, -1), 0, nil, nil, x, x},
		{"Petersen", pet(0, 6, 1, -1, 2, -1), -1, Divisor{-1, 1, 2, 0, 0, 0, 0, 0, 1, 1}, nil, x, x},
		{"Petersen", pet(0, 1, 1, 1, 2, 1, 3, 1, 4, 1, 5, 1), 1, nil, nil, x, x},
		{"Petersen", pet(0, -1, 1, 1), -1, nil, nil, x, x},
		// Corry–Perkinson: A=0, B=1, C=2, E=3; g = 3.
		{"CP", Divisor{2, -3, 4, -1}, 0, Divisor{2, 0, 0, 0}, Script{0, -1, 1, 0}, 2, 4},
		{"CP", Divisor{5, -3, 4, -1}, 2, nil, nil, x, x},
		// House.
		{"house", Divisor{3, -1, 0, -1, 1}, winnableRank, nil, nil, 3, 6},
	}
}

func TestOracleReduce(t *testing.T) {
	gs, os := oracles(t)
	for _, o := range os {
		t.Run(o.name(), func(t *testing.T) {
			g := gs[o.graph]
			r, err := Reduce(context.Background(), g, o.d, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := r.Winnable(), o.rank != -1; got != want {
				t.Fatalf("winnable = %v, want %v (reduced %v)", got, want, r.Divisor)
			}
			if o.reduced != nil && !slices.Equal(r.Divisor, o.reduced) {
				t.Errorf("red@0 = %v, want %v", r.Divisor, o.reduced)
			}
			if o.script != nil && !slices.Equal(r.Script, o.script) {
				t.Errorf("script = %v, want %v", r.Script, o.script)
			}
			back, err := g.Apply(o.d, r.Script)
			if err != nil || !slices.Equal(back, r.Divisor) {
				t.Errorf("D − L·script = %v (%v), reduced %v", back, err, r.Divisor)
			}
		})
	}
}

// TestOracleSATWin decides every worked example with the bounded SAT
// model on gini and on gophersat (native PB constraints), with and without
// the windows and boxes, and replays each winning script.
func TestOracleSATWin(t *testing.T) {
	gs, os := oracles(t)
	ctx := context.Background()
	for _, o := range os {
		t.Run(o.name(), func(t *testing.T) {
			g := gs[o.graph]
			native := DefaultOptions()
			native.PB = encode.PBNative
			plain := DefaultOptions()
			plain.Plain = true
			for _, c := range []struct {
				name string
				s    sat.Solver
				opt  Options
			}{
				{"gini", gini.New(), DefaultOptions()},
				{"gini plain", gini.New(), plain},
				{"gophersat", gophersat.New(), native},
			} {
				res, err := SolveWin(ctx, g, o.d, c.s, c.opt)
				if err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				if res.Winnable != (o.rank != -1) {
					t.Fatalf("%s: winnable = %v, want %v", c.name, res.Winnable, o.rank != -1)
				}
				if res.Winnable {
					if err := g.CheckWin(o.d, res.Script); err != nil {
						t.Errorf("%s: script %v: %v", c.name, res.Script, err)
					}
				}
			}
		})
	}
}

func TestOracleGreedy(t *testing.T) {
	gs, os := oracles(t)
	for _, o := range os {
		t.Run(o.name(), func(t *testing.T) {
			g := gs[o.graph]
			res, err := Greedy(context.Background(), g, o.d)
			if err != nil {
				t.Fatal(err)
			}
			if res.Winnable != (o.rank != -1) {
				t.Fatalf("greedy winnable = %v, want %v", res.Winnable, o.rank != -1)
			}
			if o.m0 >= 0 && res.Borrows != o.m0 {
				t.Errorf("M0 = %d, want %d", res.Borrows, o.m0)
			}
			if res.Winnable {
				if err := g.CheckWin(o.d, res.Script); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

func TestOracleRank(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (oracle differential): skipped by go test -short; go test ./... runs it")
	}
	gs, os := oracles(t)
	ctx := context.Background()
	for _, o := range os {
		t.Run(o.name(), func(t *testing.T) {
			g := gs[o.graph]
			r, err := BruteRank(ctx, g, o.d, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if o.rank == winnableRank {
				if r < 0 {
					t.Errorf("brute-force rank = %d, want winnable", r)
				}
				o.rank = r // compare SAT with brute force
			} else if r != o.rank {
				t.Errorf("brute-force rank = %d, want %d", r, o.rank)
			}
			if g.IsComplete() {
				r, err := CoriLeBorgne(ctx, g, o.d)
				if err != nil || r != o.rank {
					t.Errorf("Cori–Le Borgne rank = %d (%v), want %d", r, err, o.rank)
				}
			}
			for _, fromZero := range []bool{false, true} {
				res, err := Rank(ctx, g, o.d, func() sat.Solver { return gini.New() }, RankOptions{Options: DefaultOptions(), Pure: fromZero})
				if err != nil {
					t.Fatal(err)
				}
				if res.Rank != o.rank {
					t.Errorf("SAT rank (from zero: %v) = %d, want %d", fromZero, res.Rank, o.rank)
				}
			}
		})
	}
}

func TestOracleMinMoves(t *testing.T) {
	gs, os := oracles(t)
	for _, o := range os {
		if o.minMoves < 0 {
			continue
		}
		t.Run(o.name(), func(t *testing.T) {
			g := gs[o.graph]
			for _, opt := range []Options{DefaultOptions(), {}} {
				res, err := MinMoves(context.Background(), g, o.d, gini.New(), MovesOptions{Options: opt, Strategy: optimize.Binary})
				if err != nil {
					t.Fatal(err)
				}
				if !res.Winnable || !res.Optimal || res.Moves != o.minMoves {
					t.Errorf("%+v: winnable %v optimal %v moves %d (script %v), want %d moves", opt, res.Winnable, res.Optimal, res.Moves, res.Script, o.minMoves)
				}
				if err := g.CheckWin(o.d, res.Script); err != nil {
					t.Errorf("%+v: script %v: %v", opt, res.Script, err)
				}
			}
		})
	}
}
