package nonogram

import "testing"

// TestGoalHint checks the three cases: no goal, a goal that satisfies the
// clues (the hint), one that does not (an error, no hint).
func TestGoalHint(t *testing.T) {
	p := &Puzzle{Width: 2, Height: 1, Rows: []Clue{{1}}, Cols: []Clue{{1}, {}}}
	if g, err := GoalHint(p); g != nil || err != nil {
		t.Errorf("no goal: %v, %v", g, err)
	}
	good := NewGrid(2, 1)
	good.Set(0, 0, Black)
	good.Set(0, 1, White)
	p.Goal = good
	if g, err := GoalHint(p); g != good || err != nil {
		t.Errorf("a valid goal: %v, %v", g, err)
	}
	bad := NewGrid(2, 1)
	bad.Set(0, 0, White)
	bad.Set(0, 1, Black)
	p.Goal = bad
	if g, err := GoalHint(p); g != nil || err == nil {
		t.Errorf("an invalid goal: %v, %v", g, err)
	}
}
