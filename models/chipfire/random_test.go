package chipfire

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestRandomGame(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		n int
		p float64
	}{{1, 0}, {2, 1}, {8, 0.5}, {12, 0.3}, {30, 0.2}} {
		a, err := RandomGame(rand.NewPCG(1, uint64(c.n)), c.n, c.p, -1)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := RandomGame(rand.NewPCG(1, uint64(c.n)), c.n, c.p, -1)
		if !slices.Equal(a.Graph.Edges(), b.Graph.Edges()) || !slices.Equal(a.Divisor, b.Divisor) {
			t.Errorf("n=%d: the same seed gave different games", c.n)
		}
		if a.Graph.N() != c.n || a.Divisor.Deg() != int64(a.Graph.Genus()) {
			t.Errorf("n=%d: %d vertices, degree %d, genus %d", c.n, a.Graph.N(), a.Divisor.Deg(), a.Graph.Genus())
		}
		// deg D = g, so the game is winnable (Baker–Norine).
		if r, err := Reduce(ctx, a.Graph, a.Divisor, 0); err != nil || !r.Winnable() {
			t.Errorf("n=%d: random game %v is not winnable (%v)", c.n, a.Divisor, err)
		}
	}
	if g, _ := RandomGame(rand.NewPCG(2, 2), 8, 1, -1); !g.Graph.IsComplete() {
		t.Error("G(8, 1) is not K8")
	}
	for _, c := range []struct {
		n    int
		p    float64
		want string
	}{{0, 0.5, "outside 1.."}, {5, 1.5, "outside [0, 1]"}, {5, -0.1, "outside [0, 1]"}, {50, 0.001, "no connected G(50, 0.001)"}} {
		if _, err := RandomGame(rand.NewPCG(3, 3), c.n, c.p, -1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("RandomGame(%d, %v): err = %v, want %q", c.n, c.p, err, c.want)
		}
	}
}

func TestRandomDivisor(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, c := range []struct {
		n             int
		total, spread int64
	}{{1, 5, 0}, {5, 0, 0}, {5, 12, 1}, {10, -7, 3}, {10, 100, -1}, {7, 3, 50}} {
		d := RandomDivisor(rng, c.n, c.total, c.spread)
		if len(d) != c.n || d.Deg() != c.total {
			t.Fatalf("%+v: %v has degree %d", c, d, d.Deg())
		}
		if c.spread == 0 {
			// No spread: every value within one of the mean.
			lo, hi := slices.Min(d), slices.Max(d)
			if hi-lo > 1 {
				t.Errorf("%+v: spread-0 values %v", c, d)
			}
		}
	}
	// The default spread leaves some vertex in debt.
	d := RandomDivisor(rng, 200, 1000, -1)
	if d.Effective() {
		t.Errorf("default spread: no vertex in debt in %v", d)
	}
}

func TestHeuristics(t *testing.T) {
	// Two richest vertices: 0 (degree 3, neighbours 2, 3, 4 holding −4)
	// and 1 (degree 1, neighbour 5 holding 2).
	g := mustGraph(t, 6, []Edge{{0, 2}, {0, 3}, {0, 4}, {1, 5}, {5, 2}})
	d := Divisor{5, 5, -3, -1, 0, 2}
	want := map[Heuristic][]int{
		Richest:             {0},       // lowest index
		RichestPoorNbrs:     {0},       // −4 < 2
		RichestRichNbrs:     {1},       // 2 > −4
		RichestLowDegree:    {1},       // 1 < 3
		RichestHighDegree:   {0},       // 3 > 1
		RichestRandom:       {0, 1},    // either
		PoorestNbrs:         {0},       // positive 0, 1, 5 with weights −4, 2, 2
		RandomPositive:      {0, 1, 5}, // any positive vertex
		RichestNbrOfPoorest: {0},       // poorest is 2; its neighbours 0 (5) and 5 (2)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for _, h := range Heuristics() {
		t.Run(h.String(), func(t *testing.T) {
			for range 20 {
				if v := h.Choose(g, d, rng); !slices.Contains(want[h], v) {
					t.Fatalf("chose %d, want one of %v", v, want[h])
				}
			}
			back, err := ParseHeuristic(h.String())
			if err != nil || back != h {
				t.Errorf("ParseHeuristic(%q) = %v, %v", h.String(), back, err)
			}
		})
	}
	if len(Heuristics()) != 9 {
		t.Errorf("%d heuristics, want 9", len(Heuristics()))
	}
	if _, err := ParseHeuristic("best"); err == nil {
		t.Error("ParseHeuristic accepted an unknown name")
	}
	if v := RichestNbrOfPoorest.Choose(g, Divisor{5, 5, -3, -1, 0, 6}, rng); v != 5 {
		t.Errorf("RichestNbrOfPoorest chose %d, want 5", v)
	}
	if v := RandomPositive.Choose(g, Divisor{0, 0, -1, 0, 0, 0}, rng); v != -1 {
		t.Errorf("RandomPositive found %d with no positive vertex", v)
	}
}

func TestPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	// K3 (2,−1,−1): vertex 0 lends once and wins.
	res, err := Play(complete(t, 3), Divisor{2, -1, -1}, Richest, 10, rng)
	if err != nil || !res.Won || res.Moves != 1 || !slices.Equal(res.Script, Script{1, 0, 0}) {
		t.Errorf("K3: %+v, %v", res, err)
	}
	// Unwinnable K3 (−1,1,0): never won, stops at the limit.
	res, _ = Play(complete(t, 3), Divisor{-1, 1, 0}, Richest, 25, rng)
	if res.Won || res.Moves != 25 {
		t.Errorf("unwinnable K3: %+v", res)
	}
	// Every win is a real win.
	for i := range 200 {
		game, err := RandomGame(rand.NewPCG(7, uint64(i)), 6, 0.6, -1)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range Heuristics() {
			res, err := Play(game.Graph, game.Divisor, h, 100, rng)
			if err != nil {
				t.Fatal(err)
			}
			if res.Won {
				if err := game.Graph.CheckWin(game.Divisor, res.Script); err != nil || res.Script.Moves() != int64(res.Moves) {
					t.Fatalf("%v won with %v (%d moves): %v", h, res.Script, res.Moves, err)
				}
			}
		}
	}
	if _, err := Play(complete(t, 3), Divisor{1}, Richest, 5, rng); err == nil {
		t.Error("Play accepted a short divisor")
	}
}

// TestRandomGameContext checks the refusals that keep chipfire random
// within its --timeout: a cancelled context stops the draws, and a G(n, p)
// expected to exceed MaxEdges is refused before any draw.
func TestRandomGameContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := RandomGameContext(ctx, rand.NewPCG(1, 1), 50, 0.001, -1); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	// The refusal names the expected size; a draw would have failed later,
	// after tens of seconds, with the size it drew.
	if _, err := RandomGame(rand.NewPCG(1, 1), 3000, 0.9, -1); err == nil || !strings.Contains(err.Error(), "has about 4048650 edges") {
		t.Errorf("G(3000, 0.9): %v", err)
	}
}
