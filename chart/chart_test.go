package chart

import (
	"fmt"
	"strings"
	"testing"
)

func TestWrap(t *testing.T) {
	got := Wrap("encode time and solve time (median of 3; no mark: n/a)", 20)
	for _, line := range strings.Split(got, "\n") {
		if len([]rune(line)) > 20 {
			t.Errorf("line %q longer than 20", line)
		}
	}
	if strings.Join(strings.Fields(got), " ") != "encode time and solve time (median of 3; no mark: n/a)" {
		t.Errorf("words lost: %q", got)
	}
}

func TestStylesDistinct(t *testing.T) {
	seen := map[string]bool{}
	for i := range 70 {
		r, g, b, _ := Color(i).RGBA()
		k := strings.Join([]string{string(rune(r)), string(rune(g)), string(rune(b))}, ",") + "/" + strings.TrimPrefix(strings.TrimPrefix(typeName(Glyph(i)), "draw."), "*")
		if seen[k] {
			t.Fatalf("series %d repeats the style of an earlier one", i)
		}
		seen[k] = true
	}
}

func TestSecondsTicks(t *testing.T) {
	var labels []string
	for _, tk := range (secondsTicks{}).Ticks(2e-5, 20) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if got := strings.Join(labels, " "); got != "100µs 1ms 10ms 100ms 1s 10s" {
		t.Errorf("labels %q", got)
	}
}

func typeName(v any) string { return fmt.Sprintf("%T", v) }
