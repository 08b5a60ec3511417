package chipfire

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestLevels(t *testing.T) {
	ctx := context.Background()
	var prev *Level
	for k := 1; k <= LevelCount; k++ {
		l, err := NewLevel(k)
		if err != nil {
			t.Fatal(err)
		}
		g, d := l.Game.Graph, l.Game.Divisor
		if l.Number != k || g.N() != l.N {
			t.Errorf("level %d: number %d, %d vertices, N %d", k, l.Number, g.N(), l.N)
		}
		if d.Deg() != int64(g.Genus()) {
			t.Errorf("level %d: degree %d, genus %d", k, d.Deg(), g.Genus())
		}
		if d.Effective() {
			t.Errorf("level %d: already won at the start: %v", k, d)
		}
		if r, err := Reduce(ctx, g, d, 0); err != nil || !r.Winnable() {
			t.Errorf("level %d: not winnable (%v)", k, err)
		}
		gr, _ := Greedy(ctx, g, d)
		if gr.Borrows != l.Borrows {
			t.Errorf("level %d: Borrows %d, greedy says %d", k, l.Borrows, gr.Borrows)
		}
		// Every level reaches its difficulty target with these seeds.
		if l.Borrows < int64(k+2) {
			t.Errorf("level %d: M0 = %d, below the target %d", k, l.Borrows, k+2)
		}
		if prev != nil && (l.N < prev.N || l.P > prev.P) {
			t.Errorf("level %d: G(%d, %.2f) after G(%d, %.2f): size must grow, density fall", k, l.N, l.P, prev.N, prev.P)
		}
		again, _ := NewLevel(k)
		if !slices.Equal(again.Game.Divisor, d) || !slices.Equal(again.Game.Graph.Edges(), g.Edges()) {
			t.Errorf("level %d: not the same game twice", k)
		}
		prev = l
	}
	for _, k := range []int{0, -1, LevelCount + 1} {
		if _, err := NewLevel(k); err == nil || !strings.Contains(err.Error(), "outside 1..") {
			t.Errorf("NewLevel(%d): err = %v", k, err)
		}
	}
}
