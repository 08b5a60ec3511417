package games

import (
	"strings"
	"testing"
)

func TestParseOctal(t *testing.T) {
	cases := []struct {
		code, want string // want "" means an error
		span       int
	}{
		{"0.77", "0.77", 2},
		{".77", "0.77", 2},
		{" 0.137 ", "0.137", 3},
		{"4.7", "4.7", 1},
		{"0.0700", "0.07", 2},
		{"kayles", "0.77", 2},
		{"Dawsons-Kayles", "0.07", 2},
		{"dawsons-chess", "0.137", 3},
		{"node-kayles", "0.137", 3},
		{"0.", "0.0", 0},
		{"4.", "4.0", 0},
		{"0.3f", "", 0},
		{"0.8", "", 0},
		{"1.7", "", 0},
		{"2.7", "", 0},
		{"77", "", 0},
		{"", "", 0},
		{"0.7.7", "", 0},
		{"0." + strings.Repeat("7", maxCodeDigits+1), "", 0},
	}
	for _, c := range cases {
		t.Run(c.code, func(t *testing.T) {
			g, err := ParseOctal(c.code)
			if c.want == "" {
				if err == nil {
					t.Fatalf("ParseOctal(%q) = %v, want an error", c.code, g)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if g.String() != c.want || g.Span() != c.span {
				t.Errorf("ParseOctal(%q) = %v with span %d, want %s with span %d", c.code, g, g.Span(), c.want, c.span)
			}
			again, err := ParseOctal(g.String())
			if err != nil || again.String() != g.String() {
				t.Errorf("round trip of %v: %v, %v", g, again, err)
			}
		})
	}
}

// splitsByDefinition lists the moves on a heap of n straight from the
// digits of code, as the rules say them.
func splitsByDefinition(code string, n int) map[Split]bool {
	head, tail, _ := strings.Cut(code, ".")
	digits := head + tail // digit k is the code for removing k tokens
	out := map[Split]bool{}
	for k := 0; k < len(digits) && k <= n; k++ {
		d := int(digits[k] - '0')
		rest := n - k
		if d&1 != 0 && rest == 0 && k > 0 {
			out[Split{Take: k}] = true
		}
		if d&2 != 0 && rest > 0 && k > 0 {
			out[Split{Take: k, B: rest}] = true
		}
		if d&4 != 0 {
			for a := 1; a < rest; a++ {
				out[Split{Take: k, A: min(a, rest-a), B: max(a, rest-a)}] = true
			}
		}
	}
	return out
}

func TestSplitsAndDead(t *testing.T) {
	for _, code := range []string{"0.77", "0.137", "0.07", "4.7", "0.4", "0.1", "0.6", "0.123456", "4.0"} {
		g := MustParseOctal(code)
		for n := 0; n <= 12; n++ {
			want := splitsByDefinition(code, n)
			var got []Split
			for sp := range g.Splits(n) {
				got = append(got, sp)
			}
			if len(got) != len(want) {
				t.Errorf("%s, heap %d: %d moves %v, want %d", code, n, len(got), got, len(want))
			}
			for i, sp := range got {
				if !want[sp] || sp.A > sp.B {
					t.Errorf("%s, heap %d: move %+v is not a move", code, n, sp)
				}
				if i > 0 && (sp.Take < got[i-1].Take || sp.Take == got[i-1].Take && sp.A <= got[i-1].A) {
					t.Errorf("%s, heap %d: moves out of order: %v", code, n, got)
				}
			}
			if g.Dead(n) != (len(want) == 0) {
				t.Errorf("%s: Dead(%d) = %v with %d moves", code, n, g.Dead(n), len(want))
			}
		}
	}
}
