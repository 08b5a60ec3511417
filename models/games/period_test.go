package games

import (
	"context"
	"slices"
	"testing"
)

func TestPeriodicityKnown(t *testing.T) {
	cases := []struct {
		code              string
		period, preperiod int
		exceptions, cycle []int
	}{
		{"0.77", 12, 71, []int{0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70}, kaylesCycle},
		{"0.137", 34, 52, []int{0, 14, 16, 17, 31, 34, 51}, dawsonCycle},
		{"0.07", 34, 53, []int{0, 1, 15, 17, 18, 32, 35, 52}, nil},
	}
	for _, c := range cases {
		t.Run(c.code, func(t *testing.T) {
			g := MustParseOctal(c.code)
			seq, err := g.Sequence(context.Background(), 1000)
			if err != nil {
				t.Fatal(err)
			}
			p, ok := g.Periodicity(seq)
			if !ok {
				t.Fatal("no period found in 1000 values")
			}
			if p.Period != c.period || p.Preperiod != c.preperiod || !slices.Equal(p.Exceptions, c.exceptions) {
				t.Errorf("period %d, preperiod %d, exceptions %v; want %d, %d, %v",
					p.Period, p.Preperiod, p.Exceptions, c.period, c.preperiod, c.exceptions)
			}
			if c.cycle != nil && !slices.Equal(p.Cycle, c.cycle) {
				t.Errorf("cycle %v, want %v", p.Cycle, c.cycle)
			}
		})
	}
}

// TestPeriodicityNeedsEnoughData checks the Guy–Smith bound: Kayles
// (t = 2, p = 12, n0 = 71) is proven from 2·71 + 2·12 + 2 = 168 values and
// not from 167.
func TestPeriodicityNeedsEnoughData(t *testing.T) {
	g := MustParseOctal("0.77")
	seq, err := g.Sequence(context.Background(), 400)
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := g.Periodicity(seq[:168]); !ok || p.Period != 12 || p.Preperiod != 71 {
		t.Errorf("168 values: %+v, %v; want period 12 from 71", p, ok)
	}
	if p, ok := g.Periodicity(seq[:167]); ok && p.Period == 12 {
		t.Errorf("167 values proved period 12 (%+v): the criterion needs 168", p)
	}
}

// TestPeriodicitySynthetic feeds hand-made sequences where the answer
// follows from the criterion alone.
func TestPeriodicitySynthetic(t *testing.T) {
	repeat := func(prefix, cycle []int, n int) []int {
		out := append([]int(nil), prefix...)
		for len(out) < n {
			out = append(out, cycle[(len(out))%len(cycle)])
		}
		return out
	}
	cases := []struct {
		name              string
		code              string
		seq               []int
		ok                bool
		period, preperiod int
	}{
		{"constant", "0.1", repeat(nil, []int{0}, 10), true, 1, 0},
		{"alternating", "0.3", repeat(nil, []int{0, 1}, 10), true, 2, 0},
		// 2·n0 + 2p + t = 2·3 + 4 + 1 = 11 values needed.
		{"prefix proved", "0.3", repeat([]int{5, 5, 5}, []int{0, 1}, 11), true, 2, 3},
		{"prefix too short", "0.3", repeat([]int{5, 5, 5}, []int{0, 1}, 10), false, 0, 0},
		{"empty", "0.3", nil, false, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, ok := MustParseOctal(c.code).Periodicity(c.seq)
			if ok != c.ok || ok && (p.Period != c.period || p.Preperiod != c.preperiod) {
				t.Errorf("got %+v, %v; want period %d from %d, %v", p, ok, c.period, c.preperiod, c.ok)
			}
		})
	}
}
