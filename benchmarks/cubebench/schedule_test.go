package main

import (
	"testing"
	"time"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cube"
)

// TestSchedule checks the array projection: cubes handed out in order,
// each core taking the next when free, ending with the last cube or the
// first satisfiable one to finish.
func TestSchedule(t *testing.T) {
	s := time.Second
	ans := func(status sat.Status, secs ...int) []cube.Answer {
		var out []cube.Answer
		for _, x := range secs {
			out = append(out, cube.Answer{Status: sat.Unsat, Time: time.Duration(x) * s})
		}
		if status == sat.Sat {
			out[len(out)-1].Status = sat.Sat
		}
		return out
	}
	for _, tc := range []struct {
		answers []cube.Answer
		cores   int
		want    time.Duration
	}{
		{ans(sat.Unsat, 3, 1, 1, 1), 1, 6 * s},
		{ans(sat.Unsat, 3, 1, 1, 1), 2, 3 * s}, // 3 | 1,1,1
		{ans(sat.Unsat, 1, 1, 1, 3), 2, 4 * s}, // 1,1 | 1,3: in order, not longest first (3 s)
		{ans(sat.Unsat, 2, 5, 1), 100, 5 * s},  // the longest cube bounds it
		{ans(sat.Sat, 4, 4, 4, 1), 2, 5 * s},   // 4,4 | 4,1: the SAT cube starts at 4
		{ans(sat.Sat, 9, 1), 2, 1 * s},         // SAT first to finish
		{append(ans(sat.Sat, 1), ans(sat.Sat, 7)...), 2, 1 * s},
	} {
		if got := schedule(tc.answers, tc.cores); got != tc.want {
			t.Errorf("%d cores, %v: %v, want %v", tc.cores, tc.answers, got, tc.want)
		}
	}
}
