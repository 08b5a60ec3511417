package main

import (
	"fmt"
	"slices"
	"time"

	"github.com/satsolve/satsolve/models/games"
)

// misere runs the exhaustive misère search over single Kayles rows.
func (r *report) misere(max int) error {
	if max <= 0 || !r.rows.Next() {
		return nil
	}
	fmt.Println("## Misère Kayles")
	fmt.Println()
	start := time.Now()
	lose, positions, err := games.MustParseOctal("0.77").MisereLosses(r.ctx, max, 1<<26)
	if err != nil {
		return err
	}
	d := time.Since(start)
	var want []int
	for _, n := range []int{1, 4, 9, 12, 20} {
		if n <= max {
			want = append(want, n)
		}
	}
	if !slices.Equal(lose, want) {
		return fmt.Errorf("misère Kayles losses up to %d: %v, want %v", max, lose, want)
	}
	fmt.Printf("Single rows n ≤ %d that lose for the player to move: %v (as in the research brief), one shared exhaustive search of %d positions in %.1f s (one run).\n\n",
		max, lose, positions, d.Seconds())
	return nil
}
