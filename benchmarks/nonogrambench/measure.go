package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
	"github.com/satsolve/satsolve/models/nonogram"
	"github.com/satsolve/satsolve/models/nonogram/solve"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/cdcl"
	"github.com/satsolve/satsolve/sat/external"
	"github.com/satsolve/satsolve/sat/gini"
)

// A solver is one column of the tables.
type solver struct {
	name  string
	solve func(ctx context.Context, p *nonogram.Puzzle, o nonogram.Options) (*nonogram.Result, error)
}

var (
	giniStarts    = satSolver("SAT gini, starts", newGini, nonogram.EncodeStarts)
	giniDFA       = satSolver("SAT gini, dfa", newGini, nonogram.EncodeDFA)
	cdclStarts    = satSolver("SAT cdcl, starts", newCDCL, nonogram.EncodeStarts)
	cdclDFA       = satSolver("SAT cdcl, dfa", newCDCL, nonogram.EncodeDFA)
	cadicalStarts = satSolver("cadical, starts", newCadical, nonogram.EncodeStarts)
	native        = solver{"native", func(ctx context.Context, p *nonogram.Puzzle, o nonogram.Options) (*nonogram.Result, error) {
		return solve.Native(ctx, p, o)
	}}
)

// satSolver returns the SAT path with a fresh engine of newSolver per
// solve and the given encoding.
func satSolver(name string, newSolver func() (sat.Solver, error), enc nonogram.Encoding) solver {
	return solver{name, func(ctx context.Context, p *nonogram.Puzzle, o nonogram.Options) (*nonogram.Result, error) {
		s, err := newSolver()
		if err != nil {
			return nil, err
		}
		o.Encoding = enc
		return solve.SAT(ctx, s, p, o)
	}}
}

// The engines of the SAT columns.
func newGini() (sat.Solver, error)    { return gini.New(), nil }
func newCDCL() (sat.Solver, error)    { return cdcl.New(), nil }
func newCadical() (sat.Solver, error) { return external.New("cadical") }

// portfolioSolver returns the native+SAT portfolio (gini, block starts)
// with a native work budget of work line solves (0: the package's).
func portfolioSolver(work int64) solver {
	name := "portfolio native+gini"
	if work > 0 {
		name += fmt.Sprintf(" (work %d)", work)
	}
	return solver{name, func(ctx context.Context, p *nonogram.Puzzle, o nonogram.Options) (*nonogram.Result, error) {
		o.Encoding = nonogram.EncodeStarts
		return solve.Portfolio(ctx, gini.New(), p, o, work)
	}}
}

// solverNames maps the -solvers names to the solvers.
var solverNames = map[string]solver{"starts": giniStarts, "dfa": giniDFA, "cdcl-starts": cdclStarts, "cdcl-dfa": cdclDFA, "cadical": cadicalStarts, "native": native, "portfolio": portfolioSolver(0)}

// outcome is one measured solve.
type outcome struct {
	res     *nonogram.Result
	cpu     time.Duration // median over the runs
	peak    uint64        // the largest live heap sampled during the runs, bytes
	timeout bool
}

// verdict names what the solve proved, "timeout" when it was cut off.
func (o outcome) verdict() string {
	if o.timeout {
		return "timeout"
	}
	return o.res.Verdict().String()
}

// cell is the table entry: CPU seconds, with the verdict when it is not
// the expected one.
func (o outcome) cell(want string) string {
	s := seconds(o.cpu)
	if o.timeout {
		return "> " + s + " (timeout)"
	}
	if v := o.verdict(); v != want {
		s += " (" + v + ")"
	}
	return s
}

// measure solves p with s asking for limit solutions, repeating fast
// solves up to runs times, and returns the median CPU time and, when
// r.memory is set, the peak live heap. A timeout is an outcome; any other
// error (a solution that fails the clue check, a backend failure) is
// returned.
func (r *report) measure(s solver, p *nonogram.Puzzle, hint *nonogram.Grid, runs, limit int) (outcome, error) {
	var times []time.Duration
	var out outcome
	var peak uint64
	for i := 0; i < runs; i++ {
		var heap *heapSampler
		if r.memory {
			heap = sampleHeap()
		}
		ctx, stop := benchmarks.WithCPULimit(r.ctx, r.timeout, 10*time.Millisecond)
		res, err := s.solve(ctx, p, nonogram.Options{Limit: limit, Hint: hint})
		d := stop()
		if heap != nil {
			peak = max(peak, heap.stop())
		}
		timedOut := err != nil && r.ctx.Err() == nil && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled))
		if err != nil && !timedOut {
			return out, fmt.Errorf("%s: %s: %w", p.Source.File, s.name, err)
		}
		if r.ctx.Err() != nil {
			return out, r.ctx.Err()
		}
		times = append(times, d)
		out = outcome{res: res, timeout: timedOut}
		if timedOut || d > time.Second {
			break
		}
	}
	slices.Sort(times)
	out.cpu = times[len(times)/2]
	out.peak = peak
	return out, nil
}

// seconds formats a duration as seconds with three significant places
// below one second.
func seconds(d time.Duration) string {
	s := d.Seconds()
	switch {
	case s < 0.01:
		return fmt.Sprintf("%.4f", s)
	case s < 10:
		return fmt.Sprintf("%.3f", s)
	}
	return fmt.Sprintf("%.1f", s)
}
