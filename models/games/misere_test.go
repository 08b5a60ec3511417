package games

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
)

// TestMisereSingleRows checks the brief's misère oracles. Kayles is checked
// to 50 here (a fraction of a second); the bound 70 of the issue, 3.7
// million positions, runs in the gamesbench report.
func TestMisereSingleRows(t *testing.T) {
	cases := []struct {
		code string
		max  int
		want []int
	}{
		{"0.77", 50, []int{1, 4, 9, 12, 20}},
		{"0.07", 40, []int{2, 3, 7, 8, 12, 16, 17, 21, 22, 26, 30, 31, 35, 36, 40}},
		{"0.137", 39, []int{1, 2, 6, 7, 11, 15, 16, 20, 21, 25, 29, 30, 34, 35, 39}},
	}
	for _, c := range cases {
		t.Run(c.code, func(t *testing.T) {
			got, _, err := MustParseOctal(c.code).MisereLosses(context.Background(), c.max, 1<<22)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("misère losses up to %d: %v, want %v", c.max, got, c.want)
			}
		})
	}
}

// bruteMisere decides misère outcomes of sums of heaps by plain recursion
// over the moves, without canonical positions or move ordering.
func bruteMisere(code string, heaps []int, memo map[string]bool) bool {
	key := fmt.Sprint(sortedCopy(heaps))
	if w, ok := memo[key]; ok {
		return w
	}
	win, moved := false, false
	for i, h := range heaps {
		for sp := range splitsByDefinition(code, h) {
			moved = true
			if !bruteMisere(code, Move{Heap: i, Size: h, Split: sp}.Apply(heaps), memo) {
				win = true
			}
		}
	}
	if !moved {
		win = true
	}
	memo[key] = win
	return win
}

func TestOctalMisere(t *testing.T) {
	positions := [][]int{{1}, {1, 1}, {4}, {2, 3}, {1, 4, 4}, {5, 6}, {}, {0}, {9}}
	for _, code := range []string{"0.77", "0.137", "0.07", "4.7"} {
		g := MustParseOctal(code)
		memo := map[string]bool{}
		for _, heaps := range positions {
			t.Run(fmt.Sprint(code, heaps), func(t *testing.T) {
				an, err := g.Misere(context.Background(), heaps, 1<<20)
				if err != nil {
					t.Fatal(err)
				}
				if want := bruteMisere(code, heaps, memo); an.Win != want {
					t.Fatalf("win %v, want %v", an.Win, want)
				}
				var want []Move
				for i, h := range heaps {
					for sp := range g.Splits(h) {
						m := Move{Heap: i, Size: h, Split: sp}
						if !bruteMisere(code, m.Apply(heaps), memo) {
							want = append(want, m)
						}
					}
				}
				if !slices.Equal(an.Winning, want) {
					t.Errorf("winning %v, want %v", an.Winning, want)
				}
			})
		}
	}
}

// TestNimMisereBouton compares Bouton's rule, and the candidate moves
// NimMisere derives from it, with exhaustive search on every position of
// up to four heaps of at most five tokens.
func TestNimMisereBouton(t *testing.T) {
	r := nimRules(5)
	s := &heapSearch{ctx: context.Background(), rules: r, memo: map[string]bool{}, limit: 1 << 20}
	var rec func(heaps []int)
	count := 0
	rec = func(heaps []int) {
		if len(heaps) > 0 {
			count++
			an, err := NimMisere(heaps)
			if err != nil {
				t.Fatal(err)
			}
			ex, err := r.misere(context.Background(), heaps, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if an.Win != ex.Win || !sameMoves(an.Winning, ex.Winning) {
				t.Fatalf("%v: Bouton says win %v by %v, search says %v by %v", heaps, an.Win, an.Winning, ex.Win, ex.Winning)
			}
			w, err := s.wins(r.canonical(heaps))
			if err != nil || w != an.Win {
				t.Fatalf("%v: shared search says %v (%v)", heaps, w, err)
			}
		}
		if len(heaps) < 4 {
			for h := 0; h <= 5; h++ {
				rec(append(slices.Clone(heaps), h))
			}
		}
	}
	rec(nil)
	if count != 6+36+216+1296 {
		t.Errorf("checked %d positions", count)
	}
}

// sameMoves compares move lists as sets.
func sameMoves(a, b []Move) bool {
	key := func(ms []Move) []string {
		var out []string
		for _, m := range ms {
			out = append(out, fmt.Sprint(m.Heap, m.Size, m.Split))
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(key(a), key(b))
}

func TestMisereLimitAndErrors(t *testing.T) {
	g := MustParseOctal("0.77")
	if _, err := g.Misere(context.Background(), []int{30}, 100); !errors.Is(err, ErrSearchLimit) {
		t.Errorf("limit 100 on Kayles 30: %v, want ErrSearchLimit", err)
	}
	if _, err := g.Misere(context.Background(), []int{256}, 100); err == nil {
		t.Error("a heap of 256 was accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.Misere(ctx, []int{20}, 1<<20); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled search: %v", err)
	}
	if _, _, err := g.MisereLosses(context.Background(), 256, 100); err == nil {
		t.Error("MisereLosses accepted 256")
	}
	if _, _, err := g.MisereLosses(context.Background(), 40, 100); !errors.Is(err, ErrSearchLimit) {
		t.Errorf("MisereLosses with limit 100: %v", err)
	}
	if _, err := NimMisere([]int{-2}); err == nil {
		t.Error("NimMisere accepted a negative heap")
	}
}
