package english

import "testing"

func TestCount(t *testing.T) {
	cases := []struct {
		n    int
		noun string
		want string
	}{
		{1, "puzzle", "1 puzzle"},
		{0, "puzzle", "0 puzzles"},
		{2, "puzzle", "2 puzzles"},
		{1, "vertex", "1 vertex"},
		{3, "vertex", "3 vertices"},
		{1, "more move", "1 more move"},
		{5, "more move", "5 more moves"},
		{2, "family", "2 families"},
		{2, "day", "2 days"},
		{2, "box", "2 boxes"},
		{2, "match", "2 matches"},
		{2, "class", "2 classes"},
		{-1, "token", "-1 token"},
		{2, "winning move", "2 winning moves"},
		{2, "argument", "2 arguments"},
	}
	for _, c := range cases {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}
