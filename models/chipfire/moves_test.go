package chipfire

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/encode/optimize"
	"github.com/satsolve/satsolve/sat/gophersat"
)

// bruteMinMoves returns the fewest moves of a winning script by trying
// every script with Σ|f| < c, c the cost of a known winning script (any
// script costs at least each |f_v|, so the box −c..c holds them all).
func bruteMinMoves(g *Graph, d Divisor, c int64) int64 {
	n := g.N()
	best := c
	f := make(Script, n)
	var rec func(v int, used int64)
	rec = func(v int, used int64) {
		if used >= best {
			return
		}
		if v == n {
			if g.CheckWin(d, f) == nil {
				best = used
			}
			return
		}
		for x := -(best - used - 1); x <= best-used-1; x++ {
			f[v] = x
			rec(v+1, used+abs(x))
		}
		f[v] = 0
	}
	rec(0, 0)
	return best
}

// TestMinMovesBruteForce compares MinMoves with exhaustive search on
// random winnable divisors, for several encodings and strategies, with
// and without the Known cap.
func TestMinMovesBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (brute-force differential): skipped by go test -short; go test ./... runs it")
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(13, 13))
	configs := []MovesOptions{
		{Options: DefaultOptions(), Strategy: optimize.LinearSatUnsat},
		{Options: DefaultOptions(), Strategy: optimize.Binary},
		{Options: Options{Int: encode.IntOrder, PB: encode.PBBDD}, Strategy: optimize.Binary},
	}
	tried := 0
	for tried < 60 {
		n := 2 + rng.IntN(4)
		g := randomGraph(t, rng, n, rng.IntN(n))
		d := randomDivisor(rng, g, 2)
		gr, err := Greedy(ctx, g, d)
		if err != nil {
			t.Fatal(err)
		}
		if !gr.Winnable || gr.Script.Fewest().Moves() > 7 {
			continue
		}
		tried++
		known := gr.Script.Fewest().Moves()
		want := bruteMinMoves(g, d, known+1)
		o := configs[tried%len(configs)]
		if tried%2 == 0 {
			o.Known = known
		}
		res, err := MinMoves(ctx, g, d, newGini(), o)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Winnable || !res.Optimal || res.Moves != want {
			t.Fatalf("%v on %v (%+v): winnable %v optimal %v moves %d, brute force %d",
				d, g.Edges(), o, res.Winnable, res.Optimal, res.Moves, want)
		}
	}
}

// TestMinMovesGophersat runs the brief's minimum-moves examples on
// gophersat with native PB constraints and native optimisation.
func TestMinMovesGophersat(t *testing.T) {
	gs, os := oracles(t)
	for _, o := range os {
		if o.minMoves < 0 {
			continue
		}
		t.Run(o.name(), func(t *testing.T) {
			res, err := MinMoves(context.Background(), gs[o.graph], o.d, gophersat.New(),
				MovesOptions{Options: Options{Int: encode.IntLog, PB: encode.PBNative}, Strategy: optimize.Native})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Optimal || res.Moves != o.minMoves {
				t.Errorf("optimal %v, moves %d, want %d", res.Optimal, res.Moves, o.minMoves)
			}
		})
	}
}

func TestMinMovesUnwinnable(t *testing.T) {
	res, err := MinMoves(context.Background(), complete(t, 3), Divisor{-1, 1, 0}, newGini(), MovesOptions{Options: DefaultOptions(), Strategy: optimize.Binary})
	if err != nil || res.Winnable {
		t.Fatalf("K3 (−1,1,0): winnable %v, err %v; want unwinnable", res.Winnable, err)
	}
}
