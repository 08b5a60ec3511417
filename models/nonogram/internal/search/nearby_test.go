package search

import (
	"context"
	"testing"

	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest"
	"github.com/satsolve/satsolve/models/nonogram/internal/nonotest/satenum"
	"github.com/satsolve/satsolve/sat/gini"
)

// TestNearby checks the neighbourhood search on a puzzle with two
// solutions far apart in a larger grid: a 2×2 switch embedded in a
// line-solvable frame.
func TestNearby(t *testing.T) {
	// Rows 0-1, columns 0-1 hold the switch; the rest is a diagonal that
	// line solving fixes.
	g := nonogram.NewGrid(12, 12)
	for i := range g.Cells {
		g.Cells[i] = nonogram.White
	}
	g.Set(0, 0, nonogram.Black)
	g.Set(1, 1, nonogram.Black)
	for i := 3; i < 12; i++ {
		for j := 3; j <= i; j++ {
			g.Set(i, j, nonogram.Black)
		}
	}
	p := nonotest.PuzzleOf(g)
	all, err := satenum.Solutions(gini.New(), p, 3)
	if err != nil || !all.Exhausted || len(all.Solutions) != 2 {
		t.Fatalf("the test puzzle should have exactly 2 solutions: %d (%v)", len(all.Solutions), err)
	}
	var st nonogram.Stats
	other, err := nearby(context.Background(), p, g, nil, &st)
	if err != nil {
		t.Fatal(err)
	}
	if other == nil || other.Equal(g) || nonogram.Check(p, other) != nil {
		t.Fatalf("nearby found %v", other)
	}
	again, err := nearby(context.Background(), p, g, []*nonogram.Grid{other}, &st)
	if err != nil || again != nil {
		t.Fatalf("nearby found a third solution %v (%v)", again, err)
	}
}
