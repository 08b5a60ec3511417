package games

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/simple"
)

func kaylesValue(t *testing.T, g graph.Undirected, canonicalMax int) KaylesAnalysis {
	t.Helper()
	k, err := NewKayles(g)
	if err != nil {
		t.Fatal(err)
	}
	k.CanonicalMax = canonicalMax
	an, err := k.Analyse(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return an
}

// TestKaylesKnownGraphs checks the values of the research brief (B4).
func TestKaylesKnownGraphs(t *testing.T) {
	type tc struct {
		name string
		g    *simple.UndirectedGraph
		want int
	}
	cases := []tc{
		{"Petersen", petersenGraph(), 1},
		{"cube Q3", hypercube(3), 0},
		{"grid 2x2", gridGraph(2, 2), 0},
		{"grid 2x3", gridGraph(2, 3), 1},
		{"grid 3x3", gridGraph(3, 3), 1},
		{"grid 3x4", gridGraph(3, 4), 0},
		{"grid 4x4", gridGraph(4, 4), 0},
		{"wheel W5", graphOf(5, [][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {2, 3}, {3, 4}, {4, 1}}), 2},
		{"house", graphOf(5, [][2]int{{0, 1}, {0, 2}, {1, 3}, {2, 3}, {2, 4}, {3, 4}}), 0},
		{"diamond", graphOf(4, [][2]int{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}}), 2},
		{"empty", graphOf(0, nil), 0},
	}
	for n := 1; n <= 9; n++ {
		cases = append(cases, tc{fmt.Sprintf("K%d", n), completeGraph(n), 1})
		// Star K1,n: 1 for odd n, 2 for even n.
		cases = append(cases, tc{fmt.Sprintf("star K1,%d", n), completeBipartite(1, n), 2 - n%2})
	}
	for m := 2; m <= 5; m++ {
		for n := m; n <= 6; n++ {
			// K_{m,n} = mex{(m−1) mod 2, (n−1) mod 2}.
			opts := map[int]bool{(m - 1) % 2: true, (n - 1) % 2: true}
			want := 0
			for opts[want] {
				want++
			}
			cases = append(cases, tc{fmt.Sprintf("K%d,%d", m, n), completeBipartite(m, n), want})
		}
	}
	for n := 1; n <= 64; n++ {
		cases = append(cases, tc{fmt.Sprintf("path P%d", n), pathGraph(n), dawsonOEIS(n)})
	}
	for n := 3; n <= 40; n++ {
		// C_n = mex{A002187(n−3)}.
		want := 0
		if dawsonOEIS(n-3) == 0 {
			want = 1
		}
		cases = append(cases, tc{fmt.Sprintf("cycle C%d", n), cycleGraph(n), want})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, cm := range []int{0, 16} {
				if an := kaylesValue(t, c.g, cm); an.Nimber != c.want {
					t.Errorf("CanonicalMax %d: value %d, want %d", cm, an.Nimber, c.want)
				}
			}
		})
	}
}

// bruteKayles is the plain definition: the mex over the vertices of the
// value after the move, memoised on the whole remaining set, no
// components.
func bruteKayles(closed []uint64, set uint64, memo map[uint64]int) int {
	if v, ok := memo[set]; ok {
		return v
	}
	opts := map[int]bool{}
	for m := set; m != 0; m &= m - 1 {
		opts[bruteKayles(closed, set&^closed[bits.TrailingZeros64(m)], memo)] = true
	}
	v := 0
	for opts[v] {
		v++
	}
	memo[set] = v
	return v
}

// closedNeighbourhoods lists N[v] for vertices 0..n−1 of a test graph.
func closedNeighbourhoods(g *simple.UndirectedGraph) []uint64 {
	n := g.Nodes().Len()
	closed := make([]uint64, n)
	for i := range n {
		closed[i] = 1 << i
		for _, m := range graph.NodesOf(g.From(int64(i))) {
			closed[i] |= 1 << m.ID()
		}
	}
	return closed
}

