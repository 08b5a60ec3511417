package chart

import (
	"fmt"
	"strconv"
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
	for s, want := range map[float64]string{100: "100s", 1000: "1000s", 60: "60s", 1.5e-3: "1.5ms"} {
		if got := Seconds(s); got != want {
			t.Errorf("Seconds(%v) = %q, want %q", s, got, want)
		}
	}
}

func typeName(v any) string { return fmt.Sprintf("%T", v) }

// TestCountTicks checks that counts are labelled as whole numbers, where
// gonum's default writes "750.00" on a range whose step is 250.
func TestCountTicks(t *testing.T) {
	for _, hi := range []float64{1, 3.5, 7, 760, 38000} {
		n := 0
		for _, tk := range (countTicks{}).Ticks(0, hi) {
			if tk.Label == "" {
				continue
			}
			n++
			if strings.ContainsAny(tk.Label, ".e") || tk.Label != strconv.Itoa(int(tk.Value)) {
				t.Errorf("0..%v: tick %v labelled %q", hi, tk.Value, tk.Label)
			}
		}
		if n < 2 {
			t.Errorf("0..%v: %d labelled ticks", hi, n)
		}
	}
}
