package nonogram

import (
	"math"
	"testing"
)

// TestFreeness checks freeness on puzzles whose value is known: a full
// grid leaves nothing free, an empty one everything, and a mixed one the
// mean of its lines' free fractions.
func TestFreeness(t *testing.T) {
	full := NewGrid(4, 3)
	for i := range full.Cells {
		full.Cells[i] = Black
	}
	empty := NewGrid(4, 3)
	for i := range empty.Cells {
		empty.Cells[i] = White
	}
	// Rows "1 1" (min 3 of 4: free 1/4), "" (1), "4" (0); columns "1 1"
	// (min 3 of 3: 0), "1" (2/3), "1 1" (0), "1" (2/3).
	mixed := NewGrid(4, 3)
	for i, v := range []Cell{
		Black, White, Black, White,
		White, White, White, White,
		Black, Black, Black, Black,
	} {
		mixed.Cells[i] = v
	}
	for _, c := range []struct {
		name string
		g    *Grid
		want float64
	}{
		{"full", full, 0},
		{"empty", empty, 1},
		{"mixed", mixed, (0.25 + 1 + 0 + 0 + 2.0/3 + 0 + 2.0/3) / 7},
	} {
		if got := freeness(puzzleOf(c.g)); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: freeness %v, want %v", c.name, got, c.want)
		}
	}
}
