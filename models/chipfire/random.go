package chipfire

import (
	"context"
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/graph/graphs/gen"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
)

// maxDraws bounds the number of G(n, p) draws RandomGame makes before it
// gives up on finding a connected one.
const maxDraws = 1000

// RandomGame draws a random game: a connected G(n, p) graph (gonum's
// Batagelj–Brandes generator, redrawn until connected) and a divisor of
// degree equal to the genus, so the game is winnable (Baker–Norine),
// drawn by RandomDivisor with the given spread. The same source gives the
// same game. The error reports n outside 1..MaxVertices, p outside [0, 1],
// or no connected graph in 1000 draws (p too small for n).
func RandomGame(src rand.Source, n int, p float64, spread int64) (*Game, error) {
	return RandomGameContext(context.Background(), src, n, p, spread)
}

// RandomGameContext is RandomGame, stopping with ctx's error between two
// draws. It also refuses up front a G(n, p) expected to hold more than
// MaxEdges edges (at least 10% more), which no draw could turn into a game.
func RandomGameContext(ctx context.Context, src rand.Source, n int, p float64, spread int64) (*Game, error) {
	if n < 1 || n > MaxVertices {
		return nil, fmt.Errorf("number of vertices %d outside 1..%d", n, MaxVertices)
	}
	if !(p >= 0 && p <= 1) {
		return nil, fmt.Errorf("edge probability %v outside [0, 1]", p)
	}
	if expected := p * float64(n) * float64(n-1) / 2; expected > 1.1*MaxEdges {
		return nil, fmt.Errorf("G(%d, %v) has about %.0f edges, more than the %d a game may have: lower n or p", n, p, expected, MaxEdges)
	}
	for range maxDraws {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sg := simple.NewUndirectedGraph()
		if err := gen.Gnp(sg, n, p, src); err != nil {
			return nil, err
		}
		if n > 1 && len(topo.ConnectedComponents(sg)) > 1 {
			continue
		}
		g, err := FromGonum(sg)
		if err != nil {
			return nil, err
		}
		d := RandomDivisor(rand.New(src), n, int64(g.Genus()), spread)
		return &Game{Graph: g, Divisor: d}, nil
	}
	return nil, fmt.Errorf("no connected G(%d, %v) in %d draws: raise p (connectivity needs p above about ln(n)/n)", n, p, maxDraws)
}

// RandomDivisor returns n values spread around the mean total/n and
// adjusted to sum to total: each starts at ⌊total/n⌋ plus a uniform
// integer in −spread..spread; the difference to total is then shared out
// evenly, and what remains goes one dollar at a time to distinct random
// vertices. A negative spread means ⌊total/n⌋ + 2, which leaves some
// vertices in debt at every density. The spread is capped at 2^26 and
// |total| must stay below 2^26·n, which keeps the values within
// ±MaxValue.
func RandomDivisor(rng *rand.Rand, n int, total, spread int64) Divisor {
	mean := floorDiv(total, int64(n))
	if spread < 0 {
		spread = max(mean, 0) + 2
	}
	spread = min(spread, 1<<26)
	d := make(Divisor, n)
	var sum int64
	for v := range d {
		d[v] = mean + rng.Int64N(2*spread+1) - spread
		sum += d[v]
	}
	diff := total - sum
	share := floorDiv(diff, int64(n))
	for v := range d {
		d[v] += share
	}
	for _, v := range rng.Perm(n)[:diff-share*int64(n)] {
		d[v]++
	}
	return d
}

// floorDiv returns ⌊a/b⌋ for b > 0.
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// SurveyGame draws a game of the SAT survey (benchmarks/chipfirebench,
// issue 29): n uniform in nLo..nHi, p uniform in [0.1, 0.3], a connected
// G(n, p) (RandomGame) and a divisor of degree g − k, k uniform in
// 0..⌊g/2⌋, drawn by RandomDivisor with its default spread; below the
// genus both winnable and unwinnable games occur (84 of the first 200
// seeds are winnable). The same source gives
// the same game. The error is that of RandomGame.
func SurveyGame(src rand.Source, nLo, nHi int) (*Game, error) {
	rng := rand.New(src)
	if nLo < 1 || nHi < nLo {
		return nil, fmt.Errorf("number of vertices %d..%d: want 1 ≤ low ≤ high", nLo, nHi)
	}
	n := nLo + rng.IntN(nHi-nLo+1)
	p := 0.1 + 0.2*rng.Float64()
	game, err := RandomGame(src, n, p, -1)
	if err != nil {
		return nil, err
	}
	g := int64(game.Graph.Genus())
	game.Divisor = RandomDivisor(rng, n, g-rng.Int64N(g/2+1), -1)
	return game, nil
}
