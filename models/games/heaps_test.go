package games

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// sizeMoves reduces moves to distinct "size → result" strings, sorted.
func sizeMoves(moves []Move) []string {
	var out []string
	for _, m := range moves {
		out = append(out, m.String())
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func TestNim(t *testing.T) {
	cases := []struct {
		name    string
		heaps   []int
		nimber  int
		winning []string
	}{
		// The lecture example; the slides' "101, take 3 from a heap of 7"
		// is an arithmetic slip: 8⊕8⊕7⊕7⊕7⊕6⊕4⊕4⊕4⊕2⊕1 = 6.
		{"lecture", []int{8, 8, 7, 7, 7, 6, 4, 4, 4, 2, 1}, 6, []string{"4 → 2 (take 2)", "6 → 0 (take 6)", "7 → 1 (take 6)"}},
		{"1 2 3", []int{1, 2, 3}, 0, nil},
		{"3 4 5", []int{3, 4, 5}, 2, []string{"3 → 1 (take 2)"}},
		{"single", []int{5}, 5, []string{"5 → 0 (take 5)"}},
		{"empty", nil, 0, nil},
		{"zeros", []int{0, 0}, 0, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			an, err := Nim(c.heaps)
			if err != nil {
				t.Fatal(err)
			}
			if an.Nimber != c.nimber || !slices.Equal(sizeMoves(an.Winning), c.winning) {
				t.Errorf("nimber %d, moves %v; want %d, %v", an.Nimber, sizeMoves(an.Winning), c.nimber, c.winning)
			}
			for _, m := range an.Winning {
				after, _ := Nim(m.Apply(c.heaps))
				if after.Nimber != 0 {
					t.Errorf("move %v leaves nim-sum %d", m, after.Nimber)
				}
			}
		})
	}
	if _, err := Nim([]int{3, -1}); err == nil {
		t.Error("Nim accepted a negative heap")
	}
}

func TestNimLectureMoveCounts(t *testing.T) {
	an, err := Nim([]int{8, 8, 7, 7, 7, 6, 4, 4, 4, 2, 1})
	if err != nil {
		t.Fatal(err)
	}
	// Three heaps of 7, one of 6, three of 4: seven moves by heap index.
	want := []int{2, 3, 4, 5, 6, 7, 8}
	var got []int
	for _, m := range an.Winning {
		got = append(got, m.Heap)
	}
	if !slices.Equal(got, want) {
		t.Errorf("winning heaps %v, want %v", got, want)
	}
}

// bruteNimber computes the value of a sum of heaps of an octal game by
// recursion over whole positions (never summing), as a reference for the
// Sprague–Grundy shortcut.
func bruteNimber(code string, heaps []int, memo map[string]int) int {
	key := fmt.Sprint(sortedCopy(heaps))
	if v, ok := memo[key]; ok {
		return v
	}
	opts := map[int]bool{}
	for i, h := range heaps {
		for sp := range splitsByDefinition(code, h) {
			opts[bruteNimber(code, Move{Heap: i, Size: h, Split: sp}.Apply(heaps), memo)] = true
		}
	}
	v := 0
	for opts[v] {
		v++
	}
	memo[key] = v
	return v
}

func sortedCopy(xs []int) []int {
	out := slices.Clone(xs)
	slices.Sort(out)
	return out
}

func TestOctalAnalyse(t *testing.T) {
	positions := [][]int{{1, 4}, {3, 5}, {2, 2, 7}, {6}, {9, 1}, {0, 4, 4}, {}, {5, 6, 7}}
	for _, code := range []string{"0.77", "0.137", "0.07", "4.7", "0.6"} {
		g := MustParseOctal(code)
		memo := map[string]int{}
		for _, heaps := range positions {
			t.Run(fmt.Sprint(code, heaps), func(t *testing.T) {
				an, err := g.Analyse(context.Background(), heaps)
				if err != nil {
					t.Fatal(err)
				}
				if want := bruteNimber(code, heaps, memo); an.Nimber != want {
					t.Fatalf("nimber %d, want %d", an.Nimber, want)
				}
				// Winning moves are exactly the moves to value 0.
				var want []Move
				for i, h := range heaps {
					for sp := range g.Splits(h) {
						m := Move{Heap: i, Size: h, Split: sp}
						if bruteNimber(code, m.Apply(heaps), memo) == 0 {
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

func TestKaylesRowsOneFourLose(t *testing.T) {
	an, err := MustParseOctal("0.77").Analyse(context.Background(), []int{1, 4})
	if err != nil {
		t.Fatal(err)
	}
	if an.Nimber != 0 || len(an.Winning) != 0 {
		t.Errorf("Kayles 1+4: nimber %d, %d winning moves; want a P-position", an.Nimber, len(an.Winning))
	}
}

func TestMoveString(t *testing.T) {
	cases := []struct {
		m    Move
		want string
	}{
		{Move{Size: 7, Split: Split{Take: 6, B: 1}}, "7 → 1 (take 6)"},
		{Move{Size: 2, Split: Split{Take: 2}}, "2 → 0 (take 2)"},
		{Move{Size: 10, Split: Split{Take: 2, A: 3, B: 5}}, "10 → 3 + 5 (take 2)"},
	}
	for _, c := range cases {
		if got := c.m.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.m, got, c.want)
		}
	}
}

func TestAnalyseErrors(t *testing.T) {
	g := MustParseOctal("0.77")
	for _, heaps := range [][]int{{-1}, {MaxSequence + 1}} {
		if _, err := g.Analyse(context.Background(), heaps); err == nil {
			t.Errorf("Analyse(%v) succeeded", heaps)
		}
	}
}
