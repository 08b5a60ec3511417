package benchmarks

import (
	"sort"
	"time"
)

// Outcome is one solver's result on one instance.
type Outcome struct {
	Instance string
	Family   string
	Solver   string
	// Status is "SAT", "UNSAT", "TIMEOUT", "WRONG" (a definite answer
	// contradicting the expected one) or "ERROR".
	Status string
	CPU    time.Duration
	Wall   time.Duration
}

// Solved reports whether o is a correct definite answer.
func (o Outcome) Solved() bool { return o.Status == "SAT" || o.Status == "UNSAT" }

// Summary aggregates one solver's outcomes.
type Summary struct {
	Solver                string
	Runs, Solved          int
	Sat, Unsat            int
	Timeouts, Wrong, Errs int
	// PAR2 is the total CPU time with every unsolved run counted as twice
	// the limit.
	PAR2 time.Duration
	// Median is the median CPU time over all runs, unsolved ones counted at
	// twice the limit.
	Median time.Duration
}

// Summarise groups outcomes by solver, in the order solvers first appear.
func Summarise(outcomes []Outcome, limit time.Duration) []Summary {
	var order []string
	by := map[string]*Summary{}
	times := map[string][]time.Duration{}
	for _, o := range outcomes {
		s, ok := by[o.Solver]
		if !ok {
			s = &Summary{Solver: o.Solver}
			by[o.Solver] = s
			order = append(order, o.Solver)
		}
		s.Runs++
		t := o.CPU
		switch o.Status {
		case "SAT":
			s.Solved++
			s.Sat++
		case "UNSAT":
			s.Solved++
			s.Unsat++
		case "TIMEOUT":
			s.Timeouts++
		case "WRONG":
			s.Wrong++
		default:
			s.Errs++
		}
		if !o.Solved() {
			t = 2 * limit
		}
		s.PAR2 += t
		times[o.Solver] = append(times[o.Solver], t)
	}
	out := make([]Summary, 0, len(order))
	for _, name := range order {
		s := by[name]
		s.Median = median(times[name])
		out = append(out, *s)
	}
	return out
}

func median(ts []time.Duration) time.Duration {
	if len(ts) == 0 {
		return 0
	}
	c := append([]time.Duration(nil), ts...)
	sort.Slice(c, func(i, j int) bool { return c[i] < c[j] })
	if len(c)%2 == 1 {
		return c[len(c)/2]
	}
	return (c[len(c)/2-1] + c[len(c)/2]) / 2
}
