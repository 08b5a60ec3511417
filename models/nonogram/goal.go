package nonogram

import "fmt"

// A puzzle file may hold a goal image (the intended picture). This file
// and Result.AddGoal are the one place that decides what it may be used
// for: a hint for the search only once it satisfies the clues, and,
// after a search, one more solution when it satisfies them and differs
// from those found.

// GoalHint returns the puzzle's goal image to use as Options.Hint: nil
// and no error when the puzzle has none, nil and an error saying which
// line it breaks when it does not satisfy the clues.
func GoalHint(p *Puzzle) (*Grid, error) {
	if p.Goal == nil {
		return nil, nil
	}
	if err := Check(p, p.Goal); err != nil {
		return nil, fmt.Errorf("the goal image does not satisfy the clues (%w); solving without it", err)
	}
	return p.Goal, nil
}