func TestKaylesRandomGraphs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for i := range 60 {
		n := 4 + r.IntN(11)
		p := 0.1 + 0.5*r.Float64()
		g := randomGraph(r, n, p)
		t.Run(fmt.Sprintf("%d/n=%d/p=%.2f", i, n, p), func(t *testing.T) {
			closed := closedNeighbourhoods(g)
			memo := map[uint64]int{}
			all := uint64(1)<<n - 1
			want := bruteKayles(closed, all, memo)
			var wantMoves []int64
			for v := range n {
				if bruteKayles(closed, all&^closed[v], memo) == 0 {
					wantMoves = append(wantMoves, int64(v))
				}
			}
			for _, cm := range []int{0, MaxKaylesVertices} {
				an := kaylesValue(t, g, cm)
				var moves []int64
				for _, m := range an.Winning {
					moves = append(moves, m.ID())
				}
				if an.Nimber != want || !slices.Equal(moves, wantMoves) {
					t.Errorf("CanonicalMax %d: value %d moves %v, want %d %v", cm, an.Nimber, moves, want, wantMoves)
				}
				x := 0
				for _, v := range an.Components {
					x ^= v
				}
				if x != an.Nimber {
					t.Errorf("components %v do not sum to %d", an.Components, an.Nimber)
				}
			}
		})
	}
}

func TestKaylesValueOfSubsets(t *testing.T) {
	g := petersenGraph()
	k, err := NewKayles(g)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range k.Vertices() {
		if v.ID() != int64(i) {
			t.Fatalf("vertex %d of the bit sets has ID %d", i, v.ID())
		}
	}
	closed := closedNeighbourhoods(g)
	memo := map[uint64]int{}
	for set := uint64(0); set < 1<<10; set += 7 {
		got, err := k.Value(context.Background(), set)
		if err != nil {
			t.Fatal(err)
		}
		if want := bruteKayles(closed, set, memo); got != want {
			t.Errorf("set %010b: value %d, want %d", set, got, want)
		}
	}
}

func TestKaylesErrors(t *testing.T) {
	if _, err := NewKayles(pathGraph(MaxKaylesVertices + 1)); err == nil {
		t.Error("NewKayles accepted 65 vertices")
	}
	k, err := NewKayles(gridGraph(5, 6))
	if err != nil {
		t.Fatal(err)
	}
	k.Limit = 50
	if _, err := k.Analyse(context.Background()); !errors.Is(err, ErrSearchLimit) {
		t.Errorf("limit 50 on a 5x6 grid: %v, want ErrSearchLimit", err)
	}
	k, _ = NewKayles(randomGraph(rand.New(rand.NewPCG(1, 1)), 40, 0.1))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := k.Analyse(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled analysis: %v, want context.Canceled", err)
	}
}

// bruteKaylesMisere is the misère definition on whole sets.
func bruteKaylesMisere(closed []uint64, set uint64, memo map[uint64]bool) bool {
	if w, ok := memo[set]; ok {
		return w
	}
	win := set == 0
	for m := set; m != 0; m &= m - 1 {
		if !bruteKaylesMisere(closed, set&^closed[bits.TrailingZeros64(m)], memo) {
			win = true
		}
	}
	memo[set] = win
	return win
}

func TestKaylesMisere(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	var graphs []*simple.UndirectedGraph
	for range 30 {
		graphs = append(graphs, randomGraph(r, 3+r.IntN(11), 0.1+0.4*r.Float64()))
	}
	graphs = append(graphs, petersenGraph(), hypercube(3), graphOf(0, nil), graphOf(1, nil))
	for i, g := range graphs {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			k, err := NewKayles(g)
			if err != nil {
				t.Fatal(err)
			}
			an, err := k.Misere(context.Background(), 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			closed := closedNeighbourhoods(g)
			memo := map[uint64]bool{}
			n := g.Nodes().Len()
			all := uint64(1)<<n - 1
			var want []int64
			for v := range n {
				if !bruteKaylesMisere(closed, all&^closed[v], memo) {
					want = append(want, int64(v))
				}
			}
			var got []int64
			for _, m := range an.Winning {
				got = append(got, m.ID())
			}
			if an.Win != bruteKaylesMisere(closed, all, memo) || !slices.Equal(got, want) {
				t.Errorf("win %v by %v, want %v by %v", an.Win, got, bruteKaylesMisere(closed, all, memo), want)
			}
		})
	}
}

// TestKaylesMiserePaths checks node-Kayles on paths against the 0.137
// misère oracle of the brief, through the graph code path.
func TestKaylesMiserePaths(t *testing.T) {
	lose := []int{1, 2, 6, 7, 11, 15, 16, 20, 21}
	for n := 0; n <= 24; n++ {
		k, err := NewKayles(pathGraph(n))
		if err != nil {
			t.Fatal(err)
		}
		an, err := k.Misere(context.Background(), 1<<22)
		if err != nil {
			t.Fatal(err)
		}
		if an.Win == slices.Contains(lose, n) {
			t.Errorf("misère path P%d: win %v", n, an.Win)
		}
	}
}
