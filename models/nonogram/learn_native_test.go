package nonogram

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
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

// BenchmarkFreeSchedule solves random pictures with uniqueness under the
// turns of learn_native.go, as they are (learning first on puzzles of
// freeness ≥ 0.55), never learning first (free 0) and always (free
// 0.01), by freeness band: 30 square pictures of 15 to 30 cells a side
// per band, at densities that put their freeness in it. It reports line
// solves per puzzle beside the time.
func BenchmarkFreeSchedule(b *testing.B) {
	saved := defaultLearnTurns
	defer func() { defaultLearnTurns = saved }()
	for _, band := range []float64{0.40, 0.45, 0.50, 0.55, 0.60, 0.65} {
		r := rand.New(rand.NewPCG(7, uint64(100*band)))
		var ps []*Puzzle
		for len(ps) < 30 {
			sz := 15 + r.IntN(16)
			p := puzzleOf(randomGrid(r, sz, sz, 0.05+0.35*r.Float64()))
			if f := freeness(p); f >= band && f < band+0.05 {
				ps = append(ps, p)
			}
		}
		for _, v := range []struct {
			name string
			free float64
		}{{"default", saved.free}, {"never", 0}, {"always", 0.01}} {
			b.Run(fmt.Sprintf("freeness=%.2f/%s", band, v.name), func(b *testing.B) {
				defaultLearnTurns = saved
				defaultLearnTurns.free = v.free
				var ls int64
				for b.Loop() {
					for _, p := range ps {
						res, err := SolveNative(context.Background(), p, Options{Limit: 2})
						if err != nil {
							b.Fatal(err)
						}
						ls += res.Stats.LineSolves
					}
				}
				b.ReportMetric(float64(ls)/float64(b.N*len(ps)), "linesolves/puzzle")
			})
		}
	}
}
