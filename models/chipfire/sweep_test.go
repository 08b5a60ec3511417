package chipfire

import (
	"context"
	"errors"
	"reflect"
	"testing"
)

// TestSweep checks the table of a small sweep: its shape, that it is the
// same on a second run (seeded), that Step, Row and Fewest are called as
// documented, that the optimal baseline never exceeds the best
// heuristic's script, and that a cancelled sweep stops with ctx's error.
func TestSweep(t *testing.T) {
	steps, rows, fewest := 0, 0, 0
	var shortest []int64
	sw := &Sweep{N: 6, Games: 5, Moves: 60, Seed: 3, Densities: []float64{0.4, 0.7}, Spread: -1,
		Step: func() { steps++ },
		Row: func(tb *SweepTable) {
			rows++
			if want := (rows-1)%2 + 1; len(tb.Densities) != want || len(tb.Optimal) != want {
				t.Errorf("row %d: %d densities, %d optimal", rows, len(tb.Densities), len(tb.Optimal))
			}
		},
		Fewest: func(ctx context.Context, g *Graph, d Divisor, known int64) (int64, bool, error) {
			fewest++
			if known < 0 {
				t.Errorf("known %d", known)
			}
			shortest = append(shortest, known)
			return known, false, nil
		},
	}
	a, err := sw.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if steps != 10 || rows != 2 || fewest != 10 {
		t.Fatalf("steps %d, rows %d, fewest %d; want 10, 2, 10", steps, rows, fewest)
	}
	if len(a.Heuristics) != len(Heuristics()) || len(a.Proven) != 2 || a.Proven[0] != 0 {
		t.Fatalf("table %+v", a)
	}
	won := false
	for _, h := range a.Heuristics {
		for i, s := range h.Success {
			if s < 0 || s > 1 || h.Moves[i] < 0 || h.Moves[i] > float64(sw.Moves) || (s == 0) != (h.Moves[i] == 0) {
				t.Fatalf("%s at p = %v: success %v, mean moves %v", h.Name, a.Densities[i], s, h.Moves[i])
			}
			won = won || s > 0
		}
	}
	if !won {
		t.Fatal("no heuristic won any game")
	}
	b, err := sw.Run(context.Background())
	if err != nil || !reflect.DeepEqual(a, b) {
		t.Fatalf("a second run differs: %v\n%+v\n%+v", err, a, b)
	}
	c := a.Clone()
	c.Heuristics[0].Success[0] = 2
	if a.Heuristics[0].Success[0] == 2 {
		t.Fatal("Clone shares the rows")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := sw.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled sweep: %v", err)
	}
}

// TestSweepStoppedKeepsRows is the regression test for a sweep stopped by
// its context (chipfire strategies --timeout) losing the densities it had
// finished (issue 29): Run returns them with the context's error.
func TestSweepStoppedKeepsRows(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	games := 0
	sw := &Sweep{N: 6, Games: 4, Moves: 30, Seed: 1, Densities: []float64{0.5, 0.7, 0.9}, Spread: -1,
		Step: func() {
			if games++; games == 6 { // in the middle of the second density
				cancel()
			}
		}}
	tab, err := sw.Run(ctx)
	if !errors.Is(err, context.Canceled) || tab == nil || len(tab.Densities) != 1 || len(tab.Heuristics[0].Success) != 1 {
		t.Fatalf("err %v, table %+v", err, tab)
	}
}
