package benchmarks

import (
	"math"
	"testing"
	"time"
)

func TestCPURatio(t *testing.T) {
	s := time.Second
	out := []Outcome{
		{Instance: "a", Solver: "base", Status: "SAT", CPU: 1 * s},
		{Instance: "a", Solver: "x", Status: "SAT", CPU: 4 * s},
		{Instance: "b", Solver: "base", Status: "UNSAT", CPU: 4 * s},
		{Instance: "b", Solver: "x", Status: "UNSAT", CPU: 1 * s},
		{Instance: "c", Solver: "base", Status: "SAT", CPU: 2 * s},
		{Instance: "c", Solver: "x", Status: "SAT", CPU: 8 * s},
		{Instance: "d", Solver: "base", Status: "TIMEOUT", CPU: 60 * s}, // only one solves: left out
		{Instance: "d", Solver: "x", Status: "SAT", CPU: 1 * s},
		{Instance: "e", Solver: "base", Status: "SAT", CPU: 0},                  // below the floor
		{Instance: "e", Solver: "x", Status: "SAT", CPU: 50 * time.Millisecond}, // below the floor
		{Instance: "a", Solver: "other", Status: "SAT", CPU: 100 * s},           // another solver: ignored
	}
	r := CPURatio(out, "base", "x", 100*time.Millisecond)
	if r.Both != 3 || math.Abs(r.GeoMean-math.Cbrt(4)) > 1e-9 {
		t.Errorf("floor 0.1 s: %+v, want 3 instances, geomean %v", r, math.Cbrt(4))
	}
	// Without a floor, e counts with the base's 0 s raised to 1 ms: 50×.
	r = CPURatio(out, "base", "x", 0)
	want := math.Pow(4*50, 1.0/4)
	if r.Both != 4 || math.Abs(r.GeoMean-want) > 1e-9 {
		t.Errorf("no floor: %+v, want 4 instances, geomean %v", r, want)
	}
	if r := CPURatio(out, "base", "missing", 0); r.Both != 0 || r.GeoMean != 0 {
		t.Errorf("no common instance: %+v", r)
	}
}
