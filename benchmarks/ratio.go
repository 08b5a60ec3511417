package benchmarks

import (
	"math"
	"time"
)

// Ratio is one solver's CPU time against a base solver's, as a geometric
// mean over the instances both solve.
type Ratio struct {
	Solver, Base string
	// Both is the number of instances both solved; GeoMean is the
	// geometric mean of Solver's CPU time over Base's on them (below 1:
	// Solver is faster), 0 when Both is 0.
	Both    int
	GeoMean float64
}

// CPURatio compares solver with base over outcomes: on every instance both
// solved, and where at least one of the two took floor or more, the ratio
// of their CPU times, each time raised to a millisecond so that a run the
// clock saw as 0 s does not divide by zero. A floor above 0 leaves out the
// instances both solve almost at once, where process start-up decides the
// ratio.
func CPURatio(outcomes []Outcome, base, solver string, floor time.Duration) Ratio {
	type pair struct {
		b, s   time.Duration
		bs, ss bool
	}
	by := map[string]*pair{}
	for _, o := range outcomes {
		if o.Solver != base && o.Solver != solver {
			continue
		}
		p := by[o.Instance]
		if p == nil {
			p = &pair{}
			by[o.Instance] = p
		}
		if o.Solver == base {
			p.b, p.bs = o.CPU, o.Solved()
		} else {
			p.s, p.ss = o.CPU, o.Solved()
		}
	}
	r := Ratio{Solver: solver, Base: base}
	sum := 0.0
	for _, p := range by {
		if !p.bs || !p.ss || max(p.b, p.s) < floor {
			continue
		}
		b := max(p.b, time.Millisecond).Seconds()
		s := max(p.s, time.Millisecond).Seconds()
		sum += math.Log(s / b)
		r.Both++
	}
	if r.Both > 0 {
		r.GeoMean = math.Exp(sum / float64(r.Both))
	}
	return r
}
